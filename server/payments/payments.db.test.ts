import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "~/lib/money";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import {
  calendarRules,
  households,
  mailQueue,
  paymentRefunds,
  paymentWebhookEvents,
  payments,
  stayEvents,
  staySuites,
  stays,
  suiteTypes,
  suites,
} from "../db/schema/index";
import { AppError } from "../http/errors";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { cancelStay } from "../stays/cancel";
import { recentlyCheckedOut } from "../stays/staff";
import { bookStayFromForm } from "../testing/stay-forms";
import { createTestDatabase } from "../testing/test-database";
import { type StripeStandIn, startStripeStandIn } from "../testing/stripe-stand-in";
import { type TestServer, startPageTestServer, startTestServer } from "../testing/test-server";
import { testPageBuild } from "../testing/page-build";
import type { FormReply } from "~/lib/forms";
import { handlePaymentEvent, paySimulatedCheckout, recentPayments, refundByStaff, releaseUnpaidHolds, startDepositCheckout } from "./payments";
import { sendPendingRefunds } from "./refunds";
import { refundUnderGuarantee } from "./guarantee";
import { createSimulatedPaymentProvider, simulatedEventId, simulatedPaymentIntentId } from "./simulated-provider";
import { type PaymentProviders, createPaymentProviders, paymentProviders } from "./provider";
import { testHousehold } from "../testing/households";
import { sessionCookieFor } from "../testing/sessions";
import { weekdayOnOrAfter } from "../testing/dates";
import { householdOf } from "../db/owned";

const WEBHOOK_SECRET = "whsec_test_secret";
let database: Database;
let standIn: StripeStandIn;
/** The app with Stripe's keys: Stripe takes new payments; the simulated provider is kept for the ones it took before. */
let stripe: PaymentProviders;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startStripeStandIn(WEBHOOK_SECRET);
  stripe = createPaymentProviders(
    loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", STRIPE_SECRET_KEY: "sk_test_stand_in", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_SITE_URL: siteUrl }),
    { host: standIn.host, port: standIn.port, protocol: standIn.protocol },
  );
  server = await startTestServer(database, { STRIPE_SECRET_KEY: "sk_test_stand_in", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, { payments: stripe });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
  await database.close();
});

const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";

/** A Monday `days` or more ahead (arrivals are open on Mondays). */
const mondayIn = (days: number) => weekdayOnOrAfter(addBusinessDays(today, days), 1);

async function household(db: Db) {
  const { user, catIds } = await testHousehold(db, now);
  return { userId: user.id, email: user.email, catIds };
}

