import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import { formatCents } from "~/lib/money";
import { customerLabel, refundActorLabel } from "~/domain/stay-wording";
import type { Db } from "../db/client";
import { households, paymentRefunds, paymentWebhookEvents, payments, stayCats, stayEvents, stays, users } from "../db/schema/index";
import { vaccineCoverage } from "../households/vaccines";
import { isUuid } from "~/lib/ids";
import { sqlStateOf } from "../db/sql-state";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import type { PeriodicJob } from "../periodic-job";
import { BALANCE_STATUSES } from "../stays/balance";
import { queueStayMail } from "../stays/stay-mail";
import { STAY_NOT_FOUND } from "../stays/stay";
import { releaseLapsedHolds } from "../stays/waitlist";
import { creditNoteNumbers } from "../stays/credit-notes";
import { queueRefund } from "../stays/refunds";
import { type CardPayment, type Payment, type PaymentRefund, sendPendingRefunds } from "./refunds";
import { isSimulatedSessionId, simulatedEventId, simulatedPaymentIntentId } from "./simulated-provider";
import type { PaymentKind, PaymentMethod } from "../db/schema/payments";
import type { PaymentProviderName, PaymentProviders } from "./provider";
import { type PaymentEvent, type PaymentProvider, PaymentProviderNotConfigured } from "./types";
import { householdOf } from "../db/owned";
import { inTransaction, type Tx } from "../db/transaction";

/**
 * Deposits (ADR 0132). A stay a calendar rule asks a deposit for is booked `awaiting_payment`: its
 * suite is held until `payment_due_at` while the customer pays on the provider's page. The provider's
 * events (Stripe's webhooks, or the simulated page) confirm it; each event is handled once, in the
 * transaction of its effect, whatever order they arrive in. A hold not paid in time is released.
 */

export type { Payment, PaymentRefund };

const DEPOSIT_NOT_DUE = () => new AppError(409, "DEPOSIT_NOT_DUE", "This stay has no deposit waiting to be paid.");
const HOLD_ENDED = () => new AppError(409, "PAYMENT_HOLD_ENDED", "The time to pay the deposit has passed and the suite was released. Please book again.");

/**
 * Starts a checkout for the deposit of the household's stay (404 for anyone else's) through the
 * configured provider, and returns the page to pay on.
 */
export async function startDepositCheckout(
  db: Db,
  providers: PaymentProviders,
  userId: string,
  stayId: string,
  ctx: { siteUrl: string; now: Date; logger?: Logger },
): Promise<{ url: string; payment: CardPayment }> {
  const now = ctx.now;
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [row] = await db
    .select({ stay: stays, email: users.email })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .innerJoin(users, eq(users.id, households.userId))
    .where(and(eq(stays.id, stayId), householdOf(userId)));
  if (!row) throw STAY_NOT_FOUND();
  const { stay } = row;
  if (stay.status !== "awaiting_payment" || stay.depositCents <= 0) throw DEPOSIT_NOT_DUE();
  if (!stay.paymentDueAt || stay.paymentDueAt <= now) throw HOLD_ENDED();
  const provider = providers.current;
  // The amount is the one stored when the stay was priced: nothing the browser sends changes it.
  const checkout = await provider
    .createCheckout({
      stayId: stay.id,
      amountCents: stay.depositCents,
      description: `Deposit for a stay, ${stay.checkIn} to ${stay.checkOut}`,
      customerEmail: row.email,
      successUrl: `${ctx.siteUrl}/trips?paid=${stay.id}`,
      cancelUrl: `${ctx.siteUrl}/trips`,
      expiresAt: stay.paymentDueAt,
    })
    .catch((error: unknown) => {
      ctx.logger?.warn({ err: error, stayId: stay.id }, "checkout not created");
      throw new AppError(502, "PAYMENT_PROVIDER_UNAVAILABLE", "We couldn't reach the payment page just now. Please try again in a minute.");
    });
  const [payment] = await db
    .insert(payments)
    .values({ stayId: stay.id, provider: provider.name, checkoutSessionId: checkout.sessionId, amountCents: stay.depositCents, createdAt: now, updatedAt: now })
    .returning();
  return { url: checkout.url, payment: payment as CardPayment };
}

const CHECKOUT_NOT_FOUND = () => new AppError(404, "CHECKOUT_NOT_FOUND", "We couldn't find that payment.");

