/**
 * The care log's words and rules that the page and the server share (ADR 0157): what staff can log,
 * the meals of a day from the feeding instructions, and the clock times a person wrote.
 */

export const CARE_KINDS = ["meal", "water", "litter", "dose", "play", "note", "photo", "weight"] as const;
export type CareKind = (typeof CARE_KINDS)[number];

/** A meal that shows a cat eating poorly: nothing or a quarter of it eaten. */
export const eatenPoorly = (eaten: EatenShare | null) => eaten === "none" || eaten === "quarter";

export const EATEN_SHARES = ["none", "quarter", "half", "three_quarters", "all"] as const;
export type EatenShare = (typeof EATEN_SHARES)[number];
export const EATEN_LABELS: Record<EatenShare, string> = {
  none: "None",
  quarter: "A quarter",
  half: "Half",
  three_quarters: "Three quarters",
  all: "All",
};

export const STOOL_KINDS = ["normal", "soft", "none"] as const;
export type StoolKind = (typeof STOOL_KINDS)[number];
export const STOOL_LABELS: Record<StoolKind, string> = { normal: "Stool normal", soft: "Stool soft", none: "No stool" };

/** The hotel's own meal times, for a cat whose feeding instructions give none. */
export const DEFAULT_MEALS = [
  { name: "Breakfast", time: "08:00" },
  { name: "Dinner", time: "17:00" },
] as const;

/** Litter is checked morning and evening. */
export const LITTER_CHECKS = [
  { name: "Morning litter", time: "09:00" },
  { name: "Evening litter", time: "19:00" },
] as const;

const WORD_TIMES: Record<string, string> = {
  morning: "08:00",
  breakfast: "08:00",
  noon: "12:00",
  midday: "12:00",
  lunch: "12:00",
  afternoon: "15:00",
  evening: "18:00",
  dinner: "17:00",
  supper: "17:00",
  bedtime: "21:00",
  night: "21:00",
};

const pad = (n: number) => String(n).padStart(2, "0");
// 8am, 8 am, 8:30pm, 8.30 p.m.
const TWELVE_HOUR = /\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\b\.?/g;
// 08:00, 19:30 (a 24-hour time not followed by am/pm)
const TWENTY_FOUR_HOUR = /\b(\d{1,2}):(\d{2})\b(?!\s*[ap]\.?\s*m\b)/g;

/**
 * The clock times a person wrote, in order and each once: "8am and 8pm", "7:30 am / 19:30",
 * "twice daily, morning and evening", "noon". Words stand for the hotel's usual hours; "twice daily"
 * alone is 08:00 and 20:00, "once daily" 08:00. Text with no time in it gives none.
 */
export function parseTimes(text: string): string[] {
  const found = new Set<string>();
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(TWELVE_HOUR)) {
    const hour = Number(m[1]);
    const minute = Number(m[2] ?? "0");
    if (hour < 1 || hour > 12 || minute > 59) continue;
    found.add(`${pad((hour % 12) + (m[3] === "p" ? 12 : 0))}:${pad(minute)}`);
  }
  for (const m of lower.matchAll(TWENTY_FOUR_HOUR)) {
    const hour = Number(m[1]);
    const minute = Number(m[2]);
    if (hour > 23 || minute > 59) continue;
    found.add(`${pad(hour)}:${pad(minute)}`);
  }
  for (const [word, time] of Object.entries(WORD_TIMES)) if (new RegExp(`\\b${word}\\b`).test(lower)) found.add(time);
  if (found.size === 0) {
    if (/\b(twice|two times|2x|bid|every 12 ?h(ours)?)\b/.test(lower)) ["08:00", "20:00"].forEach((t) => found.add(t));
    else if (/\b(three times|3x|tid|every 8 ?h(ours)?)\b/.test(lower)) ["08:00", "14:00", "20:00"].forEach((t) => found.add(t));
    else if (/\b(once|daily|sid|every 24 ?h(ours)?|a day)\b/.test(lower)) found.add("08:00");
  }
  return [...found].sort();
}

/**
 * Why a medication's times cannot be scheduled, in words for the form, or undefined: a time written
 * like one that is not of the day ("25:00", "13pm", "8:75am") would otherwise be skipped by
 * parseTimes, and a dose quietly given at another hour.
 */
export function medicationTimesProblem(text: string): string | undefined {
  const lower = text.toLowerCase();
  const wrong = [
    ...[...lower.matchAll(TWELVE_HOUR)].filter((m) => Number(m[1]) < 1 || Number(m[1]) > 12 || Number(m[2] ?? "0") > 59),
    ...[...lower.matchAll(TWENTY_FOUR_HOUR)].filter((m) => Number(m[1]) > 23 || Number(m[2]) > 59),
  ][0];
  return wrong && `“${wrong[0].trim()}” is not a time of day: write times like 8am, 8:30pm or 20:00`;
}

const mealName = (time: string) => (time < "11:00" ? "Breakfast" : time < "15:00" ? "Lunch" : "Dinner");

/** The meals of a day: the times the feeding instructions give (named by the hour), or the hotel's breakfast and dinner. */
export function mealsOf(feedingInstructions: string | null): { name: string; time: string }[] {
  const times = parseTimes(feedingInstructions ?? "");
  if (times.length === 0) return DEFAULT_MEALS.map((m) => ({ ...m }));
  const named = times.map((time) => ({ name: mealName(time), time }));
  // Two breakfasts are "Breakfast 7:00 AM" and "Breakfast 9:00 AM" apart: numbered by order.
  return named.map((m, i) =>
    named.filter((o) => o.name === m.name).length > 1 ? { ...m, name: `${m.name} ${named.slice(0, i + 1).filter((o) => o.name === m.name).length}` } : m,
  );
}

/** "Maria Lopez" or "maria.lopez@…" → "ML"; "sam@…" → "S". */
export function initialsOf(nameOrEmail: string): string {
  const base = nameOrEmail.includes("@") ? nameOrEmail.split("@")[0]! : nameOrEmail;
  const words = base.split(/[\s._+-]+/).filter((w) => /^[a-z]/i.test(w));
  return words.length > 0
    ? words
        .slice(0, 2)
        .map((w) => w[0]!.toUpperCase())
        .join("")
    : "?";
}

/** "maria.lopez@…" → "Maria Lopez"; "sam@…" → "Sam": a staff member's name as their address gives it (accounts hold no other). */
export function staffNameOf(email: string): string {
  const words = email
    .split("@")[0]!
    .split(/[\s._+-]+/)
    .filter((w) => /^[a-z]+$/i.test(w));
  return words.length > 0 ? words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(" ") : "a team member";
}
