import { formatCents } from "~/lib/money";
import { addBusinessDays } from "~/lib/business-time";

/**
 * The rules of a stay as plain functions over plain data (ADR 0125): which nights it covers, which
 * calendar rules touch it, what it costs and what cancelling costs when. The server books with them
 * and the pages show the same figures, so what the customer reviews is what is stored.
 */

export const STAY_STATUSES = [
  "offered",
  "awaiting_payment",
  "pending_review",
  "confirmed",
  "checked_in",
  "checked_out",
  "cancelled",
  "declined",
  "no_show",
  "expired",
] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

/** The statuses in which a stay holds its suite. */
export const HOLDING_STATUSES = ["offered", "awaiting_payment", "pending_review", "confirmed", "checked_in"] as const satisfies readonly StayStatus[];

/** The statuses in which a groom can be added on the departure day: a booked stay (a waitlist offer not yet taken is not). */
export const GROOMABLE_STAY_STATUSES = ["pending_review", "confirmed", "checked_in"] as const satisfies readonly StayStatus[];

export const STAY_STATUS_LABELS: Record<StayStatus, string> = {
  offered: "Offer waiting for you",
  awaiting_payment: "Deposit due",
  pending_review: "Pending review",
  confirmed: "Confirmed",
  checked_in: "Checked in",
  checked_out: "Checked out",
  cancelled: "Cancelled",
  declined: "Declined",
  no_show: "No-show",
  expired: "Expired",
};

export type WaitlistStatus = "waiting" | "offered" | "booked" | "withdrawn" | "expired";

/** A local time span, "09:00" to "12:00". */
export type TimeWindow = { from: string; to: string };
/** Windows per weekday, index 0 = Sunday; an empty list means closed that day. */
export type WeeklyWindows = TimeWindow[][];

/** The days either side of wanted dates a waitlist request may also take (its form's choices). */
export const WAITLIST_FLEX_DAYS = [0, 1, 2, 3, 7] as const;

/** Monday first, as the published hours read; the values are the model's weekday numbers (0 = Sunday). */
export const WEEK_FROM_MONDAY = [
  { day: 1, name: "Monday" },
  { day: 2, name: "Tuesday" },
  { day: 3, name: "Wednesday" },
  { day: 4, name: "Thursday" },
  { day: 5, name: "Friday" },
  { day: 6, name: "Saturday" },
  { day: 0, name: "Sunday" },
] as const;

export type PriceLine = { label: string; cents: number };
/** From `from` (a date, inclusive) cancelling costs `feeCents`; the tiers are in date order. */
export type CancellationTier = { from: string; feeCents: number };

export interface StaySettings {
  arrivalWindows: WeeklyWindows;
  departureWindows: WeeklyWindows;
  maxNights: number;
  freeCancellationDays: number;
  lateCancellationFeePercent: number;
  medicationRateCents: number;
  waitlistOfferHours: number;
  /**
   * First night free for new customers (the offer every page makes): the shortest stay it applies
   * to, or null when the owners have switched it off. See `FIRST_NIGHT_FREE`.
   */
  firstNightFreeMinNights: number | null;
  /** Added once to a stay whose cat is not collected by the end of its departure window (ADR 0182); 0 or absent: none. */
  latePickupFeeCents?: number;
}

export interface CalendarRule {
  id: string;
  kind: "peak" | "blackout" | "closed";
  name: string;
  startsOn: string;
  endsOn: string;
  surchargePercent: number;
  minNights: number;
  freeCancellationDays: number | null;
  lateCancellationFeePercent: number | null;
  closedForArrival: boolean;
  closedForDeparture: boolean;
  /** The deposit taken at booking for a stay with a night under this rule: a share of the price, or a fixed amount. */
  depositPercent?: number | null;
  depositCents?: number | null;
}

export interface SuiteTypeRates {
  name: string;
  maxCats: number;
  nightlyRateCents: number;
  extraCatRateCents: number;
}

/** A day of the booking calendar: can one arrive or leave, is it peak or blacked out, is every suite taken that night. */
export interface CalendarDay {
  date: string;
  arrivals: boolean;
  departures: boolean;
  peak: string | null;
  blackout: string | null;
  full: boolean;
}

