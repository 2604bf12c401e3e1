import { addBusinessDays } from "~/lib/business-time";
import { type CalendarRule, type StaySettings, nightsOf, peakOn } from "./calendar";

/** From `from` (a date, inclusive) cancelling costs `feeCents`; the tiers are in date order. */
export type CancellationTier = { from: string; feeCents: number };

/**
 * What cancelling costs, and from when: free until the cut-off (that many days before check-in),
 * the fee after. A stay with a peak night follows the strictest peak terms. Booked inside the fee
 * window, the fee applies from the booking day.
 */
export function cancellationTiers(
  settings: StaySettings,
  rules: readonly CalendarRule[],
  input: { checkIn: string; checkOut: string; totalCents: number; bookedOn: string },
): CancellationTier[] {
  const peaks = nightsOf(input.checkIn, input.checkOut)
    .map((n) => peakOn(rules, n))
    .filter((r): r is CalendarRule => r !== undefined);
  const freeDays = Math.max(settings.freeCancellationDays, ...peaks.map((p) => p.freeCancellationDays ?? 0));
  const percent = Math.max(settings.lateCancellationFeePercent, ...peaks.map((p) => p.lateCancellationFeePercent ?? 0));
  const feeCents = Math.round((input.totalCents * percent) / 100);
  const feeFrom = addBusinessDays(input.checkIn, -freeDays);
  if (feeCents === 0) return [{ from: input.bookedOn, feeCents: 0 }];
  if (feeFrom <= input.bookedOn) return [{ from: input.bookedOn, feeCents }];
  return [
    { from: input.bookedOn, feeCents: 0 },
    { from: feeFrom, feeCents },
  ];
}

/** The fee for cancelling on `today` under the stored tiers. */
export function cancellationFeeOn(tiers: readonly CancellationTier[], today: string): number {
  let fee = 0;
  for (const tier of tiers) if (tier.from <= today) fee = tier.feeCents;
  return fee;
}
