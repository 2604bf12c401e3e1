import { and, eq, sql } from "drizzle-orm";
import { nightsOf } from "~/features/stays/model";
import type { ReceiptFigures } from "~/features/stays/receipt";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { households, receiptCounter, receipts, stays, users } from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import { AppError } from "../http/errors";
import { queueMail } from "../mail/queue";
import { receiptMail } from "../messages/catalogue";
import type { StayBalance } from "./balance";

/**
 * Receipts (ADR 0154): one per stay, issued in its check-out's transaction with the next number of
 * `receipt_counter`, so the numbers run without gaps (a check-out that rolls back gives its number
 * back), its figures frozen as they were then, and mailed to the household.
 */

export type Receipt = typeof receipts.$inferSelect;

/** Takes the next receipt number under the counter row's lock, which the caller's transaction holds until it ends. */
async function nextReceiptNumber(tx: Db): Promise<number> {
  const [row] = await tx
    .insert(receiptCounter)
    .values({ id: 1, next: 2 })
    .onConflictDoUpdate({ target: receiptCounter.id, set: { next: sql`${receiptCounter.next} + 1` } })
    .returning({ next: receiptCounter.next });
  return row!.next - 1;
}

/** Issues the stay's receipt in the caller's (check-out's) transaction and queues its mail. */
export async function issueReceipt(tx: Db, stay: typeof stays.$inferSelect, balance: StayBalance, ctx: { siteUrl: string; now: Date }): Promise<Receipt> {
  const figures: ReceiptFigures = {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: nightsOf(stay.checkIn, stay.checkOut).length,
    lines: stay.priceLines,
    totalCents: stay.totalCents,
    payments: balance.paid.map((p) => ({ kind: p.kind, method: p.method, amountCents: p.amountCents, refundedCents: p.refundedCents, reference: p.reference })),
    balanceDueCents: balance.dueCents,
  };
  const number = await nextReceiptNumber(tx);
  const [receipt] = await tx.insert(receipts).values({ number, stayId: stay.id, figures, issuedAt: ctx.now }).returning();
  const [customer] = stay.householdId
    ? await tx.select({ email: users.email }).from(households).innerJoin(users, eq(users.id, households.userId)).where(eq(households.id, stay.householdId))
    : [];
  if (customer) {
    const { business } = await loadSiteContent(tx);
    await queueMail(
      tx,
      { dedupeKey: `stay:${stay.id}:receipt`, stayId: stay.id, message: receiptMail({ to: customer.email, number, figures, business, siteUrl: ctx.siteUrl }) },
      ctx.now,
    );
  }
  return receipt!;
}

const RECEIPT_NOT_FOUND = () => new AppError(404, "RECEIPT_NOT_FOUND", "We couldn't find that receipt.");

/** A stay's receipt, for the stay's household and for staff; anyone else (and a stay without one) reads 404. */
export async function readReceipt(db: Db, reader: { userId: string; isAdmin: boolean }, stayId: string): Promise<Receipt> {
  if (!isUuid(stayId)) throw RECEIPT_NOT_FOUND();
  const [row] = await db
    .select({ receipt: receipts, userId: households.userId })
    .from(receipts)
    .innerJoin(stays, eq(stays.id, receipts.stayId))
    .leftJoin(households, eq(households.id, stays.householdId))
    .where(eq(receipts.stayId, stayId));
  if (!row || (!reader.isAdmin && row.userId !== reader.userId)) throw RECEIPT_NOT_FOUND();
  return row.receipt;
}

/** The household's receipts by stay: their numbers, for My Trips' links. */
export async function householdReceipts(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ stayId: receipts.stayId, number: receipts.number })
    .from(receipts)
    .innerJoin(stays, eq(stays.id, receipts.stayId))
    .innerJoin(households, and(eq(households.id, stays.householdId), eq(households.userId, userId)));
  return new Map(rows.map((r) => [r.stayId, r.number]));
}
