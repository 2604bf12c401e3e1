import { formatCents } from "~/lib/money";
import { type CalendarRule, type StaySettings, type SuiteTypeRates, nightsOf, peakOn } from "./calendar";

/**
 * What a stay costs as plain functions over plain data (ADR 0125, 0194): the server books with them
 * and the pages show the same figures, so what the customer reviews is what is stored.
 */

export type PriceLine = { label: string; cents: number };

/** One suite of a stay and how many cats share it. */
export type SuiteChoice = { rates: SuiteTypeRates; cats: number };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The line that gives a new customer's first night back: its label, which the stays desk and the mails show. */
export const FIRST_NIGHT_FREE = "First night free";
/** The line of a free night earned by a referral (ADR 0153). */
export const REFERRAL_CREDIT = "Referral credit";

/**
 * The itemised price: each suite's nights at its rate for its cats, the peak surcharge on the nights
 * it covers, and medication per cat per night. Amounts are whole cents, rounded per line. For a new
 * customer (`firstNightFree`, decided by the caller) on a stay as long as the house rules ask, the
 * first night's room price of every suite is taken off as a line of its own. A referral credit
 * (`referralCredit`, decided by the caller) takes off one night the same way, never more than what
 * is left to pay.
 */
export function priceStay(
  settings: StaySettings,
  rules: readonly CalendarRule[],
  input: { checkIn: string; checkOut: string; suites: SuiteChoice[]; medicationCats: number; firstNightFree?: boolean; referralCredit?: boolean },
): { lines: PriceLine[]; totalCents: number; firstNightFreeCents: number; referralCreditCents: number } {
  const nights = nightsOf(input.checkIn, input.checkOut);
  const lines: PriceLine[] = [];
  for (const { rates, cats } of input.suites) {
    const nightly = rates.nightlyRateCents + rates.extraCatRateCents * (cats - 1);
    lines.push({
      label: `${rates.name}, ${plural(cats, "cat")}: ${plural(nights.length, "night")} × ${formatCents(nightly)}`,
      cents: nightly * nights.length,
    });
    // Nights of the same peak period are one line.
    const byPeak = new Map<string, { rule: CalendarRule; nights: number }>();
    for (const night of nights) {
      const peak = peakOn(rules, night);
      if (!peak || peak.surchargePercent === 0) continue;
      const entry = byPeak.get(peak.id) ?? { rule: peak, nights: 0 };
      entry.nights += 1;
      byPeak.set(peak.id, entry);
    }
    for (const { rule, nights: peakNights } of byPeak.values())
      lines.push({
        label: `${rule.name} surcharge, ${rule.surchargePercent}%: ${plural(peakNights, "night")}`,
        cents: Math.round((nightly * peakNights * rule.surchargePercent) / 100),
      });
  }
  const medication = medicationLine(settings, input.medicationCats, nights.length);
  if (medication) lines.push(medication);
  const firstNightFreeCents = input.firstNightFree && firstNightFreeApplies(settings, nights.length) ? firstNightRoomCents(input.suites) : 0;
  return withOffers(lines, firstNightFreeCents, input.referralCredit ? firstNightRoomCents(input.suites) : 0);
}

/** The label every medication line starts with (the line is the stay's only one that does). */
export const MEDICATION = "Medication";

/** Medication given by our team: each medicated cat, each night, at the house rules' rate; null for none. */
export function medicationLine(settings: Pick<StaySettings, "medicationRateCents">, cats: number, nights: number): PriceLine | null {
  if (cats <= 0) return null;
  return {
    label: `${MEDICATION}: ${plural(cats, "cat")} × ${plural(nights, "night")} × ${formatCents(settings.medicationRateCents)}`,
    cents: settings.medicationRateCents * cats * nights,
  };
}

/** How many cats a booked price's medication line charges (0: none), as `medicationLine` wrote it. */
export function medicatedCatsCharged(lines: readonly PriceLine[]): number {
  const line = lines.find((l) => l.label.startsWith(`${MEDICATION}:`));
  return Number(line && /^[^:]+: (\d+) cats? ×/.exec(line.label)?.[1]) || 0;
}

/** The charges followed by the offers: the first night free, then a referral credit of at most `referralUpToCents`, never more than what is left. */
function withOffers(charges: PriceLine[], firstNightFreeCents: number, referralUpToCents: number) {
  const lines = [...charges];
  if (firstNightFreeCents > 0) lines.push({ label: FIRST_NIGHT_FREE, cents: -firstNightFreeCents });
  const owed = lines.reduce((sum, l) => sum + l.cents, 0);
  const referralCreditCents = Math.max(0, Math.min(referralUpToCents, owed));
  if (referralCreditCents > 0) lines.push({ label: REFERRAL_CREDIT, cents: -referralCreditCents });
  return { lines, totalCents: owed - referralCreditCents, firstNightFreeCents, referralCreditCents };
}

/**
 * A booked price changed in one part only (ADR 0194): the medication line (the care plan changed which
 * cats take medication) or the first night free (the offer came back to this stay). Every other
 * line stays as it was booked, so a rate changed since then alters nothing else; a referral credit
 * already applied is kept, never more than what is left.
 */
export function repriceBooked(
  booked: { lines: readonly PriceLine[]; firstNightFreeCents: number; referralCreditCents: number },
  change: { medication?: PriceLine | null; firstNightFreeCents?: number },
): { lines: PriceLine[]; totalCents: number; firstNightFreeCents: number; referralCreditCents: number } {
  const isOffer = (l: PriceLine) => l.label === FIRST_NIGHT_FREE || l.label === REFERRAL_CREDIT;
  const isMedication = (l: PriceLine) => l.label.startsWith(`${MEDICATION}:`);
  const charges = booked.lines.filter((l) => !isOffer(l) && !isMedication(l));
  const medication = change.medication === undefined ? (booked.lines.find(isMedication) ?? null) : change.medication;
  if (medication) charges.push(medication);
  return withOffers(charges, change.firstNightFreeCents ?? booked.firstNightFreeCents, booked.referralCreditCents);
}

/** Whether a stay of `nights` nights is long enough for the first night free (and the offer is on). */
export function firstNightFreeApplies(settings: Pick<StaySettings, "firstNightFreeMinNights">, nights: number): boolean {
  return settings.firstNightFreeMinNights !== null && nights >= settings.firstNightFreeMinNights;
}

/** The first night's room price: each suite's nightly rate for its cats (a peak surcharge or medication is not the room). */
export const firstNightRoomCents = (suites: readonly SuiteChoice[]) =>
  suites.reduce((sum, { rates, cats }) => sum + rates.nightlyRateCents + rates.extraCatRateCents * (cats - 1), 0);
