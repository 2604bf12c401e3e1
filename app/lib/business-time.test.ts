import { describe, expect, it } from "vitest";
import {
  businessDate,
  businessLocalToUtc,
  businessTime,
  formatBusinessDate,
  formatBusinessTime,
  nextBusinessDate,
  addBusinessDays,
  businessYear,
  formatBusinessDateTime,
  formatBusinessLongDate,
  formatBusinessLongDateTime,
  formatBusinessMonth,
} from "./business-time";

describe("business time (America/Los_Angeles)", () => {
  it("converts winter and summer wall-clock times to UTC", () => {
    expect(businessLocalToUtc("2026-01-15", "09:00").toISOString()).toBe("2026-01-15T17:00:00.000Z");
    expect(businessLocalToUtc("2026-07-15", "09:00").toISOString()).toBe("2026-07-15T16:00:00.000Z");
  });

  it("handles the spring-forward day: times after the jump are daylight time", () => {
    // 2026-03-08 02:00 PST -> 03:00 PDT
    expect(businessLocalToUtc("2026-03-08", "01:30").toISOString()).toBe("2026-03-08T09:30:00.000Z");
    expect(businessLocalToUtc("2026-03-08", "10:00").toISOString()).toBe("2026-03-08T17:00:00.000Z");
    // 02:30 does not exist; it lands an hour later, like the clocks.
    expect(businessTime(businessLocalToUtc("2026-03-08", "02:30"))).toBe("03:30");
  });

  it("handles the fall-back day: the ambiguous hour takes its first occurrence", () => {
    // 2026-11-01 02:00 PDT -> 01:00 PST
    expect(businessLocalToUtc("2026-11-01", "01:30").toISOString()).toBe("2026-11-01T08:30:00.000Z");
    expect(businessLocalToUtc("2026-11-01", "10:00").toISOString()).toBe("2026-11-01T18:00:00.000Z");
  });

  it("round-trips every quarter hour of a DST day", () => {
    for (const date of ["2026-03-08", "2026-11-01"]) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        if (date === "2026-03-08" && time >= "02:00" && time < "03:00") continue;
        const instant = businessLocalToUtc(date, time);
        expect([businessDate(instant), businessTime(instant)]).toEqual([date, time]);
      }
    }
  });

  it("formats for people", () => {
    const instant = new Date("2026-03-08T17:00:00Z");
    expect(formatBusinessDate(instant)).toBe("Sun, Mar 8, 2026");
    expect(formatBusinessTime(instant)).toBe("10:00 AM");
    expect(formatBusinessDateTime(instant)).toBe("Mar 8, 2026, 10:00 AM");
    expect(formatBusinessLongDate(instant)).toBe("March 8, 2026");
    expect(formatBusinessLongDateTime(instant)).toBe("March 8, 2026 at 10:00 AM (Pacific)");
  });

  it("gives the month and year of Los Angeles, not of UTC, around midnight", () => {
    // 00:30 UTC on New Year's Day is still New Year's Eve in Los Angeles.
    const instant = new Date("2027-01-01T00:30:00Z");
    expect(businessYear(instant)).toBe("2026");
    expect(formatBusinessMonth(instant)).toBe("December 2026");
  });

  it("finds the next calendar day across month and year ends", () => {
    expect(nextBusinessDate("2026-12-31")).toBe("2027-01-01");
    expect(nextBusinessDate("2028-02-28")).toBe("2028-02-29");
    expect(addBusinessDays("2026-11-24", 40)).toBe("2027-01-03");
    expect(addBusinessDays("2027-03-01", -1)).toBe("2027-02-28");
  });
});