/** A suite type of its own with one suite: $50 a night. */
async function suiteType(db: Db) {
  const [type] = await db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats: 2, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  await db.insert(suites).values({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` });
  return type!;
}

/**
 * A peak over the weeks these tests book (days 60 to 400): an 80% deposit, free cancellation until
 * 14 days before check-in; the house fee (50% of the price) after.
 */
beforeAll(async () => {
  await database.db.insert(calendarRules).values({
    kind: "peak",
    name: "Test peak",
    startsOn: addBusinessDays(today, 60),
    endsOn: addBusinessDays(today, 400),
    freeCancellationDays: 14,
    depositPercent: 80,
  });
});

/** A two-night peak stay ($100, deposit $80) awaiting its deposit, and its checkout at the provider. */
async function heldStay(provider: PaymentProviders, days: number) {
  const { db } = database;
  const customer = await household(db);
  const type = await suiteType(db);
  const checkIn = mondayIn(days);
  const stay = await bookStayFromForm(
    db,
    customer.userId,
    { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: customer.catIds, suiteTypeId: type.id, arrangement: "together" },
    { siteUrl, now },
  );
  const checkout = await startDepositCheckout(db, provider, customer.userId, stay.id, { siteUrl, now });
  return { ...customer, stay, checkout, type };
}

const deliver = (event: { body: string; signature: string }) =>
  fetch(`${server.url}/api/payments/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.body,
  });

const stayNow = async (id: string) => (await database.db.select().from(stays).where(eq(stays.id, id)))[0]!;
const paymentNow = async (id: string) => (await database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a deposit through Stripe Checkout", () => {
  it("holds the stay awaiting payment, checks out the stored amount, and confirms it on the signed completed event", async () => {
    const { stay, checkout } = await heldStay(stripe, 70);
    expect(stay).toMatchObject({ status: "awaiting_payment", totalCents: 10_000, depositCents: 8_000 });
    expect(stay.paymentDueAt!.getTime()).toBe(now.getTime() + 30 * 60_000);
    // The suite is held while the customer pays.
    expect(
      await database.db
        .select()
        .from(staySuites)
        .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt))),
    ).toHaveLength(1);
    const session = standIn.sessions.get(checkout.payment.checkoutSessionId)!;
    expect(checkout.url).toBe(session.url);
    expect(session).toMatchObject({ amount_total: 8_000, client_reference_id: stay.id });
    expect(await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id))).toHaveLength(0);

    const paid = standIn.complete(session.id);
    const response = await deliver(standIn.signedEvent("checkout.session.completed", paid));
    expect(response.status).toBe(200);
    expect(await stayNow(stay.id)).toMatchObject({ status: "confirmed", paymentDueAt: null });
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ status: "paid", paymentIntentId: paid.payment_intent });
    const [mail] = await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mail!.message.subject).toMatch(/^Your stay is confirmed/);
    expect(mail!.message.text).toContain("Deposit paid: $80.00");
  });

  it("refuses a forged, replayed or future-dated delivery with 400 and changes nothing", async () => {
    const { stay, checkout } = await heldStay(stripe, 77);
    const paid = standIn.complete(checkout.payment.checkoutSessionId);
    const forged = standIn.signedEvent("checkout.session.completed", paid, { secret: "whsec_someone_else" });
    expect((await deliver(forged)).status).toBe(400);
    const altered = standIn.signedEvent("checkout.session.completed", paid);
    expect((await deliver({ ...altered, body: altered.body.replace('"amount_total": 8000', '"amount_total": 1') })).status).toBe(400);
    // Signed an hour ago: outside the five-minute tolerance, as a replay would be.
    const replayed = standIn.signedEvent("checkout.session.completed", paid, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(replayed)).status).toBe(400);
    // Signed ten minutes ahead: as far outside it the other way (the SDK alone would take it).
    const early = standIn.signedEvent("checkout.session.completed", paid, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    expect((await deliver(early)).status).toBe(400);
    expect((await deliver({ body: altered.body, signature: "" })).status).toBe(400);
    expect(await stayNow(stay.id)).toMatchObject({ status: "awaiting_payment" });
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ status: "pending" });
    expect(await database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, forged.id))).toHaveLength(0);
  });

  it("handles the same event delivered twice once, and 20 concurrent deliveries of one event with one effect", async () => {
    const { stay, checkout } = await heldStay(stripe, 84);
    const paid = standIn.complete(checkout.payment.checkoutSessionId);
    const event = standIn.signedEvent("checkout.session.completed", paid);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(event).then(async (r) => ({ status: r.status, body: (await r.json()) as { outcome: string } }))),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.outcome === "handled")).toHaveLength(1);
    const again = await deliver(event);
    expect(await again.json()).toMatchObject({ outcome: "duplicate" });
    expect(await stayNow(stay.id)).toMatchObject({ status: "confirmed" });
    // One confirmation, not twenty-one.
    expect(await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id))).toHaveLength(1);
  });

  it("keeps a paid deposit paid when the expired event comes after the completed one", async () => {
    const { stay, checkout } = await heldStay(stripe, 91);
    const paid = standIn.complete(checkout.payment.checkoutSessionId);
    expect((await deliver(standIn.signedEvent("checkout.session.completed", paid))).status).toBe(200);
    expect((await deliver(standIn.signedEvent("checkout.session.expired", { ...paid, status: "expired" }))).status).toBe(200);
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ status: "paid" });
    expect(await stayNow(stay.id)).toMatchObject({ status: "confirmed" });
  });

  it("asks for a refund event that comes before its payment's completed event again, then records it once", async () => {
    const { checkout } = await heldStay(stripe, 98);
    const paid = standIn.complete(checkout.payment.checkoutSessionId);
    const refund = { id: "re_test_dashboard", object: "refund", amount: 2_000, payment_intent: paid.payment_intent, status: "succeeded", metadata: {} };
    const refundEvent = standIn.signedEvent("refund.created", refund);
    expect((await deliver(refundEvent)).status).toBe(409);
    expect((await deliver(standIn.signedEvent("checkout.session.completed", paid))).status).toBe(200);
    expect((await deliver(refundEvent)).status).toBe(200);
    expect((await deliver(refundEvent)).status).toBe(200);
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ status: "paid", refundedCents: 2_000 });
    const rows = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, checkout.payment.id));
    expect(rows).toMatchObject([{ providerRefundId: "re_test_dashboard", amountCents: 2_000, status: "succeeded" }]);
  });

  it("answers 404 to a customer paying for another household's stay", async () => {
    const { stay } = await heldStay(stripe, 105);
    const stranger = await household(database.db);
    expect(await refusal(startDepositCheckout(database.db, stripe, stranger.userId, stay.id, { siteUrl, now }))).toMatchObject({
      status: 404,
      code: "STAY_NOT_FOUND",
    });
  });
});

