import { describe, expect, it } from "vitest";
import { keysetPageQuerySchema } from "./keyset-cursor";

describe("a page link's query", () => {
  it("takes a cursor of an instant and an id, and refuses one that is not, or names a day the calendar lacks", () => {
    const cursor = "2026-01-03T12:00:00.123456Z_00000000-0000-0000-0000-000000000000";
    expect(keysetPageQuerySchema.parse({ before: cursor })).toEqual({ before: cursor });
    expect(keysetPageQuerySchema.parse({})).toEqual({});
    for (const bad of ["20", "2026-02-31T10:00:00.000000Z_00000000-0000-0000-0000-000000000000", "2026-02-31T00:00:00.000000Z_not-a-uuid"]) {
      expect(keysetPageQuerySchema.safeParse({ after: bad }).error?.issues[0]).toMatchObject({ path: ["after"], message: "This page link is not valid." });
    }
  });
});
