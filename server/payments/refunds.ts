import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRefunds, payments } from "../db/schema/index";
import type { Logger } from "../logger";
import type { PaymentProviders } from "./provider";

/**
 * Refunds are written first and sent after (ADR 0132): a refund row is queued in the transaction of
 * the change that owes it (`queueRefund` in server/stays/refunds.ts: a cancellation, a staff refund),
 * with the payment's refunded total, so nothing owed is lost if the provider cannot be reached;
 * `sendPendingRefunds` then sends each with its row id as the idempotency key, so sending again never
 * refunds twice.
 */

export type Payment = typeof payments.$inferSelect;
/** A card payment: the check `payments_method_fields` holds that it has its provider and checkout. */
export type CardPayment = Payment & { method: "card"; provider: NonNullable<Payment["provider"]>; checkoutSessionId: string };
export type PaymentRefund = typeof paymentRefunds.$inferSelect;

/**
 * Sends every queued refund to the provider that took its payment (never to another: a payment the
 * simulated provider took is not refunded through Stripe); one that fails, or whose provider this
 * server no longer has, stays queued for the next run with the reason. Returns how many were sent.
 */
export async function sendPendingRefunds(db: Db, providers: PaymentProviders, logger: Logger | undefined, now: Date): Promise<number> {
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
