import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiptRows } from "~/domain/receipt";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database } from "../db/client";
import { calendarRules, mailQueue, paymentRefunds, payments, receipts, stayEvents, stays, suiteTypes, suites } from "../db/schema/index";
import { AppError } from "../http/errors";
import { receiptPdf } from "../receipts/receipt-pdf";
import { loadSiteContent } from "../content/content";
import { balancesOf } from "../stays/balance";
import { readReceipt, stayParties } from "../stays/receipts";
import { checkInAtDesk, checkOutAtDesk } from "../testing/desk";
import { bookStayFromForm } from "../testing/stay-forms";
import { createTestDatabase } from "../testing/test-database";
import { testHousehold } from "../testing/households";
import { weekdayOnOrAfter } from "../testing/dates";
import { recordBalanceAtDesk, startBalanceCheckout } from "./balance";
import { refundUnderGuarantee } from "./guarantee";
import { paySimulatedCheckout, refundByStaff, startDepositCheckout } from "./payments";
import { paymentProviders } from "./provider";
import { createSimulatedPaymentProvider } from "./simulated-provider";

const siteUrl = "http://localhost:3000";
const now = new Date();
const today = businessDate(now);
const providers = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));
const STAFF = "desk@example.com";
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  // A peak over the weeks booked with a deposit: 80% of the price.
  await database.db.insert(calendarRules).values({
    kind: "peak",
    name: "Test peak",
    startsOn: addBusinessDays(today, 60),
    endsOn: addBusinessDays(today, 400),
    depositPercent: 80,
  });
});
afterAll(async () => {
  await database.close();
});

let weeks = 0;
/**
 * A new household's three-night stay in a $50 suite, checked in: $150 less the first night free,
 * $100 in all. With `deposit`, in the peak: its $80 deposit paid on the simulated page first.
 */
