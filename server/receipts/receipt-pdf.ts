import type { SiteBusiness } from "~/features/content/site-content";
import { type ReceiptFigures, receiptNumberText, receiptRows } from "~/domain/receipt";
import { formatBusinessDate, formatCalendarDayWeekday } from "~/lib/business-time";
import { nightsOf } from "~/domain/calendar";
import { nightsText } from "~/domain/stay-view";
import { formatCents } from "~/lib/money";
import { listOf } from "~/lib/words";
import { type PdfLine, textPdf } from "./pdf";

/** Who a stay's documents are for (ADR 0193): the household and its cats on the stay. */
export interface DocumentParties {
  household: string;
  catNames: string[];
}

/** The head every document of a stay starts with: the business, the document's title and date, whom it is for and the stay. */
export function documentHead(
  title: string,
  doc: { issuedAt: Date; checkIn: string; checkOut: string },
  parties: DocumentParties,
  business: Pick<SiteBusiness, "name" | "phone" | "address">,
): PdfLine[] {
  const a = business.address;
  const nights = nightsOf(doc.checkIn, doc.checkOut).length;
  return [
    { text: business.name, size: 18, bold: true },
    { text: `${a.street}, ${a.city}, ${a.region} ${a.postalCode} · ${business.phone.display}`, size: 10 },
    { text: title, size: 14, bold: true, gapBefore: 18 },
    { text: `Issued ${formatBusinessDate(doc.issuedAt)}`, size: 10 },
    { text: `For: ${parties.household}`, gapBefore: 6 },
    ...(parties.catNames.length > 0 ? [{ text: `${parties.catNames.length === 1 ? "Cat" : "Cats"}: ${listOf(parties.catNames)}` }] : []),
    { text: `Stay: ${formatCalendarDayWeekday(doc.checkIn)} – ${formatCalendarDayWeekday(doc.checkOut)} (${nightsText(nights)})` },
  ];
}

/** A receipt as a PDF (ADR 0154): the rows its mail shows, from the figures frozen at check-out, for the household and cats named. */
export function receiptPdf(
  receipt: { number: number; figures: ReceiptFigures; issuedAt: Date },
  parties: DocumentParties,
  business: Pick<SiteBusiness, "name" | "phone" | "address">,
): Buffer {
  const f = receipt.figures;
  const lines: PdfLine[] = [
    ...documentHead(
      `Receipt ${receiptNumberText(receipt.number)}`,
      { issuedAt: receipt.issuedAt, checkIn: f.checkIn, checkOut: f.checkOut },
      parties,
      business,
    ),
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
