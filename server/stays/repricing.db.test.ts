import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInPlanForm } from "~/features/stays/check-in-schema";
import { repricedText } from "~/domain/stay-wording";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { staySettings, stayEvents, stays } from "../db/schema/index";
import { testHousehold } from "../testing/households";
import { weekdayOnOrAfter } from "../testing/dates";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";
import { stayBalance } from "./balance";
import { confirmCheckInPlan } from "./check-in";
import { changeStayAtDesk } from "./staff";
import { bookStay } from "./book";
import { cancelStay } from "./cancel";
import { quoteStay } from "./quote";
import { listHouseholdStays } from "./views";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";
const mondayIn = (days: number) => weekdayOnOrAfter(addBusinessDays(today, days), 1);

const book = (db: Db, userId: string, catIds: string[], suiteTypeId: string, checkIn: string, nights: number) =>
  bookStay(db, userId, { checkIn, checkOut: addBusinessDays(checkIn, nights), catIds, suiteTypeId, arrangement: "together" }, { siteUrl, now });

/** The care plan as the check-in page posts it: `medicated` cats with a pill, the others with none. */
const planFor = (catIds: string[], medicated: string[]) =>
  checkInPlanForm.parse({
    intent: "plan",
    cats: catIds.map((catId) => ({
      catId,
      food: "Dry kibble",
      amountPerMeal: "1/4 cup",
      medications: medicated.includes(catId) ? [{ name: "Methimazole", times: "8am", doses: "6" }] : [],
    })),
    vetSpendLimit: "400",
    contactName: "Bo Ruiz",
    contactPhone: "(949) 249-5678",
    pickup: [],
  });

const rateOf = async (db: Db) => (await db.select({ cents: staySettings.medicationRateCents }).from(staySettings))[0]!.cents;
const viewOf = async (db: Db, userId: string, stayId: string) => (await listHouseholdStays(db, userId)).find((s) => s.id === stayId)!;

describe("medication follows the cats", () => {
  it("is quoted and booked for each cat whose profile lists one, and for no other", async () => {
    const { db } = database;
    const rate = await rateOf(db);
    const { user, catIds } = await testHousehold(db, now, { cats: ["Miso", "Tofu"], medicated: ["Miso"] });
    const type = await testSuiteType(db, 1);
    const checkIn = mondayIn(30);
    const quote = await quoteStay(db, user.id, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds }, now);
    expect(quote.medicatedCats.map((c) => c.name)).toEqual(["Miso"]);
    const option = quote.options.find((o) => o.suiteTypeId === type.id)!;
    expect(option.priceLines).toContainEqual({ label: expect.stringMatching(/^Medication: 1 cat × 3 nights × \$/), cents: 3 * rate });

    const stay = await book(db, user.id, catIds, type.id, checkIn, 3);
    expect(stay).toMatchObject({ medication: true, totalCents: option.totalCents });

    // A household whose cats take none pays none.
    const none = await testHousehold(db, now, { cats: ["Pepper", "Salt"] });
    const plain = await book(db, none.user.id, none.catIds, type.id, mondayIn(60), 3);
    expect(plain.medication).toBe(false);
    expect(plain.priceLines.some((l) => l.label.startsWith("Medication"))).toBe(false);
  });

  it("is repriced when the online check-in's care plan changes which cats take it; the difference is the stay's balance", async () => {
    const { db } = database;
    const rate = await rateOf(db);
    const { user, catIds } = await testHousehold(db, now, { cats: ["Miso", "Tofu"], medicated: ["Miso"] });
    const [miso, tofu] = catIds as [string, string];
    const type = await testSuiteType(db, 1);
    const stay = await book(db, user.id, catIds, type.id, mondayIn(20), 3);

    // The plan as the profiles prefill it changes nothing.
    await confirmCheckInPlan(db, user.id, stay.id, planFor(catIds, [miso]), now);
    expect((await viewOf(db, user.id, stay.id)).priceChanges).toEqual([]);

    await confirmCheckInPlan(db, user.id, stay.id, planFor(catIds, [miso, tofu]), now);
    const both = await viewOf(db, user.id, stay.id);
    expect(both.totalCents).toBe(stay.totalCents + 3 * rate);
    expect(both.priceLines).toContainEqual({ label: expect.stringMatching(/^Medication: 2 cats × 3 nights/), cents: 6 * rate });
    expect((await stayBalance(db, both)).dueCents).toBe(stay.totalCents + 3 * rate);
    expect(repricedText(both.priceChanges[0]!)).toMatch(/medication for 2 cats.*the difference is on your bill at check-out/);

    await confirmCheckInPlan(db, user.id, stay.id, planFor(catIds, []), now);
    const none = await viewOf(db, user.id, stay.id);
    expect(none).toMatchObject({ medication: false, totalCents: stay.totalCents - 3 * rate });
    expect(none.priceLines.some((l) => l.label.startsWith("Medication"))).toBe(false);
    // The first night free, an offer line, is kept as booked.
    expect(none.priceLines.at(-1)).toEqual(stay.priceLines.at(-1));
    expect(none.priceChanges).toHaveLength(2);
  });

  it("gives one repricing to 20 identical care plans posted at once", async () => {
    const { db } = database;
    const rate = await rateOf(db);
    const { user, catIds } = await testHousehold(db, now, { cats: ["Miso"] });
    const type = await testSuiteType(db, 1);
    const stay = await book(db, user.id, catIds, type.id, mondayIn(25), 2);
    await Promise.all(Array.from({ length: 20 }, () => confirmCheckInPlan(db, user.id, stay.id, planFor(catIds, catIds), now)));
    const view = await viewOf(db, user.id, stay.id);
    expect(view.totalCents).toBe(stay.totalCents + 2 * rate);
    expect(view.priceChanges).toHaveLength(1);
  });
});