async function checkedIn(options: { deposit: boolean }) {
  const db = database.db;
  const { user, catIds } = await testHousehold(db, now);
  const [type] = await db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats: 2, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  await db.insert(suites).values({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` });
  const checkIn = weekdayOnOrAfter(addBusinessDays(today, options.deposit ? 70 + 7 * (weeks += 1) : 20), 1);
  const stay = await bookStayFromForm(
    db,
    user.id,
    { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds, suiteTypeId: type!.id, arrangement: "together" },
    { siteUrl, now },
  );
  if (options.deposit) {
    const { payment } = await startDepositCheckout(db, providers, user.id, stay.id, { siteUrl, now });
    await paySimulatedCheckout(db, user.id, payment.checkoutSessionId, { siteUrl, now });
  }
  await checkInAtDesk(db, stay.id, STAFF, { siteUrl, now });
  return { userId: user.id, email: user.email, stay: (await db.select().from(stays).where(eq(stays.id, stay.id)))[0]! };
}

const dueOf = async (stay: { id: string; totalCents: number }) => (await balancesOf(database.db, [stay])).get(stay.id)!.dueCents;
const balanceRows = (stayId: string) =>
  database.db
    .select()
    .from(payments)
    .where(and(eq(payments.stayId, stayId), eq(payments.kind, "balance")));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the balance at check-out", () => {
  it("is the price after offers less the deposit kept", async () => {
    const { stay } = await checkedIn({ deposit: true });
    expect(stay.priceLines.at(-1)).toEqual({ label: "First night free", cents: -5000 });
    expect(stay).toMatchObject({ totalCents: 10_000, depositCents: 8_000, status: "checked_in" });
    expect(await dueOf(stay)).toBe(2_000);
    // $10 of the deposit given back: $10 more is due.
    const [deposit] = await database.db.select().from(payments).where(eq(payments.stayId, stay.id));
    await refundByStaff(database.db, providers, { paymentId: deposit!.id, amountCents: 1_000, staffEmail: STAFF }, { now });
    expect(await dueOf(stay)).toBe(3_000);
  });

  it("is paid by card on the provider's page from a link the desk shows as a QR code and mails, without changing the stay", async () => {
    const { stay, userId, email } = await checkedIn({ deposit: true });
    const first = await startBalanceCheckout(database.db, providers, { stayId: stay.id, staffEmail: STAFF }, { siteUrl, now });
    // $10 of the deposit given back: the first link asks too little, and the next one closes it.
    const [deposit] = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.stayId, stay.id), eq(payments.kind, "deposit")));
    await refundByStaff(database.db, providers, { paymentId: deposit!.id, amountCents: 1_000, staffEmail: STAFF }, { now });
    const link = await startBalanceCheckout(database.db, providers, { stayId: stay.id, staffEmail: STAFF }, { siteUrl, now });
    expect(link).toMatchObject({ amountCents: 3_000, mailed: true, payment: { kind: "balance", method: "card", status: "pending" } });
    // Pressed again: the open link is shown again, and the customer gets no second mail.
    const again = await startBalanceCheckout(database.db, providers, { stayId: stay.id, staffEmail: STAFF }, { siteUrl, now });
    expect(again).toMatchObject({ url: link.url, mailed: false, payment: { id: link.payment.id } });
    expect(link.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(link.qr.split(",")[1]!, "base64").toString()).toContain("<svg");
    const mails = await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mails.filter((m) => m.dedupeKey.includes(":balance-link:"))).toHaveLength(2);
    const mail = mails.find((m) => m.dedupeKey === `stay:${stay.id}:balance-link:${link.payment.id}`)!;
    expect(mail.toAddress).toBe(email);
    expect(mail.message.text).toContain(link.url);
    // The newer link closed the first: it takes nothing.
    expect(await refusal(paySimulatedCheckout(database.db, userId, first.payment.checkoutSessionId, { siteUrl, now }))).toMatchObject({
      code: "CHECKOUT_CLOSED",
    });
    // The page is the household's only.
    const other = await testHousehold(database.db, now);
    expect(await refusal(paySimulatedCheckout(database.db, other.user.id, link.payment.checkoutSessionId, { siteUrl, now }))).toMatchObject({
      code: "CHECKOUT_NOT_FOUND",
    });
    expect(await paySimulatedCheckout(database.db, userId, link.payment.checkoutSessionId, { siteUrl, now })).toEqual({
      outcome: "paid",
      stayId: stay.id,
      kind: "balance",
    });
    expect((await database.db.select().from(stays).where(eq(stays.id, stay.id)))[0]!.status).toBe("checked_in");
    expect(await dueOf(stay)).toBe(0);
    const events = await database.db.select().from(stayEvents).where(eq(stayEvents.stayId, stay.id));
    expect(events.filter((e) => e.kind === "balance_paid")).toHaveLength(1);
    // Cash after the card paid: refused in words, nothing recorded.
    expect(await refusal(recordBalanceAtDesk(database.db, providers, { stayId: stay.id, method: "cash", staffEmail: STAFF }, { now }))).toMatchObject({
      code: "BALANCE_ALREADY_PAID",
      message: "This stay's balance has already been paid, so nothing more was recorded.",
    });
    expect((await balanceRows(stay.id)).filter((p) => p.status === "paid")).toHaveLength(1);
  });

  it("makes one open card link and one mail when twenty members of staff press Take by card at the same moment", async () => {
    const { stay, userId } = await checkedIn({ deposit: false });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        startBalanceCheckout(database.db, providers, { stayId: stay.id, staffEmail: `staff${i}@example.com` }, { siteUrl, now }),
      ),
    );
    expect(new Set(results.map((r) => r.url)).size).toBe(1);
    expect(results.filter((r) => r.mailed)).toHaveLength(1);
    const rows = await balanceRows(stay.id);
    expect(rows.filter((p) => p.status === "pending")).toEqual([expect.objectContaining({ id: results[0]!.payment.id, amountCents: 10_000 })]);
    const mails = await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mails.filter((m) => m.dedupeKey.includes(":balance-link:"))).toHaveLength(1);
    const events = await database.db.select().from(stayEvents).where(eq(stayEvents.stayId, stay.id));
    expect(events.filter((e) => e.kind === "balance_link_sent")).toHaveLength(1);
    // The one link takes the balance.
    expect(await paySimulatedCheckout(database.db, userId, results[0]!.payment.checkoutSessionId, { siteUrl, now })).toMatchObject({ outcome: "paid" });
    expect(await dueOf(stay)).toBe(0);
  });

  it("is recorded in cash once when twenty members of staff record it at the same moment", async () => {
    const { stay } = await checkedIn({ deposit: false });
    // A card link sent before is closed by the cash.
    const link = await startBalanceCheckout(database.db, providers, { stayId: stay.id, staffEmail: STAFF }, { siteUrl, now });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        recordBalanceAtDesk(database.db, providers, { stayId: stay.id, method: "cash", staffEmail: `staff${i}@example.com` }, { now }),
      ),
    );
    const recorded = results.filter((r) => r.status === "fulfilled");
    expect(recorded).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({ code: "BALANCE_ALREADY_PAID", message: "This stay's balance has already been paid, so nothing more was recorded." });
    const rows = await balanceRows(stay.id);
    expect(rows.filter((p) => p.method === "cash")).toEqual([
      expect.objectContaining({ status: "paid", amountCents: 10_000, recordedBy: expect.stringMatching(/^staff:staff\d+@example\.com$/), provider: null }),
    ]);
    expect(rows.find((p) => p.id === link.payment.id)!.status).toBe("expired");
    expect(await dueOf(stay)).toBe(0);
  });

  it("takes a check with its number (the form refuses one without: balance-schema.test.ts)", async () => {
    const { stay } = await checkedIn({ deposit: true });
    const payment = await recordBalanceAtDesk(database.db, providers, { stayId: stay.id, method: "check", checkNumber: "1042", staffEmail: STAFF }, { now });
    expect(payment).toMatchObject({ kind: "balance", method: "check", reference: "1042", amountCents: 2_000, recordedBy: `staff:${STAFF}` });
  });
});

describe("check-out", () => {
  it("is refused with a balance unpaid unless staff say why, which the stay's events keep", async () => {
    const { stay } = await checkedIn({ deposit: true });
    const refused = await refusal(checkOutAtDesk(database.db, stay.id, STAFF, { siteUrl, now }));
    expect(refused).toMatchObject({ code: "BALANCE_DUE", message: "A balance of $20.00 is due. Take it first, or say why the stay checks out unpaid." });
    expect(refused.details?.fields).toEqual({ reason: refused.message });
    expect(await refusal(checkOutAtDesk(database.db, stay.id, STAFF, { siteUrl, now, reason: "   " }))).toMatchObject({ code: "BALANCE_DUE" });
    expect((await database.db.select().from(stays).where(eq(stays.id, stay.id)))[0]!.status).toBe("checked_in");
    expect(await database.db.select().from(receipts).where(eq(receipts.stayId, stay.id))).toHaveLength(0);

    await checkOutAtDesk(database.db, stay.id, STAFF, { siteUrl, now, reason: "Pays by bank transfer on Monday" });
    const [event] = await database.db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "checkOut")));
    expect(event!.detail).toEqual({ reason: "Pays by bank transfer on Monday", unpaidCents: 2_000 });
    const [receipt] = await database.db.select().from(receipts).where(eq(receipts.stayId, stay.id));
    expect(receipt!.figures.balanceDueCents).toBe(2_000);
  });

  it("issues a receipt whose figures are the stay's price lines and payments, mailed and as a PDF for the household and staff", async () => {
    const { stay, userId, email } = await checkedIn({ deposit: true });
    await recordBalanceAtDesk(database.db, providers, { stayId: stay.id, method: "cash", staffEmail: STAFF }, { now });
    await checkOutAtDesk(database.db, stay.id, STAFF, { siteUrl, now });
    const receipt = await readReceipt(database.db, { userId, isAdmin: false }, stay.id);
    expect(receipt.figures).toEqual({
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      nights: 3,
      lines: stay.priceLines,
      totalCents: 10_000,
      payments: [
        { kind: "deposit", method: "card", amountCents: 8_000, refundedCents: 0, reference: null },
        { kind: "balance", method: "cash", amountCents: 2_000, refundedCents: 0, reference: null },
      ],
      balanceDueCents: 0,
    });
    expect(receipt.figures.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(stay.totalCents);
    const [mail] = await database.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.stayId, stay.id), eq(mailQueue.dedupeKey, `stay:${stay.id}:receipt`)));
    expect(mail!.toAddress).toBe(email);
    for (const row of receiptRows(receipt.figures)) expect(mail!.message.text).toContain(row.label);
    expect(mail!.message.text).toContain("Total: $100.00");
    expect(mail!.message.text).toContain("Balance paid, cash: $20.00");
    const pdf = receiptPdf(receipt, await stayParties(database.db, stay.id), (await loadSiteContent(database.db)).business).toString("latin1");
    // It names the household and its cats (ADR 0193).
    expect(pdf).toContain("(For: Ana Ruiz) Tj");
    expect(pdf).toContain("(Cat: Miso) Tj");
    expect(pdf).toContain("(First night free) Tj");
    expect(pdf).toContain("($100.00) Tj");
    // Staff read it; another household reads nothing.
    expect((await readReceipt(database.db, { userId: crypto.randomUUID(), isAdmin: true }, stay.id)).number).toBe(receipt.number);
    const other = await testHousehold(database.db, now);
    expect(await refusal(readReceipt(database.db, { userId: other.user.id, isAdmin: false }, stay.id))).toMatchObject({ status: 404 });
    expect(await refusal(readReceipt(database.db, { userId, isAdmin: false }, "not-a-uuid"))).toMatchObject({ status: 404 });
  });

  it("numbers receipts without gaps: ten check-outs at once, and one that fails takes no number", async () => {
    const ten = await Promise.all(Array.from({ length: 10 }, () => checkedIn({ deposit: false })));
    await Promise.all(ten.map(({ stay }) => checkOutAtDesk(database.db, stay.id, STAFF, { siteUrl, now, reason: "Invoiced" })));
    // A check-out whose transaction rolls back after its receipt was issued.
    const failed = await checkedIn({ deposit: false });
    await expect(
      database.db.transaction(async (tx) => {
        await checkOutAtDesk(tx, failed.stay.id, STAFF, { siteUrl, now, reason: "Invoiced" });
        throw new Error("the check-out failed after its receipt");
      }),
    ).rejects.toThrow("the check-out failed after its receipt");
    await checkOutAtDesk(database.db, failed.stay.id, STAFF, { siteUrl, now, reason: "Invoiced" });
    const numbers = (await database.db.select({ number: receipts.number }).from(receipts).orderBy(asc(receipts.number))).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const tenNumbers = (await database.db.select().from(receipts)).filter((r) => ten.some((t) => t.stay.id === r.stayId)).map((r) => r.number);
    expect(Math.max(...tenNumbers) - Math.min(...tenNumbers)).toBe(9);
  });
});

describe("the guarantee on a balance paid in cash", () => {
  it("gives back the card first through its provider, and the rest at the desk", async () => {
    const { stay } = await checkedIn({ deposit: true });
    const cash = await recordBalanceAtDesk(database.db, providers, { stayId: stay.id, method: "cash", staffEmail: STAFF }, { now });
    await checkOutAtDesk(database.db, stay.id, STAFF, { siteUrl, now });
    const result = await refundUnderGuarantee(
      database.db,
      providers,
      { stayId: stay.id, amountCents: 9_000, reason: "Scratched door", staffEmail: STAFF },
      { siteUrl, now },
    );
    expect(result).toMatchObject({ amountCents: 9_000, atDeskCents: 1_000 });
    const rows = await database.db.select().from(payments).where(eq(payments.stayId, stay.id));
    expect(rows.find((p) => p.kind === "deposit")!.refundedCents).toBe(8_000);
    expect(rows.find((p) => p.id === cash.id)!.refundedCents).toBe(1_000);
    const [desk] = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, cash.id));
    expect(desk).toMatchObject({ amountCents: 1_000, status: "succeeded", providerRefundId: null, actor: `staff:${STAFF}` });
    const mail = (await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id))).find((m) => m.dedupeKey.includes(":guarantee:"))!;
    expect(mail.message.text).toContain("$80.00 to the card you paid with");
    expect(mail.message.text).toContain("$10.00 given back at the desk");
  });
});
