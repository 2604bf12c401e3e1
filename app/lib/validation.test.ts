import { describe, expect, it } from "vitest";
import type { z } from "~/lib/zod";
import { REAL_DATE_MESSAGE, calendarDateField, idListField, isCalendarDate } from "./validation";

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe("calendarDateField", () => {
  const field = calendarDateField("Choose a check-in date", "Enter the date as YYYY-MM-DD");

  it("takes a real YYYY-MM-DD day, leap days included", () => {
    expect(field.parse("2026-03-08")).toBe("2026-03-08");
    expect(field.parse("2028-02-29")).toBe("2028-02-29");
    expect(field.parse("2000-02-29")).toBe("2000-02-29");
  });

  it("refuses a day the calendar does not have, with one message a person can act on", () => {
    for (const impossible of ["2027-02-30", "2027-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "0000-01-01"])
      expect(messages(field, impossible), impossible).toEqual([REAL_DATE_MESSAGE]);
    expect(REAL_DATE_MESSAGE).toBe("Enter a real date.");
  });

  it("names the field when it is missing, and the format when it is not YYYY-MM-DD", () => {
    expect(messages(field, undefined)).toEqual(["Choose a check-in date"]);
    for (const wrong of ["", "8/3/2026", "2026-3-8", "2026-03-08T00:00", "tomorrow"])
      expect(messages(field, wrong), wrong).toEqual(["Enter the date as YYYY-MM-DD"]);
    expect(messages(calendarDateField("Choose a day"), "soon")).toEqual(["Choose a day"]);
  });

  it("leaves later rules of the caller to real days only", () => {
    const notPast = calendarDateField("Choose a day").refine((d) => d >= "2026-01-01", "Not in the past");
    expect(messages(notPast, "2025-02-30")).toEqual([REAL_DATE_MESSAGE]);
    expect(messages(notPast, "2025-02-28")).toEqual(["Not in the past"]);
  });
});

describe("isCalendarDate", () => {
  it("is true only for real YYYY-MM-DD days", () => {
    expect(isCalendarDate("2026-12-31")).toBe(true);
    expect(isCalendarDate("2026-12-32")).toBe(false);
    expect(isCalendarDate("20261231")).toBe(false);
  });
});

describe("idListField", () => {
  const field = idListField({ missing: "Choose the cats", repeated: "Each cat can be chosen once.", max: { count: 3, message: "Choose at most 3 cats" } });
  const [a, b, c, d] = Array.from({ length: 4 }, () => crypto.randomUUID());

  it("reads one ticked box as a list of one, several as the list", () => {
    expect(field.parse(a)).toEqual([a]);
    expect(field.parse([a, b])).toEqual([a, b]);
  });

  it("refuses an id chosen twice", () => {
    expect(messages(field, [a, b, a])).toEqual(["Each cat can be chosen once."]);
    expect(messages(field, [a, a])).toEqual(["Each cat can be chosen once."]);
  });

  it("refuses none, too many, and anything that is not an id", () => {
    expect(messages(field, undefined)).toEqual(["Choose the cats"]);
    expect(messages(field, [])).toEqual(["Choose the cats"]);
    expect(messages(field, [a, b, c, d])).toEqual(["Choose at most 3 cats"]);
    expect(messages(field, ["not-an-id"])).toEqual(["Choose the cats"]);
  });
});