describe("unpaid holds", () => {
  it("expire after the hold, close the checkout at the provider and free the suite; a paid checkout keeps its stay", async () => {
    const unpaid = await heldStay(stripe, 112);
    const paidLate = await heldStay(stripe, 112);
    standIn.complete(paidLate.checkout.payment.checkoutSessionId);
    const later = new Date(now.getTime() + 31 * 60_000);
    expect(await releaseUnpaidHolds(database.db, stripe, new Date(now.getTime() + 29 * 60_000))).toBe(0);
    // Other tests' unpaid stays lapse too: the count is at least this one.
    expect(await releaseUnpaidHolds(database.db, stripe, later)).toBeGreaterThanOrEqual(1);
    expect(await stayNow(unpaid.stay.id)).toMatchObject({ status: "expired" });
    expect(standIn.sessions.get(unpaid.checkout.payment.checkoutSessionId)!.status).toBe("expired");
    expect(
      await database.db
        .select()
        .from(staySuites)
        .where(and(eq(staySuites.stayId, unpaid.stay.id), isNull(staySuites.releasedAt))),
    ).toHaveLength(0);
    expect(await stayNow(paidLate.stay.id)).toMatchObject({ status: "awaiting_payment" });
    // The freed suite can be booked again.
    const next = await household(database.db);
    const rebooked = await bookStayFromForm(
      database.db,
      next.userId,
      { checkIn: unpaid.stay.checkIn, checkOut: unpaid.stay.checkOut, catIds: next.catIds, suiteTypeId: unpaid.type.id, arrangement: "together" },
      { siteUrl, now: later },
    );
    expect(rebooked.status).toBe("awaiting_payment");
  });

  it("refunds in full a payment that completes after its stay was released", async () => {
    const simulated = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));
    const { stay, checkout } = await heldStay(simulated, 119);
    await releaseUnpaidHolds(database.db, simulated, new Date(now.getTime() + 31 * 60_000));
    await handlePaymentEvent(
      database.db,
      simulated.current,
      {
        id: simulatedEventId(),
        type: "checkout_completed",
        sessionId: checkout.payment.checkoutSessionId,
        paymentIntentId: simulatedPaymentIntentId(),
        amountCents: 8_000,
      },
      { now: new Date(), siteUrl },
    );
    expect(await stayNow(stay.id)).toMatchObject({ status: "expired" });
    expect(await sendPendingRefunds(database.db, simulated, undefined, new Date())).toBeGreaterThanOrEqual(1);
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ refundedCents: 8_000 });
  });
});

