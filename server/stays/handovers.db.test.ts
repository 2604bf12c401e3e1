import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInPlanForm, signAgreementForm } from "~/features/stays/check-in-schema";
import { deskCheckInForm, deskCheckOutForm } from "~/features/stays/handover-schema";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { Database } from "../db/client";
import { careEntries, catHandovers, cats, stayCats, stayEvents, staySuites, stays, suites, users } from "../db/schema/index";
import { testHousehold } from "../testing/households";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";
import { recordBalanceAtDesk } from "../payments/balance";
import { paymentProviders } from "../payments/provider";
import { createSimulatedPaymentProvider } from "../payments/simulated-provider";
import { confirmCheckInPlan, publishedAgreement, signAgreement } from "./check-in";
import { deskCheckInPage, deskCheckOutPage, handoversOf } from "./handovers";
import { releaseWithOverride } from "./pickup";
import { changeStayAtDesk } from "./staff";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const siteUrl = "https://cats.example";
const today = businessDate(new Date());
const STAFF = "maria.lopez@example.com";
let offset = 10;

/** A confirmed stay of a new household's cat, arriving some days ahead for two nights, and the morning of its arrival day. */
async function arriving() {
  const { db } = database;
  const home = await testHousehold(db, new Date());
  const checkIn = addBusinessDays(today, (offset += 3));
  const dates = { checkIn, checkOut: addBusinessDays(checkIn, 2) };
  const type = await testSuiteType(db, 1, { maxCats: 2 });
  const [suite] = await db.select().from(suites).where(eq(suites.suiteTypeId, type.id));
  const [stay] = await db
    .insert(stays)
    .values({ householdId: home.householdId, status: "confirmed", ...dates, totalCents: 0, priceLines: [], cancellationTiers: [] })
    .returning();
  const [room] = await db
    .insert(staySuites)
    .values({ stayId: stay!.id, suiteId: suite!.id, suiteTypeId: type.id, ...dates })
    .returning();
  await db.insert(stayCats).values({ stayId: stay!.id, staySuiteId: room!.id, catId: home.catIds[0]!, catName: "Miso", ...dates });
  // The owner's online check-in: 14 pills of Methimazole and a blanket.
  const morning = businessLocalToUtc(checkIn, "09:30");
  await confirmCheckInPlan(
    db,
    home.user.id,
    stay!.id,
    checkInPlanForm.parse({
      intent: "plan",
      cats: [
        {
          catId: home.catIds[0],
          food: "Dry",
          amountPerMeal: "1/4 cup",
          medications: [{ name: "Methimazole", times: "8am", doses: "14" }],
          belongings: "Blue blanket",
        },
      ],
      vetSpendLimit: "300",
      contactName: "Bo Ruiz",
      contactPhone: "(949) 249-5678",
    }),
    morning,
  );
  return { stay: stay!, home, catId: home.catIds[0]!, morning };
}

/** The check-in form as the desk's page posts it: the weight typed in kilograms, the rest as prefilled. */
async function checkInForm(stayId: string, now: Date, overrideReason?: string) {
  const page = await deskCheckInPage(database.db, stayId, now);
  return deskCheckInForm.parse({
    intent: "checkIn",
    cats: page.cats.map((c) => ({
      catId: c.catId,
      weight: "4.25",
      doses: c.doses.map((d) => ({ medication: d.medication ?? "", count: String(d.count) })),
      belongings: c.belongings,
    })),
    overrideReason,
  });
}

const checkIn = async (stayId: string, now: Date, overrideReason?: string) => {
  const form = await checkInForm(stayId, now, overrideReason);
  return changeStayAtDesk(database.db, stayId, "checkIn", STAFF, { siteUrl, now, handover: { ...form, staffUserId: null } });
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as { status: number; code: string; message: string },
  );

const providers = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));

/**
 * The manager's release at the desk, which a check-out needs first (ADR 0162), and the balance taken
 * in cash: the medication the online check-in added (ADR 0194) is due before the cat goes home.
 */
const release = async (stayId: string, now: Date) => {
  await releaseWithOverride(
    database.db,
    { stayId, reason: "The owner called ahead", staff: { userId: crypto.randomUUID(), email: STAFF, isAdmin: true } },
    now,
  );
  await recordBalanceAtDesk(database.db, providers, { stayId, method: "cash", staffEmail: STAFF }, { now });
};