/** A checkout of our simulated provider, for its page: the household's own only. */
export async function simulatedCheckout(db: Db, userId: string, sessionId: string) {
  // A hand-made address (a NUL byte, say, which PostgreSQL refuses in text) never reaches the query.
  if (!isSimulatedSessionId(sessionId)) throw CHECKOUT_NOT_FOUND();
  const [row] = await db
    .select({ payment: payments, stay: stays })
    .from(payments)
    .innerJoin(stays, eq(stays.id, payments.stayId))
    .innerJoin(households, eq(households.id, stays.householdId))
    .where(and(eq(payments.checkoutSessionId, sessionId), eq(payments.provider, "simulated"), householdOf(userId)));
  if (!row) throw CHECKOUT_NOT_FOUND();
  return row;
}

/** What a Pay click on the simulated page did: recorded the payment, or found it recorded already. */
export type SimulatedPayOutcome = "paid" | "already_paid";

/**
 * The simulated page's Pay button: hands the provider's "completed" event for the checkout to the
 * same handler Stripe's webhook reaches, and says whether this call recorded the payment. However
 * many clicks arrive at once, one records it; the others find it paid ("already_paid"). A checkout
 * whose hold ended unpaid is refused.
 */
export async function paySimulatedCheckout(
  db: Db,
  userId: string,
  sessionId: string,
  ctx: { siteUrl: string; now: Date },
): Promise<{ outcome: SimulatedPayOutcome; stayId: string; kind: PaymentKind }> {
  const { payment, stay } = await simulatedCheckout(db, userId, sessionId);
  if (payment.status === "paid") return { outcome: "already_paid", stayId: stay.id, kind: payment.kind };
  // A balance stays payable after check-out while it is owed (ADR 0182).
  if (payment.kind === "balance" && (payment.status !== "pending" || !(BALANCE_STATUSES as readonly string[]).includes(stay.status)))
    throw new AppError(
      409,
      "CHECKOUT_CLOSED",
      "This payment page has closed: the balance was settled another way, or a newer link was sent. Ask us at the desk.",
    );
  if (payment.kind === "deposit" && (payment.status !== "pending" || stay.status !== "awaiting_payment"))
    throw new AppError(
      409,
      "CHECKOUT_CLOSED",
      "This payment page has closed: the suite is no longer held for this deposit, so there is nothing to pay. See My Trips.",
    );
  // The amount is the checkout's own, stored when it was created: nothing in the form sets it.
  const { recordedPayment } = await applyPaymentEvent(
    db,
    { name: "simulated" },
    {
      id: simulatedEventId(),
      type: "checkout_completed",
      sessionId,
      paymentIntentId: simulatedPaymentIntentId(),
      amountCents: payment.amountCents,
    },
    ctx,
  );
  return { outcome: recordedPayment ? "paid" : "already_paid", stayId: stay.id, kind: payment.kind };
}

/** The provider named a payment we have no record of yet (a refund before its checkout's event): deliver it again later. */
export class PaymentEventNotReady extends Error {}

export type EventOutcome = "handled" | "duplicate";

/**
 * Applies a provider event once: its id is written in the same transaction as its effect, so a
 * second delivery (or twenty at once) finds it and does nothing. Out of order: a checkout that
 * expires after it was paid stays paid; a refund for a payment whose checkout event has not come yet
 * throws PaymentEventNotReady without recording the event, so the provider delivers it again.
 */
export async function handlePaymentEvent(
  db: Db,
  provider: Pick<PaymentProvider, "name">,
  event: PaymentEvent,
  ctx: { siteUrl: string; now: Date },
): Promise<EventOutcome> {
  return (await applyPaymentEvent(db, provider, event, ctx)).outcome;
}

/**
 * `handlePaymentEvent`, also telling whether this very event recorded its checkout as paid (false
 * when the checkout was paid already, by another event handled a moment before).
 */
async function applyPaymentEvent(
  db: Db,
  provider: Pick<PaymentProvider, "name">,
  event: PaymentEvent,
  ctx: { siteUrl: string; now: Date },
): Promise<{ outcome: EventOutcome; recordedPayment: boolean }> {
  const now = ctx.now;
  return inTransaction(db, async (tx): Promise<{ outcome: EventOutcome; recordedPayment: boolean }> => {
    const recorded = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId: event.id, provider: provider.name, type: event.type, detail: { ...event }, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (recorded.length === 0) return { outcome: "duplicate", recordedPayment: false };
    let recordedPayment = false;
    switch (event.type) {
      case "checkout_completed":
        recordedPayment = await checkoutPaid(tx, event, { siteUrl: ctx.siteUrl, now });
        break;
      case "checkout_expired":
        await tx
          .update(payments)
          .set({ status: "expired", updatedAt: now })
          .where(and(eq(payments.checkoutSessionId, event.sessionId), eq(payments.status, "pending")));
        break;
      case "refund_succeeded":
        await refundSucceeded(tx, event, now);
        break;
      case "ignored":
        break;
    }
    return { outcome: "handled", recordedPayment };
  });
}

