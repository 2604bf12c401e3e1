import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database } from "../db/client";
import { calendarRules, creditNotes, paymentRefunds, payments, stays, suiteTypes, suites } from "../db/schema/index";
import { AppError } from "../http/errors";
import { loadSiteContent } from "../content/content";
import { recordBalanceAtDesk } from "../payments/balance";
import { refundUnderGuarantee } from "../payments/guarantee";
import { paySimulatedCheckout, recentPayments, refundByStaff, startDepositCheckout } from "../payments/payments";
import { paymentProviders } from "../payments/provider";
import { createSimulatedPaymentProvider } from "../payments/simulated-provider";
import { creditNotePdf } from "../receipts/credit-note-pdf";
import { checkInAtDesk, checkOutAtDesk } from "../testing/desk";
import { weekdayOnOrAfter } from "../testing/dates";
import { testHousehold } from "../testing/households";
import { bookStayFromForm } from "../testing/stay-forms";
import { createTestDatabase } from "../testing/test-database";
import { readCreditNote } from "./credit-notes";
import { stayParties } from "./receipts";
import { cancelStay } from "./cancel";
import { listHouseholdStays } from "./views";

const siteUrl = "http://localhost:3000";
const now = new Date();
const today = businessDate(now);
const providers = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));
const STAFF = "manager@example.com";
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  // A peak over the weeks booked, with a deposit of 40% of the price.
  await database.db.insert(calendarRules).values({
    kind: "peak",
    name: "Test peak",
    startsOn: addBusinessDays(today, 20),
    endsOn: addBusinessDays(today, 400),
    depositPercent: 40,
  });
});
afterAll(async () => {
  await database.close();
});

