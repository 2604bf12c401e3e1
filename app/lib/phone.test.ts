import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhone, formatUsPhone, nanpRejection, phoneDigits, toCallableE164, toE164 } from "./phone";

describe("phone input", () => {
  it("keeps digits only, at most 10", () => {
    expect(phoneDigits("(949) abc-249.12!34 99")).toBe("9492491234");
  });
  it.each([
    ["", ""],
    ["9", "(9"],
    ["949", "(949"],
    ["9492", "(949) 2"],
    ["949249", "(949) 249"],
    ["9492491", "(949) 249-1"],
    ["9492491234", "(949) 249-1234"],
  ])("formats %j as %j", (digits, formatted) => {
    expect(formatPhone(digits)).toBe(formatted);
  });
  it("never formats beyond 14 characters, whatever is typed", () => {
    fc.assert(fc.property(fc.string(), (s) => formatPhone(s).length <= 14));
  });
});

describe("the North American number rule", () => {
  it.each([
    ["9492491234", null],
    ["2125550199", "fictional"],
    ["2125551212", "exchange"],
    ["3402491234", null], // US Virgin Islands: a US territory
    ["1492491234", "area-code"],
    ["9112491234", "area-code"],
    ["2992491234", "area-code"],
    ["3702491234", "area-code"],
    ["8882491234", "toll-free-or-premium"],
    ["9002491234", "toll-free-or-premium"],
    ["5002491234", "toll-free-or-premium"],
    ["9499761234", "toll-free-or-premium"],
    ["8092491234", "international"],
    ["9490491234", "exchange"],
    ["9494111234", "exchange"],
  ])("%s -> %s", (digits, rejection) => {
    expect(nanpRejection(digits)).toBe(rejection);
  });

  it("normalises the usual ways of writing a number and nothing else", () => {
    for (const input of ["9492491234", "949-249-1234", "(949) 249-1234", "949.249.1234", "+1 949 249 1234", "1-949-249-1234", "+19492491234"]) {
      expect(toCallableE164(input)).toBe("+19492491234");
    }
    for (const input of ["+2 949 249 1234", "9492491234x", "949 249 12345", "+1+19492491234", "٩٤٩٢٤٩١٢٣٤"]) {
      expect(toCallableE164(input)).toBeNull();
    }
  });
});

describe("toE164 (numbers people give us for themselves)", () => {
  it.each([
    ["(949) 555-0100", "+19495550100"],
    ["949.555.0100", "+19495550100"],
    ["+1 949 555 0100", "+19495550100"],
    ["1-949-555-0100", "+19495550100"],
    ["949555010", null],
    ["149-555-0100", null],
    ["949-055-0100", null],
  ])("%s -> %s", (typed, e164) => expect(toE164(typed)).toBe(e164));

  it("shows a stored number the way people write it", () => {
    expect(formatUsPhone("+19495550100")).toBe("(949) 555-0100");
  });
});
