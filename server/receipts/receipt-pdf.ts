import type { SiteBusiness } from "~/features/content/site-content";
import { type ReceiptFigures, receiptNumberText, receiptRows } from "~/features/stays/receipt";
import { formatBusinessDate, formatCalendarDayWeekday } from "~/lib/business-time";
import { formatCents } from "~/lib/money";
import { type PdfLine, textPdf } from "./pdf";

/** A receipt as a PDF (ADR 0154): the rows its mail shows, from the figures frozen at check-out. */
export function receiptPdf(
  receipt: { number: number; figures: ReceiptFigures; issuedAt: Date },
  business: Pick<SiteBusiness, "name" | "phone" | "address">,
): Buffer {
  const f = receipt.figures;
  const a = business.address;
  const lines: PdfLine[] = [
    { text: business.name, size: 18, bold: true },
    { text: `${a.street}, ${a.city}, ${a.region} ${a.postalCode} · ${business.phone.display}`, size: 10 },
    { text: `Receipt ${receiptNumberText(receipt.number)}`, size: 14, bold: true, gapBefore: 18 },
    { text: `Issued ${formatBusinessDate(receipt.issuedAt)}`, size: 10 },
    {
      text: `Stay: ${formatCalendarDayWeekday(f.checkIn)} – ${formatCalendarDayWeekday(f.checkOut)} (${f.nights} ${f.nights === 1 ? "night" : "nights"})`,
      gapBefore: 6,
    },
    ...receiptRows(f).map((r, i) => ({
      text: r.label,
      right: formatCents(r.cents),
      bold: r.total,
      ruleAbove: r.total,
      gapBefore: i === 0 ? 12 : r.total ? 4 : 0,
    })),
    { text: "Thank you for staying with us.", gapBefore: 18, size: 10 },
  ];
  return textPdf(lines, { title: `Receipt ${receiptNumberText(receipt.number)}` });
}