describe("the first night free comes back", () => {
  it("goes to the household's next booked stay when the stay that had it is cancelled before arrival, and says so on that stay", async () => {
    const { db } = database;
    const { user, catIds } = await testHousehold(db, now);
    const type = await testSuiteType(db, 1);
    const first = await book(db, user.id, catIds, type.id, mondayIn(40), 3);
    const second = await book(db, user.id, catIds, type.id, mondayIn(60), 3);
    expect(first).toMatchObject({ firstNightFreeCents: 5000, totalCents: 10_000 });
    expect(second).toMatchObject({ firstNightFreeCents: 0, totalCents: 15_000 });

    await cancelStay(db, user.id, first.id, { siteUrl, now });
    const moved = await viewOf(db, user.id, second.id);
    expect(moved).toMatchObject({ totalCents: 10_000 });
    expect(moved.priceLines.at(-1)).toEqual({ label: "First night free", cents: -5000 });
    expect(moved.cancellationTiers.at(-1)!.feeCents).toBeLessThanOrEqual(10_000);
    expect(repricedText(moved.priceChanges[0]!)).toMatch(/^Your first night on this stay is free.*from \$150\.00 to \$100\.00/);

    // One free night a person: the next quote has none while the second stay holds it.
    const checkIn = mondayIn(80);
    const quote = await quoteStay(db, user.id, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds }, now);
    expect(quote.options.find((o) => o.suiteTypeId === type.id)!.totalCents).toBe(15_000);
    // Cancelled too, with no stay left: the next quote has it.
    await cancelStay(db, user.id, second.id, { siteUrl, now });
    const again = await quoteStay(db, user.id, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds }, now);
    expect(again.options.find((o) => o.suiteTypeId === type.id)!.totalCents).toBe(10_000);
  });

  it("skips a booked stay too short for it, which no longer keeps the next quote from it", async () => {
    const { db } = database;
    const { user, catIds } = await testHousehold(db, now);
    const type = await testSuiteType(db, 1);
    const first = await book(db, user.id, catIds, type.id, mondayIn(40), 3);
    const short = await book(db, user.id, catIds, type.id, mondayIn(60), 2);
    await cancelStay(db, user.id, first.id, { siteUrl, now });
    expect(await viewOf(db, user.id, short.id)).toMatchObject({ totalCents: 10_000, priceChanges: [] });
    const checkIn = mondayIn(80);
    const quote = await quoteStay(db, user.id, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds }, now);
    expect(quote.options.find((o) => o.suiteTypeId === type.id)!.totalCents).toBe(10_000);
  });

  it("does not come back to a household that has stayed (a stay not shown up for)", async () => {
    const { db } = database;
    const { user, catIds } = await testHousehold(db, now, { cats: ["Miso", "Tofu"] });
    const [miso, tofu] = catIds as [string, string];
    const type = await testSuiteType(db, 2);
    const stayed = await book(db, user.id, [miso], type.id, mondayIn(40), 3);
    const later = await book(db, user.id, [tofu], type.id, mondayIn(40), 3);
    expect(stayed.firstNightFreeCents).toBe(5000);
    // Not shown up for: the offer was had.
    await db
      .update(stays)
      .set({ checkIn: today, checkOut: addBusinessDays(today, 3) })
      .where(eq(stays.id, stayed.id));
    await changeStayAtDesk(db, stayed.id, "noShow", "desk@example.com", { siteUrl, now });
    await cancelStay(db, user.id, later.id, { siteUrl, now });
    const checkIn = mondayIn(80);
    const quote = await quoteStay(db, user.id, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds: [miso] }, now);
    expect(quote.options.find((o) => o.suiteTypeId === type.id)!.totalCents).toBe(15_000);
  });

  it("holds one free night when the stay that has it is cancelled while the household books another at the same moment", async () => {
    const { db } = database;
    const races = Array.from({ length: 5 }, async (_, i) => {
      const { user, householdId, catIds } = await testHousehold(db, now);
      const type = await testSuiteType(db, 1);
      const first = await book(db, user.id, catIds, type.id, mondayIn(40 + i * 7), 3);
      await book(db, user.id, catIds, type.id, mondayIn(100 + i * 7), 3);
      await Promise.all([cancelStay(db, user.id, first.id, { siteUrl, now }), book(db, user.id, catIds, type.id, mondayIn(200 + i * 7), 3)]);
      const held = await db
        .select({ id: stays.id, free: stays.firstNightFreeCents })
        .from(stays)
        .where(and(eq(stays.householdId, householdId), inArray(stays.status, ["confirmed", "pending_review"])));
      expect(held).toHaveLength(2);
      expect(held.filter((s) => s.free > 0)).toHaveLength(1);
      const events = await db
        .select()
        .from(stayEvents)
        .where(
          and(
            inArray(
              stayEvents.stayId,
              held.map((s) => s.id),
            ),
            eq(stayEvents.kind, "repriced"),
          ),
        );
      expect(events.length).toBeLessThanOrEqual(1);
    });
    await Promise.all(races);
  });
});
