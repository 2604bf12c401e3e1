import { and, asc, eq, inArray } from "drizzle-orm";
import { type PaidPayment, balanceDueCents } from "~/features/stays/receipt";
import type { Db } from "../db/client";
import { payments } from "../db/schema/index";

/**
 * A stay's balance (ADR 0154): its price after offers and credits (`total_cents`, whose lines carry
 * them) less every paid payment net of what was given back. Read here, beside the check-out that
 * asks it; server/payments records what settles it.
 */
export interface StayBalance {
  totalCents: number;
  /** Paid payments, oldest first. */
  paid: (PaidPayment & { id: string; paidAt: Date | null })[];
  dueCents: number;
  /**
   * The balance of the stay's price as it stands was settled (a paid `balance` row for this price:
   * one per stay and price, `payments_one_paid_balance`). A stay kept longer (ADR 0182) has a new
   * price, whose remainder a balance of its own settles.
   */
  balancePaid: boolean;
}

/** The statuses a balance is taken in: at the desk while the cat is with us, or later while it is owed (ADR 0182). */
export const BALANCE_STATUSES = ["checked_in", "checked_out"] as const;

export async function balancesOf(db: Db, stays: readonly { id: string; totalCents: number }[]): Promise<Map<string, StayBalance>> {
  const byStay = new Map<string, StayBalance>();
  if (stays.length === 0) return byStay;
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(
          payments.stayId,
          stays.map((s) => s.id),
        ),
        eq(payments.status, "paid"),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
  for (const stay of stays) {
    const paid = rows
      .filter((p) => p.stayId === stay.id)
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        method: p.method,
        amountCents: p.amountCents,
        refundedCents: p.refundedCents,
        reference: p.reference,
        paidAt: p.paidAt,
      }));
    byStay.set(stay.id, {
      totalCents: stay.totalCents,
      paid,
      dueCents: balanceDueCents(stay.totalCents, paid),
      balancePaid: rows.some((p) => p.stayId === stay.id && p.kind === "balance" && p.settlesTotalCents === stay.totalCents),
    });
  }
  return byStay;
}

export async function stayBalance(db: Db, stay: { id: string; totalCents: number }): Promise<StayBalance> {
  return (await balancesOf(db, [stay])).get(stay.id)!;
}
