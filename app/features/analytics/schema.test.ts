import { describe, expect, it } from "vitest";
import { analyticsRangeSchema } from "./schema";

describe("the analytics range", () => {
  it("refuses a range the report cannot answer, in words by the field", () => {
    const problem = (input: object) => analyticsRangeSchema.safeParse(input).error?.issues[0];
    expect(problem({ from: "2026-01-10", to: "2026-01-09" })).toMatchObject({ path: ["to"], message: "The start date must be on or before the end date." });
    expect(problem({ from: "2024-01-01", to: "2026-01-01" })).toMatchObject({ path: ["from"], message: "Choose at most 366 days." });
    expect(problem({ from: "2026-02-30", to: "2026-03-01" })).toMatchObject({ path: ["from"] });
    expect(problem({ from: "yesterday", to: "2026-01-01" })).toMatchObject({ path: ["from"] });
    expect(problem({ from: "2026-01-12", to: "2026-01-25", group: "month" })).toMatchObject({ path: ["group"], message: "Group by day or week." });
    expect(problem({})).toBeDefined();
    expect(analyticsRangeSchema.parse({ from: "2026-01-12", to: "2026-01-25" })).toEqual({ from: "2026-01-12", to: "2026-01-25", group: "day" });
  });
});
