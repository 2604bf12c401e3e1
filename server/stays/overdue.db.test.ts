import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { Database } from "../db/client";
import { smsQueue, stayEvents, staySettings, staySuites, stays, suiteTypes, suites } from "../db/schema/index";
import { AppError } from "../http/errors";
import { createLogger } from "../logger";
import { checkInAtDesk, checkOutAtDesk } from "../testing/desk";
import { testHousehold } from "../testing/households";
import { bookStayFromForm } from "../testing/stay-forms";
import { createTestDatabase } from "../testing/test-database";
import { weekdayOnOrAfter } from "../testing/dates";
import { stayBalance } from "./balance";
import { householdOwed } from "./owed";
import { recordBalanceAtDesk } from "../payments/balance";
import { paymentProviders } from "../payments/provider";
import { createSimulatedPaymentProvider } from "../payments/simulated-provider";
import { EXTRA_NIGHT_LABEL, LATE_PICKUP_FEE_LABEL, runOverduePickups } from "./overdue";
import { overduePickups } from "./staff";

const siteUrl = "http://localhost:3000";
const now = new Date();
const today = businessDate(now);
const STAFF = "desk@example.com";
const FEE = 2_500;
let database: Database;
const deps = () => ({ db: database.db, env: { PUBLIC_SITE_URL: siteUrl }, logger: createLogger("silent") });

beforeAll(async () => {
  database = await createTestDatabase();
  // House rules: a $25 late-pickup fee (departures Monday to Friday until 17:00, as migration 0006 sets them).
  await database.db.update(staySettings).set({ latePickupFeeCents: FEE }).where(eq(staySettings.id, 1));
});
afterAll(async () => {
  await database.close();
});

