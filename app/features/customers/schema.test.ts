import { describe, expect, it } from "vitest";
import { customerSearchOf } from "./schema";

const typed = (query: string) => customerSearchOf(new URLSearchParams(query));

describe("the search of booking for a customer, as typed in the address", () => {
  it("is trimmed, and blank or missing is no search", () => {
    expect(typed("q=%20Nguyen%20")).toEqual({ search: { q: "Nguyen" }, searchError: null });
    expect(typed("q=")).toEqual({ search: {}, searchError: null });
    expect(typed("")).toEqual({ search: {}, searchError: null });
  });

  it("refuses more than 100 characters in words, and searches for nothing", () => {
    expect(typed(`q=${"a".repeat(100)}`).search.q).toHaveLength(100);
    expect(typed(`q=${"a".repeat(101)}`)).toEqual({ search: {}, searchError: "Search for at most 100 characters." });
  });
});
