import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { Database } from "../db/client";
import { mailQueue, stayEvents, stays, suiteTypes, suites } from "../db/schema/index";
import { AppError } from "../http/errors";
import { recordBalanceAtDesk, startBalanceCheckout } from "../payments/balance";
import { refundUnderGuarantee } from "../payments/guarantee";
import { paySimulatedCheckout } from "../payments/payments";
import { paymentProviders } from "../payments/provider";
import { createSimulatedPaymentProvider } from "../payments/simulated-provider";
import { checkInAtDesk, checkOutAtDesk } from "../testing/desk";
import { testHousehold } from "../testing/households";
import { createLogger } from "../logger";
import { bookStayFromForm } from "../testing/stay-forms";
import { createTestDatabase } from "../testing/test-database";
import { weekdayOnOrAfter } from "../testing/dates";
import { stayBalance } from "./balance";
import { householdOwed, owedAtDesk, ownOwed, runOwedReminders } from "./owed";

const siteUrl = "http://localhost:3000";
const now = new Date();
const today = businessDate(now);
const providers = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));
const STAFF = "desk@example.com";
const env = { PUBLIC_SITE_URL: siteUrl };
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/**
 * A new household's three-night stay in a $50 suite ($150 less the first night free: $100), checked
 * in and checked out unpaid ("pays by the card link tonight"). Each household its own weeks.
 */