describe("the simulated provider's Pay button", () => {
  it("says paid to the one of 20 clicks at once that recorded the payment, and already paid to the others and to any click after", async () => {
    const simulated = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));
    const { userId, stay, checkout } = await heldStay(simulated, 142);
    const sessionId = checkout.payment.checkoutSessionId;
    // On PostgreSQL the clicks run at once on connections of their own: only the row lock decides.
    const answers = await Promise.all(Array.from({ length: 20 }, () => paySimulatedCheckout(database.db, userId, sessionId, { now: new Date(), siteUrl })));
    expect(answers.filter((a) => a.outcome === "paid")).toHaveLength(1);
    expect(answers.filter((a) => a.outcome === "already_paid")).toHaveLength(19);
    expect(answers.every((a) => a.stayId === stay.id)).toBe(true);
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ status: "paid", amountCents: 8_000 });
    expect(await stayNow(stay.id)).toMatchObject({ status: "confirmed" });
    expect(
      await database.db
        .select()
        .from(stayEvents)
        .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "deposit_paid"))),
    ).toHaveLength(1);
    expect(await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id))).toHaveLength(1);
    // A click on a page opened before (another tab): already paid, nothing more recorded.
    expect(await paySimulatedCheckout(database.db, userId, sessionId, { now: new Date(), siteUrl })).toEqual({
      outcome: "already_paid",
      stayId: stay.id,
      kind: "deposit",
    });
    expect(
      await database.db
        .select()
        .from(stayEvents)
        .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "deposit_paid"))),
    ).toHaveLength(1);
  });

  it("refuses a checkout whose hold ended unpaid, and another household's", async () => {
    const simulated = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));
    const { userId, checkout } = await heldStay(simulated, 149);
    await releaseUnpaidHolds(database.db, simulated, new Date(now.getTime() + 31 * 60_000));
    expect(await refusal(paySimulatedCheckout(database.db, userId, checkout.payment.checkoutSessionId, { now: new Date(), siteUrl }))).toMatchObject({
      status: 409,
      code: "CHECKOUT_CLOSED",
    });
    const other = await household(database.db);
    expect(await refusal(paySimulatedCheckout(database.db, other.userId, checkout.payment.checkoutSessionId, { now: new Date(), siteUrl }))).toMatchObject({
      status: 404,
    });
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ status: "expired" });
  });
});