const statusOf = async (stayId: string) => (await database.db.select({ status: stays.status }).from(stays).where(eq(stays.id, stayId)))[0]!.status;

describe("the desk's check-in", () => {
  it("needs the signed agreement; once signed, the cat is weighed, counted and checked in", async () => {
    const { stay, home, morning } = await arriving();
    const unsigned = await refusal(checkIn(stay.id, morning));
    expect(unsigned).toMatchObject({ status: 409, code: "AGREEMENT_NOT_SIGNED" });
    expect(unsigned.message).toContain("The boarding agreement is not signed.");
    expect(await statusOf(stay.id)).toBe("confirmed");
    expect(await handoversOf(database.db, stay.id)).toEqual([]);

    const { version } = await publishedAgreement(database.db);
    await signAgreement(
      database.db,
      home.user.id,
      stay.id,
      signAgreementForm.parse({ intent: "sign", fullName: "Ana Ruiz", agree: "on", version }),
      { ipAddress: "203.0.113.9", userAgent: "Test" },
      morning,
    );
    const page = await deskCheckInPage(database.db, stay.id, morning);
    expect(page).toMatchObject({ checkInStatus: "ready", arrivesToday: true, signature: { signedName: "Ana Ruiz" } });
    expect(page.cats[0]).toMatchObject({ doses: [{ medication: "Methimazole", count: 14 }], belongings: "Blue blanket", arrival: null });

    expect(await checkIn(stay.id, morning)).toMatchObject({ status: "checked_in" });
    const [row] = await handoversOf(database.db, stay.id);
    expect(row).toMatchObject({
      direction: "arrival",
      weightGrams: 4250,
      doses: [{ medication: "Methimazole", count: 14 }],
      belongings: "Blue blanket",
      overrideReason: null,
      staffInitials: "ML",
    });
  });

  it("goes ahead without the agreement when staff give a reason, which is kept", async () => {
    const { stay, morning } = await arriving();
    await checkIn(stay.id, morning, "Owner signed the paper form at the desk");
    const [row] = await handoversOf(database.db, stay.id);
    expect(row!.overrideReason).toBe("Owner signed the paper form at the desk");
    const [event] = await database.db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "checkIn")));
    expect(event!.detail).toEqual({ agreementOverride: "Owner signed the paper form at the desk" });
  });

  it("is refused on any day but the stay's arrival day", async () => {
    const { stay, morning } = await arriving();
    const dayBefore = new Date(morning.getTime() - 24 * 3600_000);
    const early = await refusal(checkIn(stay.id, dayBefore, "Signed on paper"));
    expect(early).toMatchObject({ status: 409, code: "CHECK_IN_NOT_TODAY" });
    expect(early.message).toMatch(/^This stay arrives on .+, not today\./);
    expect(await statusOf(stay.id)).toBe("confirmed");
    expect(await handoversOf(database.db, stay.id)).toEqual([]);
  });

  it("refuses a form that does not name exactly the stay's cats", async () => {
    const { stay, morning } = await arriving();
    const form = await checkInForm(stay.id, morning, "Signed on paper");
    const handover = { ...form, cats: [], staffUserId: null };
    expect(await refusal(changeStayAtDesk(database.db, stay.id, "checkIn", STAFF, { siteUrl, now: morning, handover }))).toMatchObject({
      code: "HANDOVER_CATS_CHANGED",
    });
  });
});

