import { and, eq, sql } from "drizzle-orm";
import { nightsOf } from "~/domain/calendar";
import type { ReceiptFigures } from "~/domain/receipt";
import { customerLabel } from "~/domain/stay-wording";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { type creditNoteCounter, households, receiptCounter, receipts, stays, users } from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import { AppError } from "../http/errors";
import { queueMail } from "../mail/queue";
import { receiptMail } from "../messages/catalogue";
import type { DocumentParties } from "../receipts/receipt-pdf";
import type { StayBalance } from "./balance";
import { catNamesByStay } from "./guests";
import { householdOf, readableBy } from "../db/owned";
import type { Tx } from "../db/transaction";

/**
 * Receipts (ADR 0154): one per stay, issued in its check-out's transaction with the next number of
 * `receipt_counter`, so the numbers run without gaps (a check-out that rolls back gives its number
 * back), its figures frozen as they were then, and mailed to the household.
 */

export type Receipt = typeof receipts.$inferSelect;

/**
 * Takes the next number of a document counter (receipts', credit notes') under its one row's lock,
 * which the caller's transaction holds until it ends: a transaction that rolls back gives its number back.
 */
export async function takeNextNumber(tx: Db, counter: typeof receiptCounter | typeof creditNoteCounter): Promise<number> {
  const [row] = await tx
    .insert(counter)
    .values({ id: 1, next: 2 })
    .onConflictDoUpdate({ target: counter.id, set: { next: sql`${counter.next} + 1` } })
    .returning({ next: counter.next });
  return row!.next - 1;
}

/**
 * Who a stay's receipt and credit notes are for (ADR 0193): the household (its name, else the
 * account's e-mail) and the cats as booked, read when the PDF is made rather than frozen in the
 * figures, so a deleted account's documents no longer name it.
 */
export async function stayParties(db: Db, stayId: string): Promise<DocumentParties> {
  const [row] = await db
    .select({ householdId: households.id, name: households.name, email: users.email })
    .from(stays)
    .leftJoin(households, eq(households.id, stays.householdId))
    .leftJoin(users, eq(users.id, households.userId))
    .where(eq(stays.id, stayId));
  const cats = (await catNamesByStay(db, [stayId])).get(stayId) ?? [];
  return {
    household: customerLabel(row?.householdId ? { name: row.name, email: row.email } : null),
    catNames: cats.map((name) => name ?? "A cat"),
  };
}

/** Issues the stay's receipt in the caller's (check-out's) transaction and queues its mail. */
export async function issueReceipt(tx: Tx, stay: typeof stays.$inferSelect, balance: StayBalance, ctx: { siteUrl: string; now: Date }): Promise<Receipt> {
  const figures: ReceiptFigures = {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: nightsOf(stay.checkIn, stay.checkOut).length,
    lines: stay.priceLines,
    totalCents: stay.totalCents,
    payments: balance.paid.map((p) => ({ kind: p.kind, method: p.method, amountCents: p.amountCents, refundedCents: p.refundedCents, reference: p.reference })),
    balanceDueCents: balance.dueCents,
  };
  const number = await takeNextNumber(tx, receiptCounter);
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
    .select({ receipt: receipts })
    .from(receipts)
    .innerJoin(stays, eq(stays.id, receipts.stayId))
    .where(and(eq(receipts.stayId, stayId), readableBy(stays.householdId, { userId: reader.userId, seesEveryHousehold: reader.isAdmin })));
  if (!row) throw RECEIPT_NOT_FOUND();
  return row.receipt;
}

/** The household's receipts by stay: their numbers, for My Trips' links. */
export async function householdReceipts(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ stayId: receipts.stayId, number: receipts.number })
    .from(receipts)
    .innerJoin(stays, eq(stays.id, receipts.stayId))
    .innerJoin(households, and(eq(households.id, stays.householdId), householdOf(userId)));
  return new Map(rows.map((r) => [r.stayId, r.number]));
}
