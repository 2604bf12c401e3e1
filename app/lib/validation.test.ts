import { describe, expect, it } from "vitest";
import type { z } from "~/lib/zod";
import { REAL_DATE_MESSAGE, calendarDateField, idListField, isCalendarDate, moneyField, moneyInDollarsField } from "./validation";

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

describe("moneyField", () => {
  const price = moneyField({
    missing: "Enter the price",
    invalid: "Enter the price in dollars, like 65 or 65.50",
    max: { cents: 100_000, message: "At most $1,000" },
  });
  const message = (typed: string) => price.safeParse(typed).error?.issues[0]?.message;

  it("takes plain decimals, with or without a dollar sign and spaces around, as whole cents", () => {
    for (const [typed, cents] of [
      ["12", 1200],
      ["12.5", 1250],
      ["12.50", 1250],
      ["$12.05", 1205],
      [" 0.99 ", 99],
      ["0", 0],
      ["1000", 100_000],
    ] as const)
      expect(price.parse(typed), typed).toBe(cents);
  });

  it("refuses what a number coercion took: hexadecimal, exponents, infinity, signs, a third decimal", () => {
    for (const typed of ["0x10", "1e2", "Infinity", "-5", "+5", "12.345", "12.", ".5", "1,000", "12 50", "NaN", "0b11", "1_000"])
      expect(message(typed), typed).toBe("Enter the price in dollars, like 65 or 65.50");
    expect(message("")).toBe("Enter the price");
    expect(message("1000.01")).toBe("At most $1,000");
  });

  it("takes whole dollars only when asked, and gives dollars to the forms whose change takes dollars", () => {
    const limit = moneyInDollarsField({ missing: "Enter a limit in whole dollars", wholeDollars: true });
    expect(limit.parse("400")).toBe(400);
    expect(limit.safeParse("400.50").error?.issues[0]?.message).toBe("Enter a limit in whole dollars");
    expect(moneyInDollarsField({ missing: "Enter an amount" }).parse("12.34")).toBe(12.34);
  });
});
