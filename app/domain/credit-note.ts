import { formatBusinessDate } from "~/lib/business-time";
import { type PaidPayment, receiptNumberText } from "./receipt";

/**
 * A refund's credit note (ADR 0193): what was given back of which payment and why, numbered on its
 * own (CN-000001) and referring to the stay's receipt when the stay had one. Browser-safe: My Trips,
 * the desk and the PDF read the same figures.
 */

/** The figures of a credit note as they were when the refund was made, kept with its number. */
export interface CreditNoteFigures {
  checkIn: string;
  checkOut: string;
  /** What was given back (positive cents), and why, as the refund recorded it. */
  amountCents: number;
  reason: string;
  /** Given back by hand at the desk (cash or a check) rather than through the card's provider. */
  atDesk: boolean;
  /** The payment it gives back part or all of. */
  payment: Pick<PaidPayment, "kind" | "method" | "amountCents" | "reference"> & { paidAt: string | null };
  /** The stay's receipt when the refund was made; null before check-out (a cancellation, a refunded deposit). */
  receiptNumber: number | null;
}

/** A credit note's number as printed: "CN-000042". */
export const creditNoteNumberText = (n: number) => `CN-${String(n).padStart(6, "0")}`;

/** Where a credit note's PDF is downloaded, by the stay's household and by staff. */
export const creditNotePath = (stayId: string, number: number) => `/trips/${stayId}/credit-notes/${number}`;

/** Why the money went back, in the customer's words: the refund's recorded reason, with the system's own reasons said plainly. */
export function refundReasonText(reason: string): string {
  if (reason === "cancellation") return "Cancellation of the stay";
  if (reason === "refunded by staff") return "Refunded by our team";
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** What a credit note refers to: the stay's receipt, or (a refund before check-out) the payment it gives back part of. */
export function creditNoteReferenceText(f: Pick<CreditNoteFigures, "receiptNumber" | "payment">): string {
  if (f.receiptNumber !== null) return `Refers to receipt ${receiptNumberText(f.receiptNumber)}.`;
  const paid = f.payment.paidAt ? ` paid ${formatBusinessDate(new Date(f.payment.paidAt))}` : "";
  return `Refers to the ${f.payment.kind}${paid}; no receipt had been issued for this stay.`;
}