let weeks = 0;
async function checkedOutUnpaid() {
  const db = database.db;
  const { user, catIds, householdId } = await testHousehold(db, now);
  const [type] = await db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats: 2, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  await db.insert(suites).values({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` });
  const checkIn = weekdayOnOrAfter(addBusinessDays(today, 20 + 7 * (weeks += 1)), 1);
  const checkOut = addBusinessDays(checkIn, 3);
  const booked = await bookStayFromForm(db, user.id, { checkIn, checkOut, catIds, suiteTypeId: type!.id, arrangement: "together" }, { siteUrl, now });
  await checkInAtDesk(db, booked.id, STAFF, { siteUrl, now });
  const leaving = businessLocalToUtc(checkOut, "11:00");
  await checkOutAtDesk(db, booked.id, STAFF, { siteUrl, now: leaving, reason: "Unpaid, will pay by the card link tonight" });
  const [stay] = await db.select().from(stays).where(eq(stays.id, booked.id));
  return { userId: user.id, email: user.email, householdId: householdId!, stay: stay! };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a balance left unpaid at check-out", () => {
  it("is not owed again when the satisfaction guarantee gives part of a paid stay back", async () => {
    const { userId, householdId, stay } = await checkedOutUnpaid();
    const later = new Date(now.getTime() + 60_000);
    await recordBalanceAtDesk(database.db, providers, { stayId: stay.id, method: "cash", staffEmail: STAFF }, { now: later });
    expect((await householdOwed(database.db, householdId)).totalCents).toBe(0);
    const given = await refundUnderGuarantee(
      database.db,
      providers,
      { stayId: stay.id, amountCents: 3_000, reason: "Came home with a knotted coat", staffEmail: STAFF },
      { siteUrl, now: later },
    );
    expect(given).toMatchObject({ amountCents: 3_000, atDeskCents: 3_000 });
    // $30.00 went back in cash under the guarantee: the owner owes nothing, on My Trips or at the desk.
    expect(await ownOwed(database.db, userId)).toEqual({ totalCents: 0, stays: [] });
    expect((await owedAtDesk(database.db)).some((s) => s.id === stay.id)).toBe(false);
    // The stay's balance is the same sum: nothing left to take at the desk or by a card link.
    expect((await stayBalance(database.db, stay)).dueCents).toBe(0);
  });

  it("is owed: the household's one balance, on My Trips, on the customer's page and at the desk", async () => {
    const { userId, householdId, stay } = await checkedOutUnpaid();
    expect(stay).toMatchObject({ status: "checked_out", totalCents: 10_000 });
    const owed = await householdOwed(database.db, householdId);
    expect(owed.totalCents).toBe(10_000);
    expect(owed.stays).toEqual([expect.objectContaining({ id: stay.id, dueCents: 10_000, catNames: ["Miso"], household: "Ana Ruiz" })]);
    expect(await ownOwed(database.db, userId)).toEqual(owed);
    expect((await owedAtDesk(database.db)).find((s) => s.id === stay.id)?.dueCents).toBe(10_000);
    // Another household owes nothing of it.
    const other = await testHousehold(database.db, now);
    expect(await ownOwed(database.db, other.user.id)).toEqual({ totalCents: 0, stays: [] });
  });

  it("is paid later by the customer's own card link from My Trips, which clears it", async () => {
    const { userId, householdId, stay } = await checkedOutUnpaid();
    const later = businessLocalToUtc(addBusinessDays(stay.checkOut, 2), "20:00");
    // Someone else's stay answers as unknown.
    const other = await testHousehold(database.db, now);
    expect(await refusal(startBalanceCheckout(database.db, providers, { stayId: stay.id, customerId: other.user.id }, { siteUrl, now: later }))).toMatchObject({
      code: "STAY_NOT_FOUND",
    });
    const link = await startBalanceCheckout(database.db, providers, { stayId: stay.id, customerId: userId }, { siteUrl, now: later });
    expect(link).toMatchObject({ amountCents: 10_000, payment: { kind: "balance", status: "pending", recordedBy: `customer:${userId}` } });
    // The customer is sent to the page: no mail of the link.
    const mails = await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mails.some((m) => m.dedupeKey.includes("balance-link"))).toBe(false);
    // Twice at once on the page: one payment recorded.
    const outcomes = await Promise.all([1, 2].map(() => paySimulatedCheckout(database.db, userId, link.payment.checkoutSessionId, { siteUrl, now: later })));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["already_paid", "paid"]);
    expect(await householdOwed(database.db, householdId)).toEqual({ totalCents: 0, stays: [] });
    expect((await owedAtDesk(database.db)).some((s) => s.id === stay.id)).toBe(false);
    // Nothing is owed any more: a new link is refused in words.
    expect(await refusal(startBalanceCheckout(database.db, providers, { stayId: stay.id, customerId: userId }, { siteUrl, now: later }))).toMatchObject({
      code: "BALANCE_ALREADY_PAID",
    });
  });

  it("is reminded by mail three days after check-out, once, however many runs at once", async () => {
    const { email, stay } = await checkedOutUnpaid();
    const reminders = () =>
      database.db
        .select()
        .from(mailQueue)
        .where(and(eq(mailQueue.stayId, stay.id), eq(mailQueue.dedupeKey, `owed-reminder:${stay.id}`)));
    const deps = { db: database.db, env, logger: createLogger("silent") };
    await runOwedReminders(deps, businessLocalToUtc(addBusinessDays(stay.checkOut, 2), "12:00"));
    expect(await reminders()).toHaveLength(0);
    const third = businessLocalToUtc(addBusinessDays(stay.checkOut, 3), "09:00");
    const runs = await Promise.all([runOwedReminders(deps, third), runOwedReminders(deps, third)]);
    expect(runs.reduce((sum, r) => sum + r.queued, 0)).toBe(1);
    const [mail] = await reminders();
    expect(await reminders()).toHaveLength(1);
    expect(mail!.toAddress).toBe(email);
    expect(mail!.message.subject).toBe("A balance of $100.00 is still owed");
    expect(mail!.message.text).toContain(`${siteUrl}/trips`);
    // A later run sends nothing more.
    await runOwedReminders(deps, businessLocalToUtc(addBusinessDays(stay.checkOut, 5), "09:00"));
    expect(await reminders()).toHaveLength(1);
    const events = await database.db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "owed_reminder")));
    expect(events).toHaveLength(1);
  });
});
