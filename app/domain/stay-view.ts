import { type ImagePurpose, type PageImage, uploadedImage } from "./images";
import { addBusinessDays, formatCalendarDayWeekday, formatLocalTime } from "~/lib/business-time";
import type { CancellationTier } from "./cancellation";
import type { PriceLine } from "./pricing";
import type { StayStatus } from "./stay-status";
import type { TimeWindow } from "./calendar";
import type { RepricedDetail } from "./stay-wording";

/** A refund of one of a stay's payments, as My Trips lists it. */
export interface StayRefund {
  amountCents: number;
  /** As the refund recorded it: "cancellation", "Satisfaction guarantee: …" (said in words by `refundReasonText`). */
  reason: string;
  /** When it was made (ISO instant). */
  at: string;
  creditNoteNumber: number | null;
}

/** A stay as the customer's pages and mails show it (built by server/stays). */
export interface StayView {
  id: string;
  status: StayStatus;
  checkIn: string;
  checkOut: string;
  nights: number;
  suites: { name: string; typeName: string; catNames: string[] }[];
  catNames: string[];
  /** The household's cats on the stay (a cat whose record was deleted has no id). */
  catIds: string[];
  medication: boolean;
  notes: string;
  priceLines: PriceLine[];
  totalCents: number;
  cancellationTiers: CancellationTier[];
  cancellationFeeCents: number | null;
  arrivalWindows: TimeWindow[];
  departureWindows: TimeWindow[];
  /** A waitlist offer's hold ends then (ISO instant); null otherwise. */
  offerExpiresAt: string | null;
  /** The deposit asked at booking (0: none), and, while it is unpaid, when the hold ends (ISO instant). */
  depositCents: number;
  paymentDueAt: string | null;
  /** The deposit paid, and what of it was given back (or is on its way back). */
  paidCents: number;
  refundedCents: number;
  /** Balances paid at or after check-out (ADR 0152, 0182). */
  balancePaidCents: number;
  /** What the household paid towards the stay and kept paid: every payment less every refund of it. */
  netPaidCents: number;
  /** Every refund of the stay's payments, oldest first, with its credit note's number (ADR 0193; null for one made before credit notes). */
  refunds: StayRefund[];
  /** Each time the booked price changed by itself (the care plan's medication, a first night free come back), oldest first (ADR 0194). */
  priceChanges: RepricedDetail[];
}

/** "9:00 AM – 12:00 PM or 1:00 PM – 5:00 PM" */
export const windowsText = (windows: readonly TimeWindow[]) => windows.map((w) => `${formatLocalTime(w.from)} – ${formatLocalTime(w.to)}`).join(" or ");

/** "Closed" for a day without windows, else its windows. */
export const dayWindowsText = (windows: readonly TimeWindow[]) => (windows.length === 0 ? "Closed" : windowsText(windows));

/**
 * A suite type's photo is checked, resized and stored like a review card (3:2, 600 and 1200 px
 * wide, the whole photo kept on white, ADR 0101): the media table's purposes are review and team.
 */
export const SUITE_PHOTO_PURPOSE = "review" satisfies ImagePurpose;

/** What an <img> of a suite type's photo needs; `sizes` says how wide the page shows it. */
export const suitePhotoImage = (imageId: string, sizes: string): PageImage => ({ ...uploadedImage(imageId, SUITE_PHOTO_PURPOSE), sizes });

export const nightsText = (nights: number) => `${nights} ${nights === 1 ? "night" : "nights"}`;

/** "Free cancellation until Mon, Nov 30, 2026", then "From Tue, Dec 1, 2026: $97.50" (the day before each tier ends). */
export function cancellationTerms(tiers: readonly CancellationTier[], money: (cents: number) => string): string[] {
  return tiers.map((tier, i) => {
    const next = tiers[i + 1];
    if (tier.feeCents === 0 && next) return `Free cancellation until ${formatCalendarDayWeekday(addBusinessDays(next.from, -1))}.`;
    if (tier.feeCents === 0) return "Free cancellation until check-in.";
    return i === 0 ? `Cancelling costs ${money(tier.feeCents)}.` : `From ${formatCalendarDayWeekday(tier.from)}, cancelling costs ${money(tier.feeCents)}.`;
  });
}
