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
 * What a cat still needs before it can be booked. Vaccine records come with a later change, and
 * nothing is bookable without them, so "Vaccine records needed" is always listed for now: the
 * page never claims a readiness it has not checked.
 */
export function missingForBooking(cat: ReadinessInput): string[] {
  const missing: string[] = [];
  if (!cat.birthDate) missing.push("Birth date or age needed");
  if (cat.spayedNeutered === "unknown") missing.push("Spayed/neutered status needed");
  missing.push("Vaccine records needed");
  return missing;
}

export const READY_TO_BOOK = "Ready to book";