/** Records a completed checkout (under its row's lock); false when it was recorded already, or is unknown. */
async function checkoutPaid(tx: Tx, event: Extract<PaymentEvent, { type: "checkout_completed" }>, ctx: { siteUrl: string; now: Date }): Promise<boolean> {
  const { now } = ctx;
  const [payment] = await tx.select().from(payments).where(eq(payments.checkoutSessionId, event.sessionId)).for("update");
  if (!payment || payment.status === "paid") return false;
  // A balance is money towards a stay under way: it changes no status (ADR 0154).
  if (payment.kind === "balance") return balanceCheckoutPaid(tx, payment, event, now);
  await tx.update(payments).set({ status: "paid", paymentIntentId: event.paymentIntentId, paidAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
  const [row] = await tx
    .select({ stay: stays, userId: households.userId })
    .from(stays)
    .leftJoin(households, eq(households.id, stays.householdId))
    .where(eq(stays.id, payment.stayId))
    .for("update", { of: stays });
  const stay = row!.stay;
  await tx
    .insert(stayEvents)
    .values({ stayId: stay.id, kind: "deposit_paid", actor: "system:payments", detail: { amountCents: payment.amountCents }, at: now });
  if (stay.status !== "awaiting_payment" || !row!.userId) {
    // Paid after the stay was cancelled or its hold ended: the money goes back in full.
    await queueRefund(tx, payment, { amountCents: payment.amountCents, reason: "paid after the hold ended", actor: "system:payments", now });
    return true;
  }
  const guests = await tx.select({ catId: stayCats.catId }).from(stayCats).where(eq(stayCats.stayId, stay.id));
  const catIds = guests.flatMap((g) => (g.catId ? [g.catId] : []));
  const coverage = await vaccineCoverage(tx, { userId: row!.userId, catIds, through: stay.checkOut, now });
  // A record that lapsed meanwhile is for staff to sort out with the customer: the stay waits for review.
  const status = coverage.every((c) => c.state === "ready") ? "confirmed" : "pending_review";
  await tx.update(stays).set({ status, paymentDueAt: null, updatedAt: now }).where(eq(stays.id, stay.id));
  await queueStayMail(tx, stay.id, status, ctx.siteUrl, now);
  return true;
}

/**
 * A stay's balance paid by card. The stay's one paid balance is held by `payments_one_paid_balance`:
 * a checkout paid after the balance was settled another way (which closes open checkouts first, so
 * only a provider that took the card anyway gets here) is kept unpaid and logged in the stay's
 * events for staff to give back in the provider's dashboard; the event is not delivered again.
 */
async function balanceCheckoutPaid(tx: Tx, payment: Payment, event: Extract<PaymentEvent, { type: "checkout_completed" }>, now: Date): Promise<boolean> {
  const recorded = await inTransaction(tx, async (spDb) => {
    await spDb.update(payments).set({ status: "paid", paymentIntentId: event.paymentIntentId, paidAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
    return true;
  }).catch((error: unknown) => {
    if (sqlStateOf(error) === "23505") return false;
    throw error;
  });
  await tx.insert(stayEvents).values({
    stayId: payment.stayId,
    kind: recorded ? "balance_paid" : "balance_paid_twice",
    actor: "system:payments",
    detail: { amountCents: payment.amountCents, method: "card", paymentIntentId: event.paymentIntentId },
    at: now,
  });
  return recorded;
}

async function refundSucceeded(tx: Db, event: Extract<PaymentEvent, { type: "refund_succeeded" }>, now: Date) {
  const [payment] = await tx.select().from(payments).where(eq(payments.paymentIntentId, event.paymentIntentId)).for("update");
  if (!payment) throw new PaymentEventNotReady(`no payment yet for ${event.paymentIntentId}`);
  const [known] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, event.refundId));
  if (known) return;
  const ours =
    event.refundRowId && isUuid(event.refundRowId)
      ? (
          await tx
            .select()
            .from(paymentRefunds)
            .where(and(eq(paymentRefunds.id, event.refundRowId), eq(paymentRefunds.paymentId, payment.id)))
        )[0]
      : undefined;
  if (ours) {
    await tx.update(paymentRefunds).set({ providerRefundId: event.refundId, status: "succeeded", updatedAt: now }).where(eq(paymentRefunds.id, ours.id));
    return;
  }
  // Refunded at the provider (its dashboard): recorded as it happened there.
  const row = await queueRefund(tx, payment, { amountCents: event.amountCents, reason: "refunded at the payment provider", actor: "provider", now });
  await tx.update(paymentRefunds).set({ providerRefundId: event.refundId, status: "succeeded" }).where(eq(paymentRefunds.id, row.id));
}

/**
 * Releases the stays whose deposit was not paid in time: each open checkout is closed first at the
 * provider that opened it, and a stay whose checkout turns out to be paid keeps its suite (its
 * payment's event confirms it). A checkout of a provider this server no longer has cannot be closed,
 * so its stay keeps the suite too, and the log says why. Safe in several processes at once. Returns
 * the stays released.
 */
export async function releaseUnpaidHolds(db: Db, providers: PaymentProviders, now: Date, logger?: Logger): Promise<number> {
  const due = await db
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.status, "awaiting_payment"), lte(stays.paymentDueAt, now)))
    .orderBy(asc(stays.paymentDueAt))
    .limit(100);
  if (due.length === 0) return 0;
  const open = await db
    .select({ stayId: payments.stayId, sessionId: payments.checkoutSessionId, provider: payments.provider })
    .from(payments)
    .where(
      and(
        inArray(
          payments.stayId,
          due.map((d) => d.id),
        ),
        eq(payments.status, "pending"),
      ),
    );
  const keptHeld = new Set<string>();
  for (const checkout of open) {
    const provider = providers.get(checkout.provider);
    if (!provider) {
      logger?.warn(
        { stayId: checkout.stayId, sessionId: checkout.sessionId, provider: checkout.provider },
        "unpaid hold kept: its checkout's payment provider is not configured, so the checkout cannot be closed",
      );
      keptHeld.add(checkout.stayId);
      // A pending payment is a card checkout: cash and checks are recorded paid (`payments_method_fields`).
    } else if (!(await provider.expireCheckout(checkout.sessionId!))) keptHeld.add(checkout.stayId);
  }
  const releasable = due.map((d) => d.id).filter((id) => !keptHeld.has(id));
  if (releasable.length === 0) return 0;
  return inTransaction(db, async (tx) => {
    // Locked, and still unpaid: a payment handled a moment ago has confirmed its stay.
    const lapsed = await tx
      .select({ id: stays.id })
      .from(stays)
      .where(and(inArray(stays.id, releasable), eq(stays.status, "awaiting_payment"), lte(stays.paymentDueAt, now)))
      .for("update", { skipLocked: true });
    const ids = lapsed.map((s) => s.id);
    if (ids.length === 0) return 0;
    await tx
      .update(payments)
      .set({ status: "expired", updatedAt: now })
      .where(and(inArray(payments.stayId, ids), eq(payments.status, "pending")));
    await releaseLapsedHolds(tx, ids, { kind: "payment_expired", actor: "system:payments", now });
    return ids.length;
  });
}

