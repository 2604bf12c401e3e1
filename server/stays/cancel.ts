import { and, eq, isNull } from "drizzle-orm";
import { cancellationFeeOn } from "~/domain/cancellation";
import { businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { staySuites, stayEvents, stays, waitlistEntries } from "../db/schema/index";
import { inTransaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { returnReferralCredits } from "../referrals/referrals";
import { lockBookedStay, passOnFirstNightFree } from "./first-night";
import { queueCancellationRefund } from "./refunds";
import { type Stay, changeable, ownStay } from "./stay";
import { queueStayMail } from "./stay-mail";

/**
 * Cancels the household's stay before check-in: the suites are freed, the fee of the day recorded, the
 * mail queued. Answers the cancelled stay and what this cancellation gives back of its deposit (a
 * refund staff made earlier is not in it), for the customer to read.
 */
export async function cancelStay(db: Db, userId: string, stayId: string, ctx: { siteUrl: string; now: Date }): Promise<{ stay: Stay; refundCents: number }> {
  const now = ctx.now;
  return inTransaction(db, async (tx) => {
    const current = await ownStay(tx, userId, stayId);
    // The person's locks, then the row (ADR 0199): a cancel racing another cancel, a change or a
    // booking of the household sees the other's result, and never waits in a circle with them.
    await lockBookedStay(tx, current.id);
    const [stay] = await tx.select().from(stays).where(eq(stays.id, current.id));
    if (!stay || !(changeable(stay, businessDate(now)) || stay.status === "offered" || stay.status === "awaiting_payment"))
      throw new AppError(409, "STAY_NOT_CANCELLABLE", "This stay can no longer be cancelled online. Please call us.");
    // Turning down a waitlist offer, or a stay whose deposit was never paid, costs nothing.
    const unconfirmed = stay.status === "offered" || stay.status === "awaiting_payment";
    const fee = unconfirmed ? 0 : cancellationFeeOn(stay.cancellationTiers, businessDate(now));
    // What the policy gives back of a paid deposit, queued to the provider with the cancellation (ADR 0132).
    const refundCents = await queueCancellationRefund(tx, stay, { today: businessDate(now), now, actor: `customer:${userId}` });
    const [row] = await tx.update(stays).set({ status: "cancelled", cancellationFeeCents: fee, updatedAt: now }).where(eq(stays.id, stay.id)).returning();
    await tx
      .update(staySuites)
      .set({ releasedAt: now })
      .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt)));
    await tx.insert(stayEvents).values({ stayId: stay.id, kind: "cancelled", actor: `customer:${userId}`, detail: { feeCents: fee, refundCents }, at: now });
    await returnReferralCredits(tx, [stay.id], now);
    await passOnFirstNightFree(tx, [stay.id], { actor: `customer:${userId}`, now });
    if (stay.status === "offered")
      await tx.update(waitlistEntries).set({ status: "withdrawn", updatedAt: now }).where(eq(waitlistEntries.offeredStayId, stay.id));
    else await queueStayMail(tx, stay.id, "cancelled", ctx.siteUrl, now);
    return { stay: row!, refundCents };
  });
}