describe("refunds on cancelling, by the policy on the business's date", () => {
  /** A paid peak stay ($100, $80 deposit) whose fee ($50) starts 14 days before check-in. */
  async function paidStay(days: number) {
    const held = await heldStay(stripe, days);
    const paid = standIn.complete(held.checkout.payment.checkoutSessionId);
    await deliver(standIn.signedEvent("checkout.session.completed", paid));
    return { ...held, feeFrom: addBusinessDays(held.stay.checkIn, -14) };
  }

  it.each([
    // 23:30 in Los Angeles the evening before the fee starts is already the fee's day in UTC: still free.
    {
      when: "the evening before the fee starts (already the next day in UTC)",
      at: (feeFrom: string) => businessLocalToUtc(addBusinessDays(feeFrom, -1), "23:30"),
      refund: 8_000,
    },
    { when: "just after midnight the day the fee starts", at: (feeFrom: string) => businessLocalToUtc(feeFrom, "00:30"), refund: 3_000 },
    { when: "the day before check-in", at: (feeFrom: string) => businessLocalToUtc(addBusinessDays(feeFrom, 13), "12:00"), refund: 3_000 },
  ])("refunds the deposit less the fee $when", async ({ at, refund }) => {
    const { userId, stay, checkout, feeFrom } = await paidStay(130 + Math.floor(Math.random() * 200));
    const cancelledAt = at(feeFrom);
    // The customer is told what the cancellation gives back: the refund the provider is then sent.
    const { refundCents } = await cancelStay(database.db, userId, stay.id, { siteUrl, now: cancelledAt });
    expect(refundCents).toBe(refund);
    await sendPendingRefunds(database.db, stripe, undefined, cancelledAt);
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ refundedCents: refund });
    const sent = standIn.refunds.filter((r) => r.payment_intent === standIn.sessions.get(checkout.payment.checkoutSessionId)!.payment_intent);
    expect(sent.map((r) => r.amount)).toEqual([refund]);
    const [row] = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, checkout.payment.id));
    expect(row).toMatchObject({ status: "succeeded", providerRefundId: sent[0]!.id, reason: "cancellation" });
    // The cancellation mail says what goes back.
    const cancelMail = (await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id))).find((m) =>
      m.message.subject.startsWith("Your stay is cancelled"),
    );
    expect(cancelMail!.message.text).toContain(`Refund to your card: ${formatCents(refund)}`);
    // Sending again (a second process, a retry) refunds nothing more.
    await sendPendingRefunds(database.db, stripe, undefined, new Date());
    expect(standIn.refunds.filter((r) => r.payment_intent === sent[0]!.payment_intent)).toHaveLength(1);
  });

  it("lets staff refund by hand up to what is left, and refuses more", async () => {
    const { checkout } = await paidStay(340);
    await refundByStaff(database.db, stripe, { paymentId: checkout.payment.id, amountCents: 5_000, staffEmail: "staff@example.com" }, { now: new Date() });
    expect(
      await refusal(
        refundByStaff(database.db, stripe, { paymentId: checkout.payment.id, amountCents: 3_001, staffEmail: "staff@example.com" }, { now: new Date() }),
      ),
    ).toMatchObject({
      status: 409,
      code: "REFUND_TOO_LARGE",
    });
    // Ten at once for the $30 left: the database's check lets three through.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        refundByStaff(database.db, stripe, { paymentId: checkout.payment.id, amountCents: 1_000, staffEmail: "staff@example.com" }, { now: new Date() }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ refundedCents: 8_000 });
  });

  it("lists each deposit with who it was for and who gave back what, in words", async () => {
    const { userId, email, stay, checkout } = await paidStay(355);
    await refundByStaff(database.db, stripe, { paymentId: checkout.payment.id, amountCents: 1_000, staffEmail: "staff@example.com" }, { now: new Date() });
    // Cancelled in the free window, after staff's refund: the rest goes back, given by the customer's cancellation.
    const { refundCents } = await cancelStay(database.db, userId, stay.id, { siteUrl, now: new Date() });
    // What this cancellation gives back, without staff's refund before it.
    expect(refundCents).toBe(7_000);
    const listed = async () => (await recentPayments(database.db, 1_000)).find((p) => p.id === checkout.payment.id)!;
    const deposit = await listed();
    expect(deposit.household).toBe("Ana Ruiz");
    expect(deposit.refunds.map((r) => [r.amountCents, r.by])).toEqual([
      [1_000, "by staff@example.com"],
      [7_000, "by the customer"],
    ]);
    expect(JSON.stringify(deposit.refunds.map((r) => r.by))).not.toContain(userId);

    // A household that never gave its name: the account's e-mail. A deleted account: said so.
    await database.db.update(households).set({ name: null }).where(householdOf(userId));
    expect((await listed()).household).toBe(email);
    await database.db.update(stays).set({ householdId: null }).where(eq(stays.id, stay.id));
    expect((await listed()).household).toBe("Deleted account");
  });
});