/** A suite type of one $50 suite, so a booking for a night wants exactly the overdue cat's suite. */
async function oneSuite() {
  const [type] = await database.db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats: 2, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  const [suite] = await database.db
    .insert(suites)
    .values({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` })
    .returning();
  return { type: type!, suite: suite! };
}

let weeks = 0;
/** A Monday-to-Thursday stay (3 nights, $100 after the first night free), checked in; its owner's mobile is known. */
async function checkedIn() {
  const { type, suite } = await oneSuite();
  const { user, catIds } = await testHousehold(database.db, now, { mobilePhone: "(949) 555-0142" });
  const checkIn = weekdayOnOrAfter(addBusinessDays(today, 20 + 7 * (weeks += 1)), 1);
  const checkOut = addBusinessDays(checkIn, 3);
  const booked = await bookStayFromForm(database.db, user.id, { checkIn, checkOut, catIds, suiteTypeId: type.id, arrangement: "together" }, { siteUrl, now });
  await checkInAtDesk(database.db, booked.id, STAFF, { siteUrl, now });
  return { type, suite, stayId: booked.id, checkIn, checkOut };
}

/** Another household books the night of `night` in `type` (its one suite). */
async function bookNight(typeId: string, night: string) {
  const { user, catIds } = await testHousehold(database.db, now);
  return bookStayFromForm(
    database.db,
    user.id,
    { checkIn: night, checkOut: addBusinessDays(night, 1), catIds, suiteTypeId: typeId, arrangement: "together" },
    { siteUrl, now, paymentHoldMinutes: 30 },
  );
}

const stayRow = async (id: string) => (await database.db.select().from(stays).where(eq(stays.id, id)))[0]!;
const textsTo = (stayId: string) =>
  database.db
    .select()
    .from(smsQueue)
    .where(and(eq(smsQueue.stayId, stayId), eq(smsQueue.dedupeKey, `overdue-pickup:${stayId}`)));

/** Held suite rows of `suiteId` that cover the night of `night`. */
const heldOn = async (suiteId: string, night: string) =>
  database.db
    .select()
    .from(staySuites)
    .where(
      and(eq(staySuites.suiteId, suiteId), isNull(staySuites.releasedAt), sql`daterange(${staySuites.checkIn}, ${staySuites.checkOut}) @> ${night}::date`),
    );

describe("a cat not collected on its departure day", () => {
  it("keeps its suite for the night, billed at its rate with the late-pickup fee, listed first on the desk, its owner texted once", async () => {
    const { type, suite, stayId, checkOut } = await checkedIn();
    // Before the window closes: nothing happens, nothing is overdue.
    const afternoon = businessLocalToUtc(checkOut, "16:30");
    await runOverduePickups(deps(), afternoon);
    expect(await stayRow(stayId)).toMatchObject({ checkOut, totalCents: 10_000 });
    expect((await overduePickups(database.db, afternoon)).map((s) => s.id)).not.toContain(stayId);

    // The window closed at 17:00: two runs at once text once and add the night once.
    const evening = businessLocalToUtc(checkOut, "17:05");
    await Promise.all([runOverduePickups(deps(), evening), runOverduePickups(deps(), evening)]);
    const stay = await stayRow(stayId);
    expect(stay).toMatchObject({ status: "checked_in", checkOut: addBusinessDays(checkOut, 1), totalCents: 10_000 + 5_000 + FEE });
    expect(stay.priceLines.slice(-2)).toEqual([
      { label: expect.stringContaining(EXTRA_NIGHT_LABEL), cents: 5_000 },
      { label: LATE_PICKUP_FEE_LABEL, cents: FEE },
    ]);
    expect(await heldOn(suite.id, checkOut)).toEqual([expect.objectContaining({ stayId })]);
    const texts = await textsTo(stayId);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.toPhone).toBe("+19495550142");
    expect(texts[0]!.body).toContain("Miso is still with us");
    expect(texts[0]!.body).toContain("$50.00");
    expect(texts[0]!.body).toContain("late-pickup fee of $25.00");

    // The desk lists it that evening and the next morning (its departure now a day later).
    expect((await overduePickups(database.db, evening)).map((s) => s.id)).toContain(stayId);
    const nextMorning = businessLocalToUtc(addBusinessDays(checkOut, 1), "08:00");
    expect((await overduePickups(database.db, nextMorning)).map((s) => s.id)).toContain(stayId);

    // A booking for that night in that suite is refused: the suite is held.
    const refused = await bookNight(type.id, checkOut).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "NO_SUITE_FREE" });

    // Still there the next evening: a second night, no second fee, no second text.
    const secondEvening = businessLocalToUtc(addBusinessDays(checkOut, 1), "17:30");
    await runOverduePickups(deps(), secondEvening);
    const twoNights = await stayRow(stayId);
    expect(twoNights).toMatchObject({ checkOut: addBusinessDays(checkOut, 2), totalCents: 10_000 + 2 * 5_000 + FEE });
    expect(twoNights.priceLines.filter((l) => l.label.startsWith(EXTRA_NIGHT_LABEL))).toHaveLength(2);
    expect(await textsTo(stayId)).toHaveLength(1);

    // Collected on the third morning, later than its departure day: it checks out, and what is unpaid is owed.
    const pickup = businessLocalToUtc(addBusinessDays(checkOut, 2), "10:00");
    await checkOutAtDesk(database.db, stayId, STAFF, { siteUrl, now: pickup, reason: "Pays the extra nights by card link tonight" });
    expect(await stayRow(stayId)).toMatchObject({ status: "checked_out" });
    expect((await stayBalance(database.db, twoNights)).dueCents).toBe(22_500);
    expect((await overduePickups(database.db, pickup)).map((s) => s.id)).not.toContain(stayId);
    const [owner] = await database.db.select({ householdId: stays.householdId }).from(stays).where(eq(stays.id, stayId));
    expect((await householdOwed(database.db, owner!.householdId!)).totalCents).toBe(22_500);
    // Checked out: the job adds nothing more.
    await runOverduePickups(deps(), businessLocalToUtc(addBusinessDays(checkOut, 3), "18:00"));
    expect((await stayRow(stayId)).totalCents).toBe(22_500);
  });

  it("bills the nights after a balance paid on the departure morning as a balance of their own, taken once", async () => {
    const { stayId, checkOut } = await checkedIn();
    const providers = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));
    const cash = (at: Date) => recordBalanceAtDesk(database.db, providers, { stayId, method: "cash", staffEmail: STAFF }, { now: at });
    const morning = businessLocalToUtc(checkOut, "09:00");
    await cash(morning);
    expect((await stayBalance(database.db, await stayRow(stayId))).dueCents).toBe(0);
    await runOverduePickups(deps(), businessLocalToUtc(checkOut, "17:10"));
    const kept = await stayRow(stayId);
    expect((await stayBalance(database.db, kept)).dueCents).toBe(5_000 + FEE);
    // The desk takes what the night added, once however many record it at the same moment.
    const next = businessLocalToUtc(addBusinessDays(checkOut, 1), "10:00");
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => cash(next)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(["BALANCE_ALREADY_PAID", "NOTHING_DUE"]).toContain((o.reason as AppError).code);
    const settled = await stayBalance(database.db, kept);
    expect(settled.dueCents).toBe(0);
    expect(settled.paid.filter((p) => p.kind === "balance").map((p) => p.amountCents)).toEqual([10_000, 5_000 + FEE]);
  });

  it("catches up on the nights a job did not run", async () => {
    const { stayId, checkOut } = await checkedIn();
    await runOverduePickups(deps(), businessLocalToUtc(addBusinessDays(checkOut, 2), "08:00"));
    // Thursday's and Friday's nights: Saturday's window has not closed yet.
    const stay = await stayRow(stayId);
    expect(stay).toMatchObject({ checkOut: addBusinessDays(checkOut, 2), totalCents: 10_000 + 2 * 5_000 + FEE });
    const nights = await database.db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stayId), eq(stayEvents.kind, "overdue_night")));
    expect(nights).toHaveLength(2);
  });

  it("holds its suite when bookings for the night race the job: one stay holds the night, never two", async () => {
    const { type, suite, stayId, checkOut } = await checkedIn();
    const evening = businessLocalToUtc(checkOut, "17:01");
    const results = await Promise.allSettled([
      runOverduePickups(deps(), evening),
      ...Array.from({ length: 18 }, () => bookNight(type.id, checkOut)),
      runOverduePickups(deps(), evening),
    ]);
    const booked = results.slice(1, 19).filter((r) => r.status === "fulfilled");
    for (const r of results.slice(1, 19)) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "NO_SUITE_FREE" });
    expect(results[0]!.status).toBe("fulfilled");
    const held = await heldOn(suite.id, checkOut);
    expect(held).toHaveLength(1);
    const stay = await stayRow(stayId);
    if (held[0]!.stayId === stayId) {
      expect(booked).toHaveLength(0);
      expect(stay.checkOut).toBe(addBusinessDays(checkOut, 1));
    } else {
      // A booking took the night before the job: the stay is not extended, and the desk still lists it as overdue.
      expect(booked).toHaveLength(1);
      expect(stay.checkOut).toBe(checkOut);
      expect((await overduePickups(database.db, evening)).map((s) => s.id)).toContain(stayId);
    }
  });
});
