import { type CalendarRule, nightsOf, ruleCovers } from "./calendar";
import { type CancellationTier, cancellationFeeOn } from "./cancellation";

/**
 * The deposit a stay asks for at booking: the largest a rule covering one of its nights sets (a
 * share of the price or a fixed amount), never more than the price; 0 when no rule sets one.
 */
export function depositFor(rules: readonly CalendarRule[], input: { checkIn: string; checkOut: string; totalCents: number }): number {
  const nights = nightsOf(input.checkIn, input.checkOut);
  let deposit = 0;
  for (const rule of rules) {
    if (!nights.some((n) => ruleCovers(rule, n))) continue;
    if (rule.depositPercent) deposit = Math.max(deposit, Math.round((input.totalCents * rule.depositPercent) / 100));
    if (rule.depositCents) deposit = Math.max(deposit, rule.depositCents);
  }
  return Math.min(deposit, input.totalCents);
}

/** What cancelling gives back of a paid deposit on `today`: the deposit less the fee of the day, never below 0. */
export function depositRefundOn(tiers: readonly CancellationTier[], today: string, paidCents: number): number {
  return Math.max(0, paidCents - cancellationFeeOn(tiers, today));
}
