import { addBusinessDays } from "~/lib/business-time";

/**
 * The house rules of the calendar (ADR 0125): which nights a stay covers, when one may arrive and
 * leave, and which rules (peak, blackout, closed) touch a date, in the words the customer reads.
 */

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

/** Whether a calendar rule covers a date (its first and last day included). */
export const ruleCovers = (rule: CalendarRule, date: string) => rule.startsOn <= date && date <= rule.endsOn;

/** The day's arrival (or departure) windows, or none when the house or a rule closes it. */
export function windowsOn(settings: StaySettings, rules: readonly CalendarRule[], date: string, which: "arrival" | "departure"): TimeWindow[] {
  const closed = rules.some((r) => r.kind === "closed" && ruleCovers(r, date) && (which === "arrival" ? r.closedForArrival : r.closedForDeparture));
  if (closed) return [];
  return (which === "arrival" ? settings.arrivalWindows : settings.departureWindows)[weekdayOf(date)] ?? [];
}

export const peakOn = (rules: readonly CalendarRule[], night: string) =>
  rules.filter((r) => r.kind === "peak" && ruleCovers(r, night)).sort((a, b) => b.surchargePercent - a.surchargePercent)[0];

export const blackoutOn = (rules: readonly CalendarRule[], night: string) => rules.find((r) => r.kind === "blackout" && ruleCovers(r, night));

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
