import type { PriceLine } from "./pricing";

/**
 * A stay's balance and its receipt (ADR 0154): what is due at check-out is the price after offers
 * and credits (the stay's total, whose lines carry them) less what was paid and kept (a payment less
 * what was given back of it). Browser-safe: the desk, the mail and the PDF read the same figures.
 */

export interface PaidPayment {
  kind: "deposit" | "balance";
  method: "card" | "cash" | "check";
  amountCents: number;
  refundedCents: number;
  /** A check's number; null otherwise. */
  reference: string | null;
}

/** The figures of a receipt as they were at check-out, kept with its number. */
export interface ReceiptFigures {
  checkIn: string;
  checkOut: string;
  nights: number;
  /** The stay's price lines (nights, surcharges, add-ons, offers and credits as negative lines). */
  lines: PriceLine[];
  totalCents: number;
  payments: PaidPayment[];
  /** Left unpaid at check-out (staff said why). */
  balanceDueCents: number;
}

/** "card", "cash", "check no. 1042" */
export function methodText(p: Pick<PaidPayment, "method" | "reference">): string {
  if (p.method === "check") return p.reference ? `check no. ${p.reference}` : "check";
  return p.method;
}

export interface ReceiptRow {
  label: string;
  cents: number;
  /** A total: drawn bold, with a rule above. */
  total?: boolean;
}

/** The receipt's rows, in order: the price lines and total, each payment with its method and any refund, and the balance left. */
export function receiptRows(f: ReceiptFigures): ReceiptRow[] {
  const rows: ReceiptRow[] = f.lines.map((l) => ({ label: l.label, cents: l.cents }));
  rows.push({ label: "Total", cents: f.totalCents, total: true });
  for (const p of f.payments) {
    rows.push({ label: `${p.kind === "deposit" ? "Deposit" : "Balance"} paid, ${methodText(p)}`, cents: p.amountCents });
    if (p.refundedCents > 0) rows.push({ label: `Refunded on the ${p.kind}`, cents: -p.refundedCents });
  }
  rows.push({ label: f.balanceDueCents > 0 ? "Balance left unpaid" : "Balance due", cents: f.balanceDueCents, total: true });
  return rows;
}

/** A receipt's number as printed: "R-000042". */
export const receiptNumberText = (n: number) => `R-${String(n).padStart(6, "0")}`;