/** A stay's payments and their refunds, for staff and for the customer's stay card. */
export async function paymentsOfStays(db: Db, stayIds: string[]): Promise<Map<string, (Payment & { refunds: PaymentRefund[] })[]>> {
  const byStay = new Map<string, (Payment & { refunds: PaymentRefund[] })[]>();
  if (stayIds.length === 0) return byStay;
  const rows = await db.select().from(payments).where(inArray(payments.stayId, stayIds)).orderBy(asc(payments.createdAt));
  const refunds =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(paymentRefunds)
          .where(
            inArray(
              paymentRefunds.paymentId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(paymentRefunds.createdAt));
  for (const row of rows) byStay.set(row.stayId, [...(byStay.get(row.stayId) ?? []), { ...row, refunds: refunds.filter((r) => r.paymentId === row.id) }]);
  return byStay;
}

/**
 * Staff give back part or all of a paid deposit by hand; the refund is queued and sent at once,
 * through the provider that took the deposit. One whose provider this server no longer has is
 * refused, and logged, before anything is queued.
 */
export async function refundByStaff(
  db: Db,
  providers: PaymentProviders,
  input: { paymentId: string; amountCents: number; staffEmail: string },
  ctx: { logger?: Logger; now: Date },
): Promise<PaymentRefund> {
  const now = ctx.now;
  if (!isUuid(input.paymentId)) throw new AppError(404, "PAYMENT_NOT_FOUND", "We couldn't find that payment.");
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new AppError(400, "VALIDATION_FAILED", "Enter an amount above $0.00.", { fields: { amount: "Enter an amount above $0.00." } });
  const refund = await inTransaction(db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!payment) throw new AppError(404, "PAYMENT_NOT_FOUND", "We couldn't find that payment.");
    if (!providers.get(payment.provider)) {
      const reason = new PaymentProviderNotConfigured(payment.provider);
      ctx.logger?.warn({ paymentId: payment.id, provider: payment.provider }, `refund refused: ${reason.message}`);
      throw new AppError(409, "PAYMENT_PROVIDER_NOT_CONFIGURED", `${reason.message} Refund it in that provider's own dashboard.`);
    }
    const left = payment.amountCents - payment.refundedCents;
    if (input.amountCents > left)
      throw new AppError(409, "REFUND_TOO_LARGE", `At most ${formatCents(left)} is left to refund on this payment.`, {
        fields: { amount: `At most ${formatCents(left)} is left to refund.` },
      });
    const row = await queueRefund(tx, payment, { amountCents: input.amountCents, reason: "refunded by staff", actor: input.staffEmail, now });
    await tx
      .insert(stayEvents)
      .values({ stayId: payment.stayId, kind: "refund_queued", actor: input.staffEmail, detail: { amountCents: input.amountCents, reason: "staff" }, at: now });
    return row;
  });
  await sendPendingRefunds(db, providers, ctx.logger, now);
  return refund;
}

