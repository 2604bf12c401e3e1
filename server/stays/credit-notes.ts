import { and, eq, inArray } from "drizzle-orm";
import type { CreditNoteFigures } from "~/domain/credit-note";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { readableBy } from "../db/owned";
import { creditNoteCounter, creditNotes, type paymentRefunds, payments, receipts, stays } from "../db/schema/index";
import { AppError } from "../http/errors";
import { takeNextNumber } from "./receipts";

/**
 * Credit notes (ADR 0193): every refund of a stay's payment, whatever its cause (a cancellation, the
 * satisfaction guarantee, staff, the provider's dashboard, a payment that came after its hold), issues
 * one in the refund's own transaction, numbered from `credit_note_counter` without gaps (a refund
 * refused or rolled back gives its number back) and held once per refund by the unique refund id.
 */

export type CreditNote = typeof creditNotes.$inferSelect;

/**
 * Issues the credit note of a refund row just written, in the refund's transaction: the figures of
 * its payment and stay as they are now, and the stay's receipt when it has one.
 */
export async function issueCreditNote(
  tx: Db,
  refund: Pick<typeof paymentRefunds.$inferSelect, "id" | "paymentId" | "amountCents" | "reason">,
  now: Date,
): Promise<CreditNote> {
  const [row] = await tx
    .select({
      payment: payments,
      stay: { id: stays.id, checkIn: stays.checkIn, checkOut: stays.checkOut },
      receipt: { id: receipts.id, number: receipts.number },
    })
    .from(payments)
    .innerJoin(stays, eq(stays.id, payments.stayId))
    .leftJoin(receipts, eq(receipts.stayId, stays.id))
    .where(eq(payments.id, refund.paymentId));
  const { payment, stay, receipt } = row!;
  const figures: CreditNoteFigures = {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    amountCents: refund.amountCents,
    reason: refund.reason,
    // Given back by hand: recorded done with no provider's id (server/payments/guarantee.ts).
    atDesk: payment.method !== "card",
    payment: {
      kind: payment.kind,
      method: payment.method,
      amountCents: payment.amountCents,
      reference: payment.reference,
      paidAt: payment.paidAt?.toISOString() ?? null,
    },
    receiptNumber: receipt?.number ?? null,
  };
  const number = await takeNextNumber(tx, creditNoteCounter);
  const [note] = await tx
    .insert(creditNotes)
    .values({ number, refundId: refund.id, stayId: stay.id, receiptId: receipt?.id ?? null, figures, issuedAt: now })
    .returning();
  return note!;
}

/** The credit note numbers of these refunds, by refund id (one made before credit notes has none). */
export async function creditNoteNumbers(db: Db, refundIds: string[]): Promise<Map<string, number>> {
  if (refundIds.length === 0) return new Map();
  const rows = await db
    .select({ refundId: creditNotes.refundId, number: creditNotes.number })
    .from(creditNotes)
    .where(inArray(creditNotes.refundId, refundIds));
  return new Map(rows.map((r) => [r.refundId, r.number]));
}

const CREDIT_NOTE_NOT_FOUND = () => new AppError(404, "CREDIT_NOTE_NOT_FOUND", "We couldn't find that credit note.");

/** One of a stay's credit notes by its number, for the stay's household and for staff; anyone else reads 404. */
export async function readCreditNote(db: Db, reader: { userId: string; isAdmin: boolean }, stayId: string, number: string): Promise<CreditNote> {
  if (!isUuid(stayId) || !/^[1-9]\d{0,8}$/.test(number)) throw CREDIT_NOTE_NOT_FOUND();
  const [row] = await db
    .select({ note: creditNotes })
    .from(creditNotes)
    .innerJoin(stays, eq(stays.id, creditNotes.stayId))
    .where(
      and(
        eq(creditNotes.stayId, stayId),
        eq(creditNotes.number, Number(number)),
        readableBy(stays.householdId, { userId: reader.userId, seesEveryHousehold: reader.isAdmin }),
      ),
    );
  if (!row) throw CREDIT_NOTE_NOT_FOUND();
  return row.note;
}
