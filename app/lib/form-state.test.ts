import { describe, expect, it } from "vitest";
import { getAtPath, moveItem, setAtPath } from "./form-state";

describe("form paths", () => {
  it("reads and replaces nested leaves without touching the original", () => {
    const value = {
      address: { city: "Laguna Niguel" },
      hours: [{ days: "Mon", time: "9-5" }],
    };
    const next = setAtPath(value, "hours.0.time", "10-4");
    expect(getAtPath(next, "hours.0.time")).toBe("10-4");
    expect(value.hours[0]!.time).toBe("9-5");
    expect(getAtPath(setAtPath(value, "address.city", "Dana Point"), "address.city")).toBe("Dana Point");
  });
});

describe("a list at the root of a section", () => {
  it("reads and replaces the whole value and its items with an empty path", () => {
    const faq = [{ question: "Q", answer: "A" }];
    expect(getAtPath(faq, "")).toBe(faq);
    expect(setAtPath(faq, "0.answer", "B")).toEqual([{ question: "Q", answer: "B" }]);
    expect(setAtPath(faq, "", [])).toEqual([]);
  });
});

describe("moving an item of a list", () => {
  it("moves it up or down by one, or to either end, without touching the original", () => {
    const list = ["a", "b", "c", "d"];
    expect(moveItem(list, 2, 1)).toEqual(["a", "c", "b", "d"]);
    expect(moveItem(list, 0, 1)).toEqual(["b", "a", "c", "d"]);
    expect(moveItem(list, 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(list).toEqual(["a", "b", "c", "d"]);
  });
});
