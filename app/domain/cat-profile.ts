import { type RecordStatus, VACCINE_LABELS, type Vaccine, type VaccinePolicy, requiredVaccines } from "./vaccines";

/**
 * What a cat's profile tells a person at a glance: its age and whether it can be booked. Pure
 * functions over calendar days ("YYYY-MM-DD" in Los Angeles time), shared by the pages and the server.
 */

/** Whole years from `birthDate` to `today`. */
export function ageInYears(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The birth date an approximate age stands for: today, `years` years ago (29 February becomes 28). */
export function birthDateForAge(years: number, today: string): string {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y - years).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "about 4 years old", "2 years old", "under a year old". */
export function ageLabel(birthDate: string, estimated: boolean, today: string): string {
  const years = ageInYears(birthDate, today);
  const words = years < 1 ? "under a year old" : `${years} ${years === 1 ? "year" : "years"} old`;
  return estimated && years >= 1 ? `about ${words}` : words;
}

export interface ReadinessInput {
  sex: string | null;
  birthDate: string | null;
  spayedNeutered: string;
}

/**
 * What a cat still needs before it can be booked today (ADR 0120): its profile's gaps and, for each
 * vaccine the published policy requires, a current record ("FVRCP awaiting review" while staff have
 * not checked it: it counts for planning, so the cat is not blocked by it, but it is not ready yet).
 */
export function missingForBooking(cat: ReadinessInput, records: readonly { vaccine: Vaccine; status: RecordStatus }[], policy: VaccinePolicy): string[] {
  const missing: string[] = [];
  if (!cat.birthDate) missing.push("Birth date or age needed");
  if (cat.spayedNeutered === "unknown") missing.push("Spayed/neutered status needed");
  for (const vaccine of requiredVaccines(policy)) {
    const status = records.find((r) => r.vaccine === vaccine)?.status;
    const label = VACCINE_LABELS[vaccine];
    if (status === "awaiting_review") missing.push(`${label} awaiting review`);
    else if (status === "expired") missing.push(`${label} expired`);
    else if (status !== "verified") missing.push(`${label} record needed`);
  }
  return missing;
}

export const READY_TO_BOOK = "Ready to book";
