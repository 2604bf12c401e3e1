import { type SQL, type SQLWrapper, and, asc, eq, inArray, sql } from "drizzle-orm";
import type { PaidPayment } from "~/domain/receipt";
import type { Db } from "../db/client";
import { payments, stayEvents } from "../db/schema/index";

/**
 * A stay's balance (ADR 0154): its price after offers and credits (`total_cents`, whose lines carry
 * them) less every paid payment net of what was given back, less what the satisfaction guarantee gave
 * back (a concession that lowers what the stay costs, never owed again). Read here, beside the
 * check-out that asks it; server/payments records what settles it.
 */

/**
 * What the stay `stayId` still owes at the price `totalCents` (negative when more was paid than it
 * costs): the one sum the balance at the desk (`balancesOf`) and what a household owes
 * (`server/stays/owed.ts`) both read.
 */
export function dueCentsSql(stayId: SQLWrapper, totalCents: SQLWrapper): SQL<number> {
  const netPaid = sql`coalesce((select sum(${payments.amountCents} - ${payments.refundedCents}) from ${payments} where ${payments.stayId} = ${stayId} and ${payments.status} = 'paid'), 0)`;
  const guaranteed = sql`coalesce((select sum((${stayEvents.detail}->>'amountCents')::int) from ${stayEvents} where ${stayEvents.stayId} = ${stayId} and ${stayEvents.kind} = 'guarantee'), 0)`;
  return sql<number>`(${totalCents} - ${netPaid} - ${guaranteed})::int`;
}

export interface StayBalance {
  totalCents: number;
  /** Paid payments, oldest first. */
  paid: (PaidPayment & { id: string; paidAt: Date | null })[];
  /** What is left to pay: never below nothing. */
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
  const priced = sql.join(
    stays.map((s) => sql`(${s.id}::uuid, ${s.totalCents}::int)`),
    sql`, `,
  );
  // What is due and whether this price's balance was paid, read in one statement (one snapshot): a
  // balance recorded meanwhile is seen by both or by neither, so a second desk is told it was paid.
  const dues = (await db.execute(
    sql`select v.id, greatest(0, ${dueCentsSql(sql`v.id`, sql`v.total`)}) as due,
      exists (select 1 from ${payments} where ${payments.stayId} = v.id and ${payments.status} = 'paid' and ${payments.kind} = 'balance'
        and ${payments.settlesTotalCents} = v.total) as balance_paid
      from (values ${priced}) as v(id, total)`,
  )) as unknown as { rows: { id: string; due: number; balance_paid: boolean }[] };
  const dueOf = new Map(dues.rows.map((d) => [d.id, { dueCents: Number(d.due), balancePaid: d.balance_paid === true }]));
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
      dueCents: dueOf.get(stay.id)?.dueCents ?? 0,
      balancePaid: dueOf.get(stay.id)?.balancePaid ?? false,
    });
  }
  return byStay;
}

export async function stayBalance(db: Db, stay: { id: string; totalCents: number }): Promise<StayBalance> {
  return (await balancesOf(db, [stay])).get(stay.id)!;
}
