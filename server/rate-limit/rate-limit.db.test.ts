import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rateLimitEvents } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { consumeRateLimits, pruneRateLimitEvents } from "./rate-limit";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const minute = 60_000;
const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 12, m));

describe("consumeRateLimits", () => {
  it("allows up to the limit within the window, then says when to retry", async () => {
    const rule = { key: "t1", limit: 2, windowMs: 10 * minute };
    expect(await consumeRateLimits(database.db, [rule], at(0))).toEqual({ allowed: true });
    expect(await consumeRateLimits(database.db, [rule], at(1))).toEqual({ allowed: true });
    expect(await consumeRateLimits(database.db, [rule], at(2))).toEqual({ allowed: false, key: "t1", retryAfterMs: 8 * minute });
    // The window slides: the first event leaves it at minute 10.
    expect((await consumeRateLimits(database.db, [rule], at(10))).allowed).toBe(true);
  });

  it("counts nothing when one of several rules refuses", async () => {
    const perNumber = { key: "t2:number", limit: 1, windowMs: 15 * minute };
    const perIp = { key: "t2:ip", limit: 5, windowMs: 60 * minute };
    await consumeRateLimits(database.db, [perNumber, perIp], at(0));
    expect((await consumeRateLimits(database.db, [perNumber, perIp], at(1))).allowed).toBe(false);
    // Only the first, allowed request used the per-IP allowance.
    for (let i = 0; i < 4; i++) {
      expect((await consumeRateLimits(database.db, [{ ...perNumber, key: `t2:n${i}` }, perIp], at(2))).allowed).toBe(true);
    }
    expect((await consumeRateLimits(database.db, [{ ...perNumber, key: "t2:n9" }, perIp], at(3))).allowed).toBe(false);
  });

  it("lets exactly `limit` of many concurrent requests through", async () => {
    const rule = { key: "t3", limit: 3, windowMs: minute };
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimits(database.db, [rule], at(0))));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it("prunes old events", async () => {
    await consumeRateLimits(database.db, [{ key: "t4", limit: 1, windowMs: minute }], at(0));
    await pruneRateLimitEvents(database.db, minute, new Date(at(0).getTime() + 2 * 24 * 60 * minute));
    expect(await database.db.select().from(rateLimitEvents)).toEqual([]);
  });
});
