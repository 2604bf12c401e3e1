import { businessLocalToUtc, daysBetween } from "~/lib/business-time";
import type { Medication } from "~/features/cats/options";

/**
 * The care log's words and rules that the page and the server share (ADR 0157): what staff can log,
 * and what is due for a cat on a day, worked out from its profile (the feeding instructions and each
 * medication's times). Browser-safe: no database here.
 */

export const CARE_KINDS = ["meal", "water", "litter", "dose", "play", "note", "photo", "weight"] as const;
export type CareKind = (typeof CARE_KINDS)[number];

/** On a long stay a cat is weighed every this many nights: on nights 7, 14, 21… counted from its check-in day. */
export const WEIGH_EVERY_NIGHTS = 7;

/** What a weight entry may hold, in whole grams (the database's check holds the same). */
export const CARE_WEIGHT_GRAMS = { min: 500, max: 15_000 } as const;

/** The nights a stay has lasted on `day`, counted from its check-in day (the check-in day itself is night 0). */
export const nightsSince = (checkIn: string, day: string) => daysBetween(checkIn, day);

/** A cat on medication or eating poorly is weighed every this many nights instead (ADR 0188): nights 2, 4, 6… */
export const WEIGH_CLOSELY_EVERY_NIGHTS = 2;

/** Whether a cat checked in on `checkIn` is weighed on `day`: nights 7, 14, 21… of its stay, or 2, 4, 6… when watched `closely`. */
export const weighInDue = (checkIn: string, day: string, closely = false) => {
  const nights = nightsSince(checkIn, day);
  return nights > 0 && nights % (closely ? WEIGH_CLOSELY_EVERY_NIGHTS : WEIGH_EVERY_NIGHTS) === 0;
};

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

export const DOSE_OUTCOMES = ["given", "refused", "spat_out", "vomited"] as const;
export type DoseOutcome = (typeof DOSE_OUTCOMES)[number];
export const DOSE_OUTCOME_LABELS: Record<DoseOutcome, string> = { given: "Given", refused: "Refused", spat_out: "Spat out", vomited: "Vomited" };

/** A dose may be logged this many minutes either side of its time; outside, it needs a remark. */
export const DOSE_WINDOW_MINUTES = 60;

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

/**
 * The clock times a person wrote, in order and each once: "8am and 8pm", "7:30 am / 19:30",
 * "twice daily, morning and evening", "noon". Words stand for the hotel's usual hours; "twice daily"
 * alone is 08:00 and 20:00, "once daily" 08:00. Text with no time in it gives none.
 */
export function parseTimes(text: string): string[] {
  const found = new Set<string>();
  const lower = text.toLowerCase();
  // 8am, 8 am, 8:30pm, 8.30 p.m.
  for (const m of lower.matchAll(/\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\b\.?/g)) {
    const hour = Number(m[1]);
    const minute = Number(m[2] ?? "0");
    if (hour < 1 || hour > 12 || minute > 59) continue;
    found.add(`${pad((hour % 12) + (m[3] === "p" ? 12 : 0))}:${pad(minute)}`);
  }
  // 08:00, 19:30 (a 24-hour time not followed by am/pm)
  for (const m of lower.matchAll(/\b(\d{1,2}):(\d{2})\b(?!\s*[ap]\.?\s*m\b)/g)) {
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

export interface DueDose {
  medication: string;
  dose: string;
  /** "08:00", business time. */
  time: string;
  dueAt: Date;
  windowStart: Date;
  windowEnd: Date;
}

/** Each medication's times on `day` become doses, each with its window (±60 minutes). A medication whose times name none is due at 08:00. */
export function dosesOn(medications: readonly Medication[], day: string): DueDose[] {
  return medications
    .flatMap((m) => {
      const times = parseTimes(m.times);
      return (times.length > 0 ? times : ["08:00"]).map((time) => {
        const dueAt = businessLocalToUtc(day, time);
        return {
          medication: m.name,
          dose: m.dose,
          time,
          dueAt,
          windowStart: new Date(dueAt.getTime() - DOSE_WINDOW_MINUTES * 60_000),
          windowEnd: new Date(dueAt.getTime() + DOSE_WINDOW_MINUTES * 60_000),
        };
      });
    })
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.medication.localeCompare(b.medication));
}

/** Whether a dose due at `dueAt` is logged at `at` outside its window (and so needs a remark). */
export const outsideWindow = (dueAt: Date, at: Date) => Math.abs(at.getTime() - dueAt.getTime()) > DOSE_WINDOW_MINUTES * 60_000;

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

/** Why a dose of the profile is not due at the hotel (ADR 0188): it fell before the cat was checked in, or after it was handed over. */
export type NotDueReason = "before_arrival" | "after_release";

/**
 * Whether a dose due at `dueAt` is the hotel's to give: not before the desk checked the cat in (the
 * owner gave it at home; the desk asks when), not after the cat was released at pickup. A stay with
 * no check-in time (put in the hotel before the desk recorded one) counts from its first day's start.
 */
export function notDueReason(dueAt: Date, times: { checkedInAt: Date | null; releasedAt: Date | null }): NotDueReason | null {
  if (times.checkedInAt && dueAt < times.checkedInAt) return "before_arrival";
  if (times.releasedAt && dueAt > times.releasedAt) return "after_release";
  return null;
}
