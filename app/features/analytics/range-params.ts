import { ANALYTICS_PRESETS, type AnalyticsGroup, analyticsRangeSchema, presetRange } from "./schema";

export const DEFAULT_PRESET = 30;

export interface RangeChoice {
  from: string;
  to: string;
  group: AnalyticsGroup;
  /** The preset in use (7, 30, 90), or null for a custom range. */
  preset: number | null;
  /** Why the requested custom range was not used, if it was not. */
  error: string | null;
}

/** The page's query string (`?days=7&group=week` or `?from=…&to=…`) as a validated range; a bad one falls back to the default. */
export function rangeFromSearchParams(params: URLSearchParams, today: string): RangeChoice {
  const group: AnalyticsGroup = params.get("group") === "week" ? "week" : "day";
  if (params.has("from") || params.has("to")) {
    const parsed = analyticsRangeSchema.safeParse({ from: params.get("from") ?? "", to: params.get("to") ?? "", group });
    if (parsed.success) return { ...parsed.data, preset: null, error: null };
    const fallback = presetRange(DEFAULT_PRESET, today);
    return { ...fallback, group, preset: DEFAULT_PRESET, error: parsed.error.issues[0]?.message ?? "That range is not valid." };
  }
  const days = ANALYTICS_PRESETS.find((d) => String(d) === params.get("days")) ?? DEFAULT_PRESET;
  return { ...presetRange(days, today), group, preset: days, error: null };
}
