import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { calendarRules, staySettings, stays } from "../db/schema/index";
import { testHousehold } from "../testing/households";
import { weekdayOnOrAfter } from "../testing/dates";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";
import { bookStay } from "./book";
import { cancelStay } from "./cancel";
import { quoteStay } from "./quote";

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

describe("first night free for new customers", () => {
  it("shows the free night on the quote, takes it off the booked price, and not again on the household's next stay", async () => {
    const { db } = database;
    const { user, catIds } = await testHousehold(db, now);
    const type = await testSuiteType(db, 2);
    const checkIn = mondayIn(40);
    const quote = await quoteStay(db, user.id, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds }, new Date());
    const option = quote.options.find((o) => o.suiteTypeId === type.id)!;
    expect(option.priceLines.at(-1)).toEqual({ label: "First night free", cents: -5000 });
    expect(option.totalCents).toBe(10_000);

    const first = await book(db, user.id, catIds, type.id, checkIn, 3);
    expect(first).toMatchObject({ totalCents: 10_000, firstNightFreeCents: 5000 });

    const next = await book(db, user.id, catIds, type.id, mondayIn(60), 3);
    expect(next).toMatchObject({ totalCents: 15_000, firstNightFreeCents: 0 });
    expect(next.priceLines.map((l) => l.label)).not.toContain("First night free");
  });

  it("applies only to a stay as long as the house rules ask, and gives the night back when the stay is cancelled", async () => {
    const { db } = database;
    const { user, catIds } = await testHousehold(db, now);
    const type = await testSuiteType(db, 1);
    const short = await book(db, user.id, catIds, type.id, mondayIn(40), 2);
    expect(short).toMatchObject({ totalCents: 10_000, firstNightFreeCents: 0 });
    await cancelStay(db, user.id, short.id, { siteUrl, now });

    const first = await book(db, user.id, catIds, type.id, mondayIn(50), 4);
    expect(first).toMatchObject({ totalCents: 15_000, firstNightFreeCents: 5000 });
    await cancelStay(db, user.id, first.id, { siteUrl, now });
    // Cancelled, the household has had no stay: the offer is its own again.
    const again = await book(db, user.id, catIds, type.id, mondayIn(70), 3);
    expect(again).toMatchObject({ totalCents: 10_000, firstNightFreeCents: 5000 });
  });

  it("asks the deposit on the price after the free night", async () => {
    const { db } = database;
    const { user, catIds } = await testHousehold(db, now);
    const type = await testSuiteType(db, 1);
    const checkIn = mondayIn(120);
    await db.insert(calendarRules).values({ kind: "peak", name: `Deposit ${crypto.randomUUID()}`, startsOn: checkIn, endsOn: checkIn, depositPercent: 50 });
    const stay = await bookStay(
      db,
      user.id,
      { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now, paymentHoldMinutes: 30 },
    );
    expect(stay).toMatchObject({ status: "awaiting_payment", totalCents: 10_000, depositCents: 5_000, firstNightFreeCents: 5000 });
  });

  it("gives one free night to 20 first bookings of one household at once", async () => {
    const { db } = database;
    const { user, catIds } = await testHousehold(db, now, { cats: ["Miso", "Tofu", "Sushi", "Mochi"] });
    const type = await testSuiteType(db, 4);
    // Each cat five stays of three nights a week apart: twenty bookings, no two of one cat overlapping.
    const bookings = catIds.flatMap((catId) => [0, 1, 2, 3, 4].map((week) => book(db, user.id, [catId], type.id, mondayIn(150 + 7 * week), 3)));
    const booked = await Promise.all(bookings);
    expect(booked).toHaveLength(20);
    expect(booked.filter((s) => s.firstNightFreeCents > 0)).toHaveLength(1);
    expect(booked.filter((s) => s.totalCents === 10_000)).toHaveLength(1);
  });

  it("lets the database refuse a second free night for a household, whatever the code does", async () => {
    const { db } = database;
    const { user, householdId, catIds } = await testHousehold(db, now);
    const type = await testSuiteType(db, 1);
    const first = await book(db, user.id, catIds, type.id, mondayIn(40), 3);
    const copy = { ...first, id: crypto.randomUUID(), checkIn: mondayIn(90), checkOut: addBusinessDays(mondayIn(90), 3), householdId };
    await expect(db.insert(stays).values(copy)).rejects.toMatchObject({ cause: { code: "23505" } });
  });

  it("is not given when the owners switch the offer off", async () => {
    const { db } = database;
    const [settings] = await db.select().from(staySettings);
    try {
      await db.update(staySettings).set({ firstNightFreeMinNights: null });
      const { user, catIds } = await testHousehold(db, now);
      const type = await testSuiteType(db, 1);
      expect(await book(db, user.id, catIds, type.id, mondayIn(40), 3)).toMatchObject({ totalCents: 15_000, firstNightFreeCents: 0 });
    } finally {
      await db.update(staySettings).set({ firstNightFreeMinNights: settings!.firstNightFreeMinNights }).where(eq(staySettings.id, 1));
    }
  });
});