describe("the desk's check-out", () => {
  it("warns when the pills handed back are not what came less the doses given, and keeps the count once confirmed", async () => {
    const { db } = database;
    const { stay, catId, morning } = await arriving();
    await checkIn(stay.id, morning, "Signed on paper");
    // Three doses logged as given; the third corrected to "refused": two given.
    const dueAt = businessLocalToUtc(addBusinessDays(stay.checkIn, 1), "08:00");
    const dose = { stayId: stay.id, catId, kind: "dose" as const, day: stay.checkIn, medication: "Methimazole", staffInitials: "ML" };
    await db.insert(careEntries).values([
      { ...dose, dueAt: morning, outcome: "given", at: morning },
      { ...dose, dueAt, outcome: "given", at: dueAt },
    ]);
    const [wrong] = await db
      .insert(careEntries)
      .values({ ...dose, dueAt: new Date(dueAt.getTime() + 12 * 3600_000), outcome: "given", at: new Date(dueAt.getTime() + 12 * 3600_000) })
      .returning();
    await db.insert(careEntries).values({ ...dose, dueAt: wrong!.dueAt, outcome: "refused", correctsId: wrong!.id, at: wrong!.at });

    const page = await deskCheckOutPage(db, stay.id);
    expect(page.cats[0]).toMatchObject({ received: 14, given: 2, doses: [{ medication: "Methimazole", count: 12 }], belongings: "Blue blanket" });

    const leaving = businessLocalToUtc(stay.checkOut, "11:00");
    await release(stay.id, leaving);
    const posted = (count: number, countsChecked?: "on") =>
      deskCheckOutForm.parse({
        intent: "checkOut",
        cats: [{ catId, weight: "4,1", doses: [{ medication: "Methimazole", count: String(count) }], belongings: "Blue blanket" }],
        countsChecked,
      });
    const checkOut = (form: ReturnType<typeof posted>) =>
      changeStayAtDesk(db, stay.id, "checkOut", STAFF, { siteUrl, now: leaving, handover: { ...form, staffUserId: null } });

    const mismatch = await refusal(checkOut(posted(11)));
    expect(mismatch).toMatchObject({ status: 409, code: "PILL_COUNT_MISMATCH" });
    expect(mismatch.message).toContain("Miso: Pill count does not match: received 14, given 2, handing back 11.");
    expect(await statusOf(stay.id)).toBe("checked_in");

    await checkOut(posted(11, "on"));
    expect(await statusOf(stay.id)).toBe("checked_out");
    const departure = (await handoversOf(db, stay.id)).find((r) => r.direction === "departure");
    expect(departure).toMatchObject({ weightGrams: 4100, doses: [{ medication: "Methimazole", count: 11 }], belongings: "Blue blanket" });
    const [event] = await db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "checkOut")));
    expect(event!.detail).toEqual({ pillCountMismatch: [{ catId, received: 14, given: 2, handedBack: 11 }] });
  });

  it("is refused until the cat is released, then checks out without a word when the count matches", async () => {
    const { stay, catId, morning } = await arriving();
    await checkIn(stay.id, morning, "Signed on paper");
    const form = deskCheckOutForm.parse({ intent: "checkOut", cats: [{ catId, weight: "4.3", doses: [{ medication: "Methimazole", count: "14" }] }] });
    const checkOut = () => changeStayAtDesk(database.db, stay.id, "checkOut", STAFF, { siteUrl, now: morning, handover: { ...form, staffUserId: null } });
    expect(await refusal(checkOut())).toMatchObject({
      status: 409,
      code: "CAT_NOT_RELEASED",
      message: "This cat has not been released yet: release it with a pickup code, or a manager's override, before checking out.",
    });
    expect(await statusOf(stay.id)).toBe("checked_in");
    expect((await handoversOf(database.db, stay.id)).map((r) => r.direction)).toEqual(["arrival"]);
    await release(stay.id, morning);
    await checkOut();
    expect(await statusOf(stay.id)).toBe("checked_out");
  });
});

describe("hand-over rows", () => {
  it("are never changed, but lose the staff member's id when that account goes", async () => {
    const { db } = database;
    const { stay, morning } = await arriving();
    const [member] = await db
      .insert(users)
      .values({ email: `desk-${crypto.randomUUID()}@example.com` })
      .returning();
    const form = await checkInForm(stay.id, morning, "Signed on paper");
    await changeStayAtDesk(db, stay.id, "checkIn", STAFF, { siteUrl, now: morning, handover: { ...form, staffUserId: member!.id } });
    await expect(db.update(catHandovers).set({ weightGrams: 5000 }).where(eq(catHandovers.stayId, stay.id))).rejects.toThrow();
    await expect(db.execute(sql`update cat_handovers set belongings = 'Nothing' where stay_id = ${stay.id}`)).rejects.toThrow();
    await db.delete(users).where(eq(users.id, member!.id));
    const [row] = await handoversOf(db, stay.id);
    expect(row).toMatchObject({ weightGrams: 4250, belongings: "Blue blanket", staffUserId: null, staffInitials: "ML" });
    // Deleting the cat (the account's deletion) takes its rows with it.
    await db.delete(cats).where(inArray(cats.id, [row!.catId]));
    expect(await handoversOf(db, stay.id)).toEqual([]);
  });
});
