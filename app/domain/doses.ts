import { businessLocalToUtc } from "~/lib/business-time";
import { parseTimes } from "./care-log";

/** A medication as a cat's profile or care plan gives it: the times are as the owner wrote them. */
export type MedicationTimes = { name: string; dose: string; times: string };

export const DOSE_OUTCOMES = ["given", "refused", "spat_out", "vomited"] as const;
export type DoseOutcome = (typeof DOSE_OUTCOMES)[number];
export const DOSE_OUTCOME_LABELS: Record<DoseOutcome, string> = { given: "Given", refused: "Refused", spat_out: "Spat out", vomited: "Vomited" };

/** A dose may be logged this many minutes either side of its time; outside, it needs a remark. */
export const DOSE_WINDOW_MINUTES = 60;

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
export function dosesOn(medications: readonly MedicationTimes[], day: string): DueDose[] {
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
