import { and, asc, eq, sql } from "drizzle-orm";
import { GUARANTEE_DAYS } from "~/domain/guarantee";
import { formatCents } from "~/lib/money";
import { isUuid } from "~/lib/ids";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { households, paymentRefunds, payments, stayEvents, stays, users } from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { queueMail } from "../mail/queue";
import { guaranteeRefundMail } from "../messages/catalogue";
import { issueCreditNote } from "../stays/credit-notes";
import { queueRefund } from "../stays/refunds";
import { STAY_NOT_FOUND } from "../stays/stay";
import { sendPendingRefunds } from "./refunds";
import type { PaymentProviders } from "./provider";
import { PaymentProviderNotConfigured } from "./types";
import { inTransaction } from "../db/transaction";

/**
 * The satisfaction guarantee (ADR 0151): on a checked-out stay staff give back part or all of what
 * was paid, with the customer's reason. It is a refund like any other, sent through the provider
 * that took the money, recorded in the stay's events and told to the customer by mail; what cannot
 * go back to a card (a balance paid in cash or by check) is given back at the desk (ADR 0154).
 */

/**
 * Cash or a check given back by hand at the desk: no provider can, so the refund is recorded as done
 * (`succeeded`, with no provider id) with its credit note, and the payment's refunded total is raised
 * (its check holds it to what was paid).
 */
async function givenBackAtDesk(tx: Db, payment: { id: string }, input: { amountCents: number; reason: string; actor: string; now: Date }) {
  await tx
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${input.amountCents}`, updatedAt: input.now })
    .where(eq(payments.id, payment.id));
  const [refund] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      amountCents: input.amountCents,
      status: "succeeded",
      reason: `${input.reason} (given back at the desk)`,
      actor: input.actor,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await issueCreditNote(tx, refund!, input.now);
}

/** What guaranteeForm parsed (a reason of 1 to 500 characters, an amount above $0.00, in cents) and who gives it. */
export interface GuaranteeInput {
  stayId: string;
  amountCents: number;
  reason: string;
  staffEmail: string;
}

/** What the guarantee gave; `first` when it had been given already (a replay, another desk): what was given then, when and by whom. */
export interface GuaranteeGiven {
  amountCents: number;
  atDeskCents: number;
  late: boolean;
  first?: { at: Date; by: string };
}

/**
 * Gives the satisfaction guarantee on a checked-out stay, once (ADR 0179): a second post, from the
 * same form or another desk, changes nothing and answers what the first gave (`first`), held by the
 * unique index `stay_events_one_guarantee` and checked under the stay's row lock.
 */
export async function refundUnderGuarantee(
  db: Db,
  providers: PaymentProviders,
  input: GuaranteeInput,
  ctx: { siteUrl: string; logger?: Logger; now: Date },
): Promise<GuaranteeGiven> {
  const now = ctx.now;
  if (!isUuid(input.stayId)) throw STAY_NOT_FOUND();
  // The reason and the amount were checked by the form's schema (guaranteeForm); the rest needs the database.
  const reason = input.reason;
  // Read outside the transaction: the content cache is the database's handle, not the transaction's.
  const { business } = await loadSiteContent(db);
  const actor = `staff:${input.staffEmail}`;
  const result = await inTransaction(db, async (tx) => {
    const [stay] = await tx.select().from(stays).where(eq(stays.id, input.stayId)).for("update");
    if (!stay) throw STAY_NOT_FOUND();
    const [given] = await tx
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "guarantee")));
    if (given) {
      const detail = given.detail as { amountCents: number; atDeskCents?: number; late?: boolean };
      const first = { at: given.at, by: given.actor.replace(/^staff:/, "") };
      return { amountCents: detail.amountCents, atDeskCents: detail.atDeskCents ?? 0, late: detail.late ?? false, first };
    }
    if (stay.status !== "checked_out") throw new AppError(409, "STAY_NOT_CHECKED_OUT", "The satisfaction guarantee is for a stay that has checked out.");
    const paid = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.stayId, stay.id), eq(payments.status, "paid")))
      .orderBy(asc(payments.paidAt))
      .for("update");
    if (paid.length === 0) throw new AppError(409, "NOTHING_PAID", "Nothing was paid for this stay, so there is nothing to refund.");
    const left = paid.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0);
    if (input.amountCents > left)
      throw new AppError(409, "REFUND_TOO_LARGE", `At most ${formatCents(left)} is left to refund on this stay.`, {
        fields: { amount: `At most ${formatCents(left)} is left to refund.` },
      });
    let owed = input.amountCents;
    let atDeskCents = 0;
    // Cards first, through their provider; what is left comes out of cash or a check, given back at the desk (ADR 0154).
    for (const payment of paid.toSorted((a, b) => Number(a.method !== "card") - Number(b.method !== "card"))) {
      const part = Math.min(owed, payment.amountCents - payment.refundedCents);
      if (part <= 0) continue;
      if (payment.method !== "card") {
        await givenBackAtDesk(tx, payment, { amountCents: part, reason: `Satisfaction guarantee: ${reason}`, actor, now });
        atDeskCents += part;
        owed -= part;
        continue;
      }
      // Refused before anything is queued: a payment whose provider this server no longer has.
      if (!providers.get(payment.provider)) {
        const refused = new PaymentProviderNotConfigured(payment.provider);
        ctx.logger?.warn({ paymentId: payment.id, provider: payment.provider }, `guarantee refund refused: ${refused.message}`);
        throw new AppError(409, "PAYMENT_PROVIDER_NOT_CONFIGURED", `${refused.message} Refund it in that provider's own dashboard.`);
      }
      await queueRefund(tx, payment, { amountCents: part, reason: `Satisfaction guarantee: ${reason}`, actor, now });
      owed -= part;
    }
    const late = businessDate(now) > addBusinessDays(stay.checkOut, GUARANTEE_DAYS);
    const [event] = await tx
      .insert(stayEvents)
      .values({ stayId: stay.id, kind: "guarantee", actor, detail: { amountCents: input.amountCents, atDeskCents, reason, late }, at: now })
      .returning({ id: stayEvents.id });
    const [customer] = stay.householdId
      ? await tx.select({ email: users.email }).from(households).innerJoin(users, eq(users.id, households.userId)).where(eq(households.id, stay.householdId))
      : [];
    if (customer)
      await queueMail(
        tx,
        {
          dedupeKey: `stay:${stay.id}:guarantee:${event!.id}`,
          stayId: stay.id,
          message: guaranteeRefundMail({ to: customer.email, amountCents: input.amountCents, atDeskCents, stay, business, siteUrl: ctx.siteUrl }),
        },
        now,
      );
    return { amountCents: input.amountCents, atDeskCents, late } as GuaranteeGiven;
  });
  if (result.first) return result;
  await sendPendingRefunds(db, providers, ctx.logger, now);
  return result;
}
