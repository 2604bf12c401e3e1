import type { SiteBusiness } from "~/features/content/site-content";
import { type CreditNoteFigures, creditNoteNumberText, creditNoteReferenceText, refundReasonText } from "~/domain/credit-note";
import { methodText } from "~/domain/receipt";
import { formatCents } from "~/lib/money";
import { type PdfLine, textPdf } from "./pdf";
import { type DocumentParties, documentHead } from "./receipt-pdf";

/** A credit note as a PDF (ADR 0193): the payment, what of it was given back and why, from the figures frozen at the refund. */
export function creditNotePdf(
  note: { number: number; figures: CreditNoteFigures; issuedAt: Date },
  parties: DocumentParties,
  business: Pick<SiteBusiness, "name" | "phone" | "address">,
): Buffer {
  const f = note.figures;
  const title = `Credit note ${creditNoteNumberText(note.number)}`;
  const lines: PdfLine[] = [
    ...documentHead(title, { issuedAt: note.issuedAt, checkIn: f.checkIn, checkOut: f.checkOut }, parties, business),
    { text: creditNoteReferenceText(f), gapBefore: 6 },
    {
      text: `${f.payment.kind === "deposit" ? "Deposit" : "Balance"} paid, ${methodText(f.payment)}`,
      right: formatCents(f.payment.amountCents),
      gapBefore: 12,
    },
    { text: `Refunded: ${refundReasonText(f.reason)}`, right: formatCents(-f.amountCents) },
    { text: "Total credited", right: formatCents(f.amountCents), bold: true, ruleAbove: true, gapBefore: 4 },
    {
      text: f.atDesk ? "Given back at the desk, in cash or by check." : "Returned to the card that paid; your bank may take a few days to show it.",
      gapBefore: 18,
      size: 10,
    },
  ];
  return textPdf(lines, { title });
}
