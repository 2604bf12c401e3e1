/**
 * The settings validator's visible progress: six labelled stages, each shown once the server has
 * started it and for at least 0.8 s, capped at 90 % until the report is in.
 */

export const VALIDATOR_STAGES = [
  "Validating credentials",
  "Testing API endpoints",
  "Checking database",
  "Measuring performance",
  "Reviewing security",
  "Generating report",
] as const;

export const STAGE_DELAY_MS = 800;
export const PROGRESS_CAP = 90;

/** Progress shown while stage `index` (0-based) runs: its share of 100, never above the cap. */
export function stageProgress(index: number): number {
  return Math.min(PROGRESS_CAP, Math.round(((index + 1) / VALIDATOR_STAGES.length) * 100));
}

export type ScoreTone = "green" | "yellow" | "red";

/** 90 and above green, 70 and above yellow, below red (a score out of 100). */
export function scoreTone(score: number): ScoreTone {
  if (score >= 90) return "green";
  if (score >= 70) return "yellow";
  return "red";
}

export const scoreToneClass: Record<ScoreTone, string> = {
  green: "text-green-700",
  yellow: "text-yellow-700",
  red: "text-red-700",
};

export const scoreToneBar: Record<ScoreTone, string> = {
  green: "bg-green-600",
  yellow: "bg-yellow-500",
  red: "bg-red-600",
};
