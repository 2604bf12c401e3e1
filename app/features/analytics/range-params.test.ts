import { describe, expect, it } from "vitest";
import { rangeFromSearchParams } from "./range-params";
import { bucketsOf, weekStart } from "./schema";

const params = (q: string) => new URLSearchParams(q);

describe("the Analytics page's range", () => {
  it("defaults to the last 30 days by day, today included", () => {
    expect(rangeFromSearchParams(params(""), "2026-03-08")).toEqual({
      from: "2026-02-07",
      to: "2026-03-08",
      group: "day",
      weekly: false,
      preset: 30,
      error: null,
    });
  });

  it("takes a preset and a grouping; an unknown preset is the default", () => {
    expect(rangeFromSearchParams(params("days=7&group=week"), "2026-03-08")).toMatchObject({ from: "2026-03-02", to: "2026-03-08", group: "week", preset: 7 });
    expect(rangeFromSearchParams(params("days=5"), "2026-03-08")).toMatchObject({ preset: 30 });
  });

  it("takes a custom range, and explains a bad one while falling back", () => {
    expect(rangeFromSearchParams(params("from=2026-01-01&to=2026-01-31"), "2026-03-08")).toMatchObject({
      from: "2026-01-01",
      to: "2026-01-31",
      preset: null,
      error: null,
    });
    expect(rangeFromSearchParams(params("from=2026-02-01&to=2026-01-31"), "2026-03-08")).toMatchObject({
      preset: 30,
      error: "The start date must be on or before the end date.",
    });
    expect(rangeFromSearchParams(params("from=2024-01-01&to=2026-01-31"), "2026-03-08").error).toBe("Choose at most 366 days.");
  });

  it("shows up to 90 days by day, and a longer range by week", () => {
    expect(rangeFromSearchParams(params("days=90"), "2026-03-08")).toMatchObject({ group: "day", weekly: false });
    expect(rangeFromSearchParams(params("from=2025-12-08&to=2026-03-08"), "2026-03-08")).toMatchObject({ group: "week", weekly: true });
    expect(rangeFromSearchParams(params("from=2025-03-09&to=2026-03-08&group=week"), "2026-03-08")).toMatchObject({ group: "week", weekly: false });
  });
});

describe("buckets", () => {
  it("starts weeks on Monday, like PostgreSQL's date_trunc('week')", () => {
    expect(weekStart("2026-03-08")).toBe("2026-03-02"); // a Sunday
    expect(weekStart("2026-03-09")).toBe("2026-03-09"); // a Monday
    expect(bucketsOf({ from: "2026-03-08", to: "2026-03-16", group: "week" })).toEqual(["2026-03-02", "2026-03-09", "2026-03-16"]);
    expect(bucketsOf({ from: "2026-12-30", to: "2027-01-02", group: "day" })).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  });
});
