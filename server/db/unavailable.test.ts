import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["connection refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["terminated by an administrator", withCode("terminating connection due to administrator command", "57P01")],
    ["connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["pool connect time-out", new Error("timeout exceeded when trying to connect")],
    ["database closed to connections", withCode('database "x" is not currently accepting connections', "55000")],
    ["too many connections", withCode("sorry, too many clients already", "53300")],
    ["wrapped by Drizzle", new Error("Failed query: select 1", { cause: withCode("x", "57P01") })],
    ["several addresses refused", new AggregateError([withCode("refused", "ECONNREFUSED")])],
  ])("says yes for %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode('duplicate key value violates unique constraint "x"', "23505")],
    ["a syntax error", withCode("syntax error at or near", "42601")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error", "oops"],
    ["nothing", undefined],
  ])("says no for %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
