/**
 * The hand-over at the desk (ADR 0161): what was received with a cat at check-in and handed back at
 * check-out. Browser-safe: the pages and the server share these words and the one mismatch rule.
 */

export const HANDOVER_DIRECTIONS = ["arrival", "departure"] as const;
export type HandoverDirection = (typeof HANDOVER_DIRECTIONS)[number];

/** The pills or doses counted for one medication of the care plan (null: one count for a plan that names none). */
export interface DoseCount {
  medication: string | null;
  count: number;
  /** At arrival: when the owner last gave it at home (an instant, ISO), as the desk asked (ADR 0188). */
  lastGivenAt?: string | null;
}

/** A weight as the desk reads it: kilograms with two decimals ("4.25 kg"). */
export const formatKilograms = (grams: number) => `${(grams / 1000).toFixed(2)} kg`;

/** A weight as the form shows it to edit: kilograms, no unit. */
export const kilogramsText = (grams: number) => (grams / 1000).toFixed(2);

export const totalDoses = (doses: readonly DoseCount[]) => doses.reduce((sum, d) => sum + d.count, 0);

/** A cat's pill count at check-out: what came with it, what the care log says was given, and what is handed back. */
export interface PillCount {
  received: number;
  given: number;
  handedBack: number;
}

/** Whether the count handed back is not what was received less what was given. */
export const pillCountMismatch = ({ received, given, handedBack }: PillCount) => received - given !== handedBack;

export const pillCountWarning = ({ received, given, handedBack }: PillCount) =>
  `Pill count does not match: received ${received}, given ${given}, handing back ${handedBack}.`;

/** Where the staff's page of a stay shows a cat: what a suite card's QR code encodes. */
export const staffCatPath = (stayId: string, catId: string) => `/staff/stays/${stayId}#cat-${catId}`;
