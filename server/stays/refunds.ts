import { and, asc, eq, sql } from "drizzle-orm";
import { depositRefundOn } from "~/domain/deposits";
import type { Db } from "../db/client";
import { paymentRefunds, payments, stayEvents, type stays } from "../db/schema/index";
import { sqlStateOf } from "../db/sql-state";
import { AppError } from "../http/errors";
import { issueCreditNote } from "./credit-notes";
import { inTransaction } from "../db/transaction";

/**
 * What a stay's change owes back of its deposit, queued in that change's transaction (ADR 0132):
 * server/payments sends it to the provider (`sendPendingRefunds`). Here, beside the stays whose
 * changes owe it, so the payments folder (which confirms and releases stays) is the only one of the
 * two that imports the other.
 */

/** check_violation: a check constraint refused the row. */
const CHECK_VIOLATION = "23514";

/**
 * Queues a refund of `amountCents` on a paid payment, with its credit note, in the caller's
 * transaction. The payments table's check (refunded ≤ paid) refuses more than is left, whatever else
 * runs at the same moment.
 */
export async function queueRefund(
  tx: Db,
  payment: Pick<typeof payments.$inferSelect, "id">,
  input: { amountCents: number; reason: string; actor: string; now: Date },
): Promise<typeof paymentRefunds.$inferSelect> {
  try {
    // A savepoint: a refused refund leaves the caller's transaction usable.
    return await inTransaction(tx, async (sp) => {
      const updated = await sp
        .update(payments)
        .set({ refundedCents: sql`${payments.refundedCents} + ${input.amountCents}`, updatedAt: input.now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "paid"), eq(payments.method, "card")))
        .returning({ id: payments.id });
      if (updated.length === 0)
        throw new AppError(
          409,
          "PAYMENT_NOT_REFUNDABLE",
          "Only a paid card payment can be refunded through the provider; cash and checks are given back at the desk.",
        );
      const [row] = await sp
        .insert(paymentRefunds)
        .values({ paymentId: payment.id, amountCents: input.amountCents, reason: input.reason, actor: input.actor, createdAt: input.now, updatedAt: input.now })
        .returning();
      // Its credit note, in the same savepoint: a refund refused gives the number back (ADR 0193).
      await issueCreditNote(sp, row!, input.now);
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
    .where(and(eq(payments.stayId, stay.id), eq(payments.status, "paid"), eq(payments.method, "card")))
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
