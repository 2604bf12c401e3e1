import { daysBetween } from "~/lib/business-time";
import { ANALYTICS_PRESETS, type AnalyticsGroup, analyticsRangeSchema, presetRange } from "./schema";

export const DEFAULT_PRESET = 30;
/** Longer ranges are drawn and tabled by week: a year by day is 365 columns and rows per chart. */
export const MAX_DAILY_DAYS = 90;

export interface RangeChoice {
  from: string;
  to: string;
  group: AnalyticsGroup;
  /** True when the range asked for days but is longer than MAX_DAILY_DAYS, so it is shown by week. */
  weekly: boolean;
  /** The preset in use (7, 30, 90), or null for a custom range. */
  preset: number | null;
  /** Why the requested custom range was not used, if it was not. */
  error: string | null;
}

/**
 * The page's query string (`?days=7&group=week` or `?from=…&to=…`) as a validated range; a bad one
 * falls back to the default. A range longer than MAX_DAILY_DAYS is grouped by week.
 */
export function rangeFromSearchParams(params: URLSearchParams, today: string): RangeChoice {
  const asked: AnalyticsGroup = params.get("group") === "week" ? "week" : "day";
  const choose = (range: { from: string; to: string }, preset: number | null, error: string | null): RangeChoice => {
    const weekly = asked === "day" && daysBetween(range.from, range.to) + 1 > MAX_DAILY_DAYS;
    return { from: range.from, to: range.to, group: weekly ? "week" : asked, weekly, preset, error };
  };
  if (params.has("from") || params.has("to")) {
    const parsed = analyticsRangeSchema.safeParse({ from: params.get("from") ?? "", to: params.get("to") ?? "", group: asked });
    if (parsed.success) return choose(parsed.data, null, null);
    return choose(presetRange(DEFAULT_PRESET, today), DEFAULT_PRESET, parsed.error.issues[0]?.message ?? "That range is not valid.");
  }
  const days = ANALYTICS_PRESETS.find((d) => String(d) === params.get("days")) ?? DEFAULT_PRESET;
  return choose(presetRange(days, today), days, null);
}
