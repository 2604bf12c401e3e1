import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { depositRefundOn } from "~/features/stays/model";
import type { Db } from "../db/client";
import { paymentRefunds, payments, stayEvents, type stays } from "../db/schema/index";
import { sqlStateOf } from "../db/sql-state";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import type { PaymentProviders } from "./provider";

/**
 * Refunds are written first and sent after (ADR 0132): a refund row is queued in the transaction of
 * the change that owes it (a cancellation, a staff refund), with the payment's refunded total, so
 * nothing owed is lost if the provider cannot be reached; `sendPendingRefunds` then sends each with
 * its row id as the idempotency key, so sending again never refunds twice.
 */

export type Payment = typeof payments.$inferSelect;
export type PaymentRefund = typeof paymentRefunds.$inferSelect;

/** check_violation: a check constraint refused the row. */
const CHECK_VIOLATION = "23514";

/**
 * Queues a refund of `amountCents` on a paid payment, in the caller's transaction. The payments
 * table's check (refunded ≤ paid) refuses more than is left, whatever else runs at the same moment.
 */
export async function queueRefund(
  tx: Db,
  payment: Pick<Payment, "id">,
  input: { amountCents: number; reason: string; actor: string; now: Date },
): Promise<PaymentRefund> {
  try {
    // A savepoint: a refused refund leaves the caller's transaction usable.
    return await tx.transaction(async (spDb) => {
      const sp = spDb as unknown as Db;
      const updated = await sp
        .update(payments)
        .set({ refundedCents: sql`${payments.refundedCents} + ${input.amountCents}`, updatedAt: input.now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "paid")))
        .returning({ id: payments.id });
      if (updated.length === 0) throw new AppError(409, "PAYMENT_NOT_REFUNDABLE", "Only a paid deposit can be refunded.");
      const [row] = await sp
        .insert(paymentRefunds)
        .values({ paymentId: payment.id, amountCents: input.amountCents, reason: input.reason, actor: input.actor, createdAt: input.now, updatedAt: input.now })
        .returning();
      return row!;
    });
  } catch (error) {
    if (sqlStateOf(error) === CHECK_VIOLATION)
      throw new AppError(409, "REFUND_TOO_LARGE", "That is more than is left to refund on this payment.", {
        fields: { amount: "That is more than is left to refund." },
      });
    throw error;
  }
}

/**
 * On cancelling a stay: what its cancellation policy gives back of the paid deposit on `today` (the
 * business's date), queued against its paid payments. Returns the cents to be refunded.
 */
export async function queueCancellationRefund(
  tx: Db,
  stay: Pick<typeof stays.$inferSelect, "id" | "status" | "cancellationTiers">,
  ctx: { today: string; now: Date; actor: string },
): Promise<number> {
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.stayId, stay.id), eq(payments.status, "paid")))
    .orderBy(asc(payments.paidAt))
    .for("update");
  const left = paid.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0);
  // The deposit is the first money towards the fee: the policy's fee is kept, the rest goes back.
  let owed = depositRefundOn(stay.cancellationTiers, ctx.today, left);
  const total = owed;
  for (const payment of paid) {
    const part = Math.min(owed, payment.amountCents - payment.refundedCents);
    if (part <= 0) continue;
    await queueRefund(tx, payment, { amountCents: part, reason: "cancellation", actor: ctx.actor, now: ctx.now });
    owed -= part;
  }
  if (total > 0)
    await tx
      .insert(stayEvents)
      .values({ stayId: stay.id, kind: "refund_queued", actor: ctx.actor, detail: { amountCents: total, reason: "cancellation" }, at: ctx.now });
  return total;
}

/**
 * Sends every queued refund to the provider that took its payment (never to another: a payment the
 * simulated provider took is not refunded through Stripe); one that fails, or whose provider this
 * server no longer has, stays queued for the next run with the reason. Returns how many were sent.
 */
export async function sendPendingRefunds(db: Db, providers: PaymentProviders, logger?: Logger, now = new Date()): Promise<number> {
  const pending = await db
    .select({ refund: paymentRefunds, paymentIntentId: payments.paymentIntentId, provider: payments.provider })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.status, "pending"))
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(50);
  let sent = 0;
  for (const { refund, paymentIntentId, provider } of pending) {
    try {
      const { refundId } = await providers.forPayment({ provider }).refund({
        paymentIntentId: paymentIntentId!,
        amountCents: refund.amountCents,
        idempotencyKey: `refund:${refund.id}`,
        refundRowId: refund.id,
      });
      // The refund's webhook may have recorded the same id first.
      await db
        .update(paymentRefunds)
        .set({ providerRefundId: refundId, status: "succeeded", lastError: null, updatedAt: now })
        .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.providerRefundId)));
      await db.update(paymentRefunds).set({ status: "succeeded", updatedAt: now }).where(eq(paymentRefunds.id, refund.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger?.warn({ err: error, refundId: refund.id, provider }, "refund not sent; it stays queued");
      await db
        .update(paymentRefunds)
        .set({ lastError: message.slice(0, 500), updatedAt: now })
        .where(eq(paymentRefunds.id, refund.id));
    }
  }
  return sent;
}