/** The nights of a stay: every date from check-in up to, not including, check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = checkIn; d < checkOut; d = addBusinessDays(d, 1)) nights.push(d);
  return nights;
}

/** 0 = Sunday, for a calendar date (no time zone involved: the date is already the business's). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const covers = (rule: CalendarRule, date: string) => rule.startsOn <= date && date <= rule.endsOn;

/** The day's arrival (or departure) windows, or none when the house or a rule closes it. */
export function windowsOn(settings: StaySettings, rules: readonly CalendarRule[], date: string, which: "arrival" | "departure"): TimeWindow[] {
  const closed = rules.some((r) => r.kind === "closed" && covers(r, date) && (which === "arrival" ? r.closedForArrival : r.closedForDeparture));
  if (closed) return [];
  return (which === "arrival" ? settings.arrivalWindows : settings.departureWindows)[weekdayOf(date)] ?? [];
}

export const peakOn = (rules: readonly CalendarRule[], night: string) =>
  rules.filter((r) => r.kind === "peak" && covers(r, night)).sort((a, b) => b.surchargePercent - a.surchargePercent)[0];

export const blackoutOn = (rules: readonly CalendarRule[], night: string) => rules.find((r) => r.kind === "blackout" && covers(r, night));

/** A problem with the dates asked for, by the form field it belongs to. */
export type DateProblem = { field: "checkIn" | "checkOut"; message: string };

/**
 * Every calendar rule the dates break, in the words the customer reads. `today` is the business's
 * date: a stay may start today at the earliest.
 */
export function dateProblems(settings: StaySettings, rules: readonly CalendarRule[], checkIn: string, checkOut: string, today: string): DateProblem[] {
  if (checkIn < today) return [{ field: "checkIn", message: "Check-in can't be in the past." }];
  if (checkOut <= checkIn) return [{ field: "checkOut", message: "Check-out must be after check-in." }];
  const nights = nightsOf(checkIn, checkOut);
  if (nights.length > settings.maxNights)
    return [{ field: "checkOut", message: `Stays are at most ${settings.maxNights} nights; for longer, please call us.` }];
  const problems: DateProblem[] = [];
  if (windowsOn(settings, rules, checkIn, "arrival").length === 0)
    problems.push({ field: "checkIn", message: "We're closed for arrivals that day. Please choose another check-in date." });
  if (windowsOn(settings, rules, checkOut, "departure").length === 0)
    problems.push({ field: "checkOut", message: "We're closed for departures that day. Please choose another check-out date." });
  const blackout = nights.map((n) => blackoutOn(rules, n)).find(Boolean);
  if (blackout) problems.push({ field: "checkIn", message: `We're not taking stays over ${blackout.name}.` });
  const minimum = Math.max(1, ...nights.map((n) => peakOn(rules, n)?.minNights ?? 1));
  if (nights.length < minimum) {
    const peak = nights.map((n) => peakOn(rules, n)).find((r) => r?.minNights === minimum)!;
    problems.push({ field: "checkOut", message: `Stays over ${peak.name} are at least ${minimum} nights.` });
  }
  return problems;
}

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

/**
 * The deposit a stay asks for at booking: the largest a rule covering one of its nights sets (a
 * share of the price or a fixed amount), never more than the price; 0 when no rule sets one.
 */
export function depositFor(rules: readonly CalendarRule[], input: { checkIn: string; checkOut: string; totalCents: number }): number {
  const nights = nightsOf(input.checkIn, input.checkOut);
  let deposit = 0;
  for (const rule of rules) {
    if (!nights.some((n) => covers(rule, n))) continue;
    if (rule.depositPercent) deposit = Math.max(deposit, Math.round((input.totalCents * rule.depositPercent) / 100));
    if (rule.depositCents) deposit = Math.max(deposit, rule.depositCents);
  }
  return Math.min(deposit, input.totalCents);
}

/** What cancelling gives back of a paid deposit on `today`: the deposit less the fee of the day, never below 0. */
export function depositRefundOn(tiers: readonly CancellationTier[], today: string, paidCents: number): number {
  return Math.max(0, paidCents - cancellationFeeOn(tiers, today));
}

/** Its home is app/lib/money.ts; a page that reads it with the stay model may import it from here. */
export { formatCents };

/** The days after check-out the terms promise the satisfaction guarantee; staff may go beyond (ADR 0151). */
export const GUARANTEE_DAYS = 7;
