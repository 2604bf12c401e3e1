import { describe, expect, it } from "vitest";
import { PROGRESS_CAP, VALIDATOR_STAGES, scoreTone, stageProgress } from "./validator-progress";

describe("settings validator progress", () => {
  it("has six stages whose progress climbs but never passes 90 before completion", () => {
    expect(VALIDATOR_STAGES).toHaveLength(6);
    const values = VALIDATOR_STAGES.map((_, i) => stageProgress(i));
    expect(values).toEqual([17, 33, 50, 67, 83, 90]);
    expect(Math.max(...values)).toBe(PROGRESS_CAP);
  });

  it("colours scores 90+ green, 70+ yellow, else red", () => {
    expect([100, 90, 89, 70, 69, 0].map(scoreTone)).toEqual(["green", "green", "yellow", "yellow", "red", "red"]);
  });
});