describe("a payment goes back through the provider that took it, whichever takes new payments now", () => {
  /** A logger whose warnings the test reads. */
  function capturedLogger() {
    const lines: string[] = [];
    return { lines, logger: createLogger("warn", { write: (line: string) => void lines.push(line) }) };
  }
  const withoutStripe = () => createPaymentProviders(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_SITE_URL: siteUrl }));
  const refundsOf = (paymentId: string) => database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));

  it("refunds and closes what the simulated provider took in a demo through it after the site switched to Stripe, never through Stripe", async () => {
    const demo = withoutStripe();
    expect(demo.current.name).toBe("simulated");
    const { userId, checkout } = await heldStay(demo, 162);
    await paySimulatedCheckout(database.db, userId, checkout.payment.checkoutSessionId, { now: new Date(), siteUrl });
    const unpaid = await heldStay(demo, 169);

    // Stripe is configured now: new payments go to it, the demo's go back to the simulated provider.
    expect(stripe.current.name).toBe("stripe");
    expect((await heldStay(stripe, 176)).checkout.payment.provider).toBe("stripe");
    await refundByStaff(database.db, stripe, { paymentId: checkout.payment.id, amountCents: 3_000, staffEmail: "staff@example.com" }, { now: new Date() });
    // Sent to Stripe, the refund would have been refused (Stripe knows no such payment) and stayed pending.
    const [refund] = await refundsOf(checkout.payment.id);
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 3_000, lastError: null });
    expect(refund!.providerRefundId).toMatch(/^sim_re_/);
    expect(await paymentNow(checkout.payment.id)).toMatchObject({ refundedCents: 3_000 });

    await releaseUnpaidHolds(database.db, stripe, new Date(now.getTime() + 31 * 60_000));
    expect(await stayNow(unpaid.stay.id)).toMatchObject({ status: "expired" });
    expect(standIn.requests.filter((r) => r.path.includes(unpaid.checkout.payment.checkoutSessionId))).toEqual([]);
  });

  it("refuses, and logs why, to refund what Stripe took once Stripe is not configured; sends it through Stripe when it is again", async () => {
    const held = await heldStay(stripe, 183);
    const paid = standIn.complete(held.checkout.payment.checkoutSessionId);
    expect((await deliver(standIn.signedEvent("checkout.session.completed", paid))).status).toBe(200);
    const { lines, logger } = capturedLogger();
    const simulatedOnly = withoutStripe();

    const refused = await refusal(
      refundByStaff(
        database.db,
        simulatedOnly,
        { paymentId: held.checkout.payment.id, amountCents: 1_000, staffEmail: "staff@example.com" },
        { now: new Date(), logger },
      ),
    );
    expect(refused).toMatchObject({ status: 409, code: "PAYMENT_PROVIDER_NOT_CONFIGURED" });
    expect(refused.message).toContain("taken through Stripe, which is not configured");
    expect(lines.join("\n")).toContain("refund refused");
    expect(await paymentNow(held.checkout.payment.id)).toMatchObject({ refundedCents: 0 });

    // A cancellation owes the whole deposit: queued, and kept queued with the reason, not sent elsewhere.
    await cancelStay(database.db, held.userId, held.stay.id, { siteUrl, now });
    expect(await sendPendingRefunds(database.db, simulatedOnly, logger, now)).toBe(0);
    expect(await refundsOf(held.checkout.payment.id)).toMatchObject([
      { status: "pending", amountCents: 8_000, lastError: expect.stringContaining("taken through Stripe, which is not configured") as string },
    ]);
    expect(lines.join("\n")).toContain("refund not sent");
    expect(standIn.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toEqual([]);

    await sendPendingRefunds(database.db, stripe, undefined, now);
    expect(standIn.refunds.filter((r) => r.payment_intent === paid.payment_intent).map((r) => r.amount)).toEqual([8_000]);
    expect(await refundsOf(held.checkout.payment.id)).toMatchObject([{ status: "succeeded", lastError: null }]);
  });

  it("keeps the suite of an unpaid Stripe checkout it cannot close while Stripe is not configured, and says why", async () => {
    const held = await heldStay(stripe, 190);
    const { lines, logger } = capturedLogger();
    const later = new Date(now.getTime() + 31 * 60_000);
    await releaseUnpaidHolds(database.db, withoutStripe(), later, logger);
    expect(await stayNow(held.stay.id)).toMatchObject({ status: "awaiting_payment" });
    expect(lines.join("\n")).toContain("its checkout's payment provider is not configured");
    await releaseUnpaidHolds(database.db, stripe, later);
    expect(await stayNow(held.stay.id)).toMatchObject({ status: "expired" });
    expect(standIn.sessions.get(held.checkout.payment.checkoutSessionId)!.status).toBe("expired");
  });
});