let weeks = 0;
/** A new household's three-night stay for two cats in the peak, its deposit paid by card on the simulated page. */
async function bookedAndPaid() {
  const db = database.db;
  const { user, catIds } = await testHousehold(db, now, { cats: ["Miso", "Tofu"] });
  const [type] = await db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats: 2, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  await db.insert(suites).values({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` });
  const checkIn = weekdayOnOrAfter(addBusinessDays(today, 20 + 7 * (weeks += 1)), 1);
  const stay = await bookStayFromForm(
    db,
    user.id,
    { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds, suiteTypeId: type!.id, arrangement: "together" },
    { siteUrl, now },
  );
  const { payment } = await startDepositCheckout(db, providers, user.id, stay.id, { siteUrl, now });
  await paySimulatedCheckout(db, user.id, payment.checkoutSessionId, { siteUrl, now });
  const [deposit] = await db.select().from(payments).where(eq(payments.stayId, stay.id));
  return { userId: user.id, stayId: stay.id, deposit: deposit! };
}

/** The same, checked in and out with the balance paid in cash at the desk: its receipt issued. */
async function checkedOut() {
  const booked = await bookedAndPaid();
  await checkInAtDesk(database.db, booked.stayId, STAFF, { siteUrl, now });
  await recordBalanceAtDesk(database.db, providers, { stayId: booked.stayId, method: "cash", staffEmail: STAFF }, { now });
  await checkOutAtDesk(database.db, booked.stayId, STAFF, { siteUrl, now });
  const [stay] = await database.db.select().from(stays).where(eq(stays.id, booked.stayId));
  return { ...booked, stay: stay! };
}

const notesOf = (stayId: string) => database.db.select().from(creditNotes).where(eq(creditNotes.stayId, stayId)).orderBy(asc(creditNotes.number));
const refundsOf = (paymentId: string) => database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const tripOf = async (userId: string, stayId: string) => (await listHouseholdStays(database.db, userId)).find((s) => s.id === stayId)!;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("credit notes", () => {
  it("follow every refund of a stay: My Trips shows each with its credit note and the net paid, not only the deposit's", async () => {
    const { userId, stayId, deposit, stay } = await checkedOut();
    // Everything paid back under the guarantee: the card's deposit through the provider, the cash balance at the desk.
    const all = stay.totalCents;
    await refundUnderGuarantee(database.db, providers, { stayId, amountCents: all, reason: "Miso would not eat", staffEmail: STAFF }, { siteUrl, now });
    const notes = await notesOf(stayId);
    expect(notes.map((n) => n.figures.amountCents).toSorted((a, b) => a - b)).toEqual(
      [all - deposit.amountCents, deposit.amountCents].toSorted((a, b) => a - b),
    );
    expect(notes[1]!.number).toBe(notes[0]!.number + 1);
    const trip = await tripOf(userId, stayId);
    expect(trip.refunds.map((r) => [r.amountCents, r.creditNoteNumber])).toEqual(notes.map((n) => [n.figures.amountCents, n.number]));
    expect(trip.refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(all);
    expect(trip).toMatchObject({ paidCents: deposit.amountCents, balancePaidCents: all - deposit.amountCents, netPaidCents: 0 });
    // The desk's Payments list links each refund's credit note.
    const desk = (await recentPayments(database.db, 200)).filter((p) => p.stayId === stayId).flatMap((p) => p.refunds.map((r) => r.creditNoteNumber));
    expect(desk.toSorted()).toEqual(notes.map((n) => n.number));
    // Each refers to the stay's receipt and says how the money went back.
    expect(notes.every((n) => n.receiptId !== null && n.figures.receiptNumber !== null)).toBe(true);
    expect(notes.map((n) => n.figures.atDesk).toSorted()).toEqual([false, true]);
  });

  it("is a PDF with its own number, the receipt it refers to, the household and its cats, for the household and staff only", async () => {
    const { userId, stayId } = await checkedOut();
    await refundUnderGuarantee(database.db, providers, { stayId, amountCents: 2_500, reason: "Room too warm", staffEmail: STAFF }, { siteUrl, now });
    const [listed] = await notesOf(stayId);
    const note = await readCreditNote(database.db, { userId, isAdmin: false }, stayId, String(listed!.number));
    const pdf = creditNotePdf(note, await stayParties(database.db, stayId), (await loadSiteContent(database.db)).business).toString("latin1");
    const number = `CN-${String(note.number).padStart(6, "0")}`;
    expect(pdf).toContain(`(Credit note ${number}) Tj`);
    expect(pdf).toContain(`(Refers to receipt R-${String(note.figures.receiptNumber).padStart(6, "0")}.) Tj`);
    expect(pdf).toContain("(For: Ana Ruiz) Tj");
    expect(pdf).toContain("(Cats: Miso and Tofu) Tj");
    expect(pdf).toContain("(Refunded: Satisfaction guarantee: Room too warm) Tj");
    expect(pdf).toContain("($25.00) Tj");
    // Staff read it; another household, another stay's id, an unknown or malformed number read nothing.
    expect((await readCreditNote(database.db, { userId: crypto.randomUUID(), isAdmin: true }, stayId, String(note.number))).id).toBe(note.id);
    const other = await testHousehold(database.db, now);
    expect(await refusal(readCreditNote(database.db, { userId: other.user.id, isAdmin: false }, stayId, String(note.number)))).toMatchObject({ status: 404 });
    for (const bad of ["0", "-1", "1e3", "99999999", "abc", ""])
      expect(await refusal(readCreditNote(database.db, { userId, isAdmin: false }, stayId, bad))).toMatchObject({ status: 404 });
  });

  it("follows a cancellation's refund, referring to the deposit since the stay has no receipt", async () => {
    const { userId, stayId, deposit } = await bookedAndPaid();
    await cancelStay(database.db, userId, stayId, { siteUrl, now });
    const [note] = await notesOf(stayId);
    expect(note!.figures).toMatchObject({
      reason: "cancellation",
      receiptNumber: null,
      atDesk: false,
      payment: { kind: "deposit", amountCents: deposit.amountCents },
    });
    expect(note!.figures.amountCents).toBe((await refundsOf(deposit.id))[0]!.amountCents);
    expect((await tripOf(userId, stayId)).refunds).toEqual([expect.objectContaining({ reason: "cancellation", creditNoteNumber: note!.number })]);
  });

  it("is issued once for a refund posted 20 times at once: one refund, one credit note, numbers without a gap", async () => {
    const { stayId } = await checkedOut();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        refundUnderGuarantee(database.db, providers, { stayId, amountCents: 4_000, reason: "Posted twice", staffEmail: STAFF }, { siteUrl, now }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const notes = await notesOf(stayId);
    const refunds = (await Promise.all((await database.db.select().from(payments).where(eq(payments.stayId, stayId))).map((p) => refundsOf(p.id)))).flat();
    expect(refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(4_000);
    expect(notes.map((n) => n.refundId).toSorted()).toEqual(refunds.map((r) => r.id).toSorted());
  });

  it("takes its number in the refund's transaction: a refused refund gives its number back, and 20 refunds at once take 20 numbers in a row", async () => {
    const booked = await Promise.all(Array.from({ length: 4 }, () => bookedAndPaid()));
    const before = await database.db.select({ number: creditNotes.number }).from(creditNotes);
    const last = Math.max(0, ...before.map((n) => n.number));
    // More than is left: refused, nothing issued.
    expect(
      await refusal(
        refundByStaff(
          database.db,
          providers,
          { paymentId: booked[0]!.deposit.id, amountCents: booked[0]!.deposit.amountCents + 1, staffEmail: STAFF },
          { now },
        ),
      ),
    ).toMatchObject({ code: "REFUND_TOO_LARGE" });
    // Twenty refunds of a cent, five on each of four deposits, at once.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refundByStaff(database.db, providers, { paymentId: booked[i % 4]!.deposit.id, amountCents: 1, staffEmail: STAFF }, { now }),
      ),
    );
    const after = await database.db.select({ number: creditNotes.number }).from(creditNotes).orderBy(asc(creditNotes.number));
    expect(after.map((n) => n.number).filter((n) => n > last)).toEqual(Array.from({ length: 20 }, (_, i) => last + 1 + i));
    // And every number the file issued runs from 1 without a gap.
    expect(after.map((n) => n.number)).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
  });
});