/** Every minute: unpaid holds released (and their suites offered on), queued refunds sent. */
export const paymentsJob: PeriodicJob = {
  name: "payments",
  everyMs: 60_000,
  async run(deps, now) {
    const released = await releaseUnpaidHolds(deps.db, deps.payments, now, deps.logger);
    if (released > 0) deps.logger.info({ released }, "unpaid deposit holds released");
    await sendPendingRefunds(deps.db, deps.payments, deps.logger, now);
  },
};

export interface StaffPayment {
  id: string;
  stayId: string;
  checkIn: string;
  checkOut: string;
  stayStatus: string;
  household: string;
  provider: PaymentProviderName | null;
  method: PaymentMethod;
  kind: PaymentKind;
  amountCents: number;
  refundedCents: number;
  paidAt: string | null;
  /** `by`: who gave it back, in words ("by the customer", "by staff@…"); `actor` as recorded. */
  /** `creditNoteNumber`: the refund's credit note (ADR 0193; null for one made before credit notes). */
  refunds: {
    id: string;
    amountCents: number;
    status: "pending" | "succeeded";
    reason: string;
    actor: string;
    by: string;
    createdAt: string;
    creditNoteNumber: number | null;
  }[];
}

/** The latest paid deposits with their stays and refunds, newest first, for the staff desk. */
export async function recentPayments(db: Db, limit = 30): Promise<StaffPayment[]> {
  const rows = await db
    .select({ payment: payments, stay: stays, householdId: households.id, household: households.name, email: users.email })
    .from(payments)
    .innerJoin(stays, eq(stays.id, payments.stayId))
    .leftJoin(households, eq(households.id, stays.householdId))
    .leftJoin(users, eq(users.id, households.userId))
    .where(eq(payments.status, "paid"))
    .orderBy(desc(payments.paidAt))
    .limit(limit);
  const stayIds = [...new Set(rows.map((r) => r.stay.id))];
  const byStay = await paymentsOfStays(db, stayIds);
  const creditNoteOf = await creditNoteNumbers(
    db,
    [...byStay.values()].flat().flatMap((p) => p.refunds.map((r) => r.id)),
  );
  return rows.map(({ payment, stay, householdId, household, email }) => ({
    id: payment.id,
    stayId: stay.id,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    stayStatus: stay.status,
    household: customerLabel(householdId ? { name: household, email } : null),
    provider: payment.provider,
    method: payment.method,
    kind: payment.kind,
    amountCents: payment.amountCents,
    refundedCents: payment.refundedCents,
    paidAt: payment.paidAt?.toISOString() ?? null,
    refunds: (byStay.get(stay.id)?.find((p) => p.id === payment.id)?.refunds ?? []).map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      status: r.status,
      reason: r.reason,
      actor: r.actor,
      by: refundActorLabel(r.actor),
      createdAt: r.createdAt.toISOString(),
      creditNoteNumber: creditNoteOf.get(r.id) ?? null,
    })),
  }));
}