describe("the satisfaction guarantee on a checked-out stay", () => {
  const demo = () => createPaymentProviders(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_SITE_URL: siteUrl }));
  const staffEmail = `staff-${crypto.randomUUID()}@example.com`;
  const guarantee = (stayId: string, amountCents: number, reason = "The suite was cold one night.", at = now) =>
    refundUnderGuarantee(database.db, stripe, { stayId, amountCents, reason, staffEmail }, { siteUrl, now: at });
  /** What a guarantee would have changed: the stay's refunds, its guarantee events and its guarantee mails. */
  async function traces(stayId: string, paymentId: string) {
    const refunds = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    const events = await database.db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stayId), eq(stayEvents.kind, "guarantee")));
    const mails = (await database.db.select().from(mailQueue).where(eq(mailQueue.stayId, stayId))).filter((m) => m.dedupeKey.includes(":guarantee:"));
    return { refunds, events, mails, payment: await paymentNow(paymentId) };
  }
  /** A stay whose $80 deposit the simulated provider took (before the site switched to Stripe), then checked out. */
  async function checkedOutStay(days: number) {
    const held = await heldStay(demo(), days);
    await paySimulatedCheckout(database.db, held.userId, held.checkout.payment.checkoutSessionId, { now: new Date(), siteUrl });
    await database.db.update(stays).set({ status: "checked_out" }).where(eq(stays.id, held.stay.id));
    return held;
  }

  it("refunds part of what was paid through the provider that took it, records why and tells the customer", async () => {
    const { stay, checkout, email } = await checkedOutStay(200 + Math.floor(Math.random() * 150));
    // Staff find it among the stays checked out in the last 14 days, and not after.
    const listed = async (day: string) => (await recentlyCheckedOut(database.db, day, 14)).some((s) => s.id === stay.id);
    expect([await listed(addBusinessDays(stay.checkOut, -1)), await listed(stay.checkOut), await listed(addBusinessDays(stay.checkOut, 14))]).toEqual([
      false,
      true,
      true,
    ]);
    expect(await listed(addBusinessDays(stay.checkOut, 15))).toBe(false);
    expect(await guarantee(stay.id, 2_500)).toEqual({ amountCents: 2_500, atDeskCents: 0, late: false });

    const { refunds, events, mails, payment } = await traces(stay.id, checkout.payment.id);
    expect(payment).toMatchObject({ refundedCents: 2_500 });
    // Stripe takes new payments now; this one went back through the simulated provider that took it.
    expect(refunds).toMatchObject([
      { status: "succeeded", amountCents: 2_500, reason: "Satisfaction guarantee: The suite was cold one night.", actor: `staff:${staffEmail}` },
    ]);
    expect(refunds[0]!.providerRefundId).toMatch(/^sim_re_/);
    expect(events).toMatchObject([{ actor: `staff:${staffEmail}`, detail: { amountCents: 2_500, reason: "The suite was cold one night.", late: false } }]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(email);
    expect(mails[0]!.message.subject).toBe("Your refund of $25.00 is on its way");

    // Given once a stay (ADR 0179): a second post, from another desk with another amount, answers the first and changes nothing.
    const before = await traces(stay.id, checkout.payment.id);
    const again = await guarantee(stay.id, 5_500, "Second complaint", new Date(now.getTime() + 60_000));
    expect(again).toMatchObject({ amountCents: 2_500, atDeskCents: 0, late: false, first: { by: staffEmail } });
    expect(again.first!.at.getTime()).toBe(now.getTime());
    expect(await traces(stay.id, checkout.payment.id)).toEqual(before);
  });

  it("says when the guarantee is given after the 7 days the terms promise: staff's call, and the event says so", async () => {
    const { stay, checkout } = await checkedOutStay(200 + Math.floor(Math.random() * 150));
    const late = addBusinessDays(stay.checkOut, 10);
    expect(await guarantee(stay.id, 5_500, "Late complaint", businessLocalToUtc(late, "12:00"))).toEqual({ amountCents: 5_500, atDeskCents: 0, late: true });
    expect((await traces(stay.id, checkout.payment.id)).payment).toMatchObject({ refundedCents: 5_500 });
  });

  it("gives one refund, one event and one mail for 20 guarantee posts at once on one stay, without JavaScript, and tells each desk what was given", async () => {
    const { stay, checkout } = await checkedOutStay(200 + Math.floor(Math.random() * 150));
    const pages = await startPageTestServer(
      database,
      testPageBuild({ "routes/admin/stays.tsx": { path: "admin/stays", module: await import("~/routes/admin/stays") } }),
    );
    try {
      const cookie = await sessionCookieFor(database.db, `admin-${crypto.randomUUID()}@example.com`, { admin: true });
      const replies = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await fetch(`${pages.url}/admin/stays`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "guarantee", stayId: stay.id, reason: "The suite was cold.", amount: "40.00" }),
          });
          expect(res.status).toBe(200);
          const { actionData } = (await res.json()) as { actionData: Record<string, FormReply> };
          return actionData["routes/admin/stays.tsx"]!.notice!;
        }),
      );
      const { refunds, events, mails, payment } = await traces(stay.id, checkout.payment.id);
      expect(refunds).toMatchObject([{ amountCents: 4_000 }]);
      expect(events).toHaveLength(1);
      expect(mails).toHaveLength(1);
      expect(payment).toMatchObject({ refundedCents: 4_000 });
      const titles = replies.map((n) => n.title);
      expect(titles.filter((t) => t.startsWith("$40.00 refunded under the satisfaction guarantee"))).toHaveLength(1);
      const replayed = replies.filter((n) => n.title.startsWith("Already recorded at "));
      expect(replayed).toHaveLength(19);
      expect(replayed[0]).toMatchObject({ kind: "success", description: "$40.00 was refunded under the satisfaction guarantee; nothing more was refunded." });
      expect(replayed[0]!.title).toMatch(/^Already recorded at \d{1,2}:\d{2} [AP]M by admin-/);
    } finally {
      await pages.close();
    }
  });

  it("refuses, saving nothing, more than is left, a stay not checked out, nothing paid, an unknown or malformed id", async () => {
    const { stay, checkout } = await checkedOutStay(200 + Math.floor(Math.random() * 150));
    const before = await traces(stay.id, checkout.payment.id);
    expect(before.refunds).toEqual([]);

    const tooMuch = await refusal(guarantee(stay.id, 8_001));
    expect(tooMuch).toMatchObject({ status: 409, code: "REFUND_TOO_LARGE", message: "At most $80.00 is left to refund on this stay." });
    expect(tooMuch.details).toEqual({ fields: { amount: "At most $80.00 is left to refund." } });
    expect(await refusal(guarantee(crypto.randomUUID(), 1_000))).toMatchObject({ status: 404, code: "STAY_NOT_FOUND" });
    expect(await refusal(guarantee("not-a-uuid", 1_000))).toMatchObject({ status: 404, code: "STAY_NOT_FOUND" });

    await database.db.update(stays).set({ status: "checked_in" }).where(eq(stays.id, stay.id));
    expect(await refusal(guarantee(stay.id, 1_000))).toMatchObject({ status: 409, code: "STAY_NOT_CHECKED_OUT" });
    expect(await traces(stay.id, checkout.payment.id)).toEqual(before);

    // A stay whose deposit was never paid: nothing to give back online.
    const unpaid = await heldStay(demo(), 200 + Math.floor(Math.random() * 150));
    await database.db.update(stays).set({ status: "checked_out" }).where(eq(stays.id, unpaid.stay.id));
    expect(await refusal(guarantee(unpaid.stay.id, 1_000))).toMatchObject({
      status: 409,
      message: "Nothing was paid for this stay, so there is nothing to refund.",
    });
    expect(await traces(unpaid.stay.id, unpaid.checkout.payment.id)).toMatchObject({ refunds: [], events: [], mails: [] });
  });

  it("takes the admin Stays form without JavaScript, and says on the amount when it is more than is left", async () => {
    const { stay, checkout } = await checkedOutStay(200 + Math.floor(Math.random() * 150));
    const pages = await startPageTestServer(
      database,
      testPageBuild({ "routes/admin/stays.tsx": { path: "admin/stays", module: await import("~/routes/admin/stays") } }),
    );
    try {
      const cookie = await sessionCookieFor(database.db, `admin-${crypto.randomUUID()}@example.com`, { admin: true });
      const post = async (amount: string) => {
        const res = await fetch(`${pages.url}/admin/stays`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "guarantee", stayId: stay.id, reason: "Her blanket went missing.", amount }),
        });
        const { actionData } = (await res.json()) as { actionData: Record<string, FormReply> };
        return actionData["routes/admin/stays.tsx"]!;
      };
      const tooMuch = await post("80.01");
      expect(tooMuch.result.error).toMatchObject({ amount: ["At most $80.00 is left to refund."] });
      expect((await traces(stay.id, checkout.payment.id)).refunds).toEqual([]);

      const done = await post("12.50");
      expect(done.notice).toMatchObject({ kind: "success", title: "$12.50 refunded under the satisfaction guarantee; the customer is told by e-mail" });
      expect((await traces(stay.id, checkout.payment.id)).refunds).toMatchObject([
        { amountCents: 1_250, reason: "Satisfaction guarantee: Her blanket went missing.", status: "succeeded" },
      ]);
    } finally {
      await pages.close();
    }
  });
});
