import { z } from "~/lib/zod";
import { daysBetween } from "~/lib/business-time";
import { calendarDateField } from "~/lib/validation";

export const ANALYTICS_PRESETS = [7, 30, 90] as const;
export const ANALYTICS_GROUPS = ["day", "week"] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];
/** A year and a day: enough for "this time last year", small enough to stay a cheap query. */
export const MAX_RANGE_DAYS = 366;

const isoDate = calendarDateField("Dates must look like 2026-03-08.");

/** The report's range: Los Angeles calendar days, both ends included. */
export const analyticsRangeSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    group: z.enum(ANALYTICS_GROUPS, { message: "Group by day or week." }).default("day"),
  })
  .refine((r) => r.from <= r.to, { message: "The start date must be on or before the end date.", path: ["to"] })
  .refine((r) => daysBetween(r.from, r.to) < MAX_RANGE_DAYS, { message: `Choose at most ${MAX_RANGE_DAYS} days.`, path: ["from"] });

export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

/** `days` days ending with `today` ("last 7 days" includes today). */
export function presetRange(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday starting the week of `date` (PostgreSQL's date_trunc('week') is ISO: Monday). */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Every bucket of the range, in order: each day, or each week's Monday. */
export function bucketsOf(range: { from: string; to: string; group: AnalyticsGroup }): string[] {
  const out: string[] = [];
  const step = range.group === "week" ? 7 : 1;
  for (let d = range.group === "week" ? weekStart(range.from) : range.from; d <= range.to; d = addDays(d, step)) out.push(d);
  return out;
}

export const CALLBACK_OUTCOMES = ["placed", "simulated", "failed", "paused", "pending"] as const;
export const LEAD_KINDS = ["callbacks", "vouchers", "signups"] as const;

/** A count per bucket for each key, zeros included, so a chart has every day or week. */
export interface TimeSeries<K extends string> {
  keys: readonly K[];
  rows: { bucket: string; values: Record<K, number> }[];
}

export interface AnalyticsSummary {
  range: AnalyticsRange;
  leads: TimeSeries<(typeof LEAD_KINDS)[number]>;
  callbackOutcomes: { outcome: (typeof CALLBACK_OUTCOMES)[number]; count: number }[];
  signIns: TimeSeries<"signIns">;
  appointments: TimeSeries<"Confirmed" | "Pending" | "Cancelled" | "Completed">;
  pageViews: TimeSeries<"views">;
  topPaths: { path: string; views: number }[];
}
