import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rateLimitRecentEvents, rateLimitWindowCounts } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { type RateLimitRule, consumeRateLimits, pruneRateLimits, storedRateLimitKey } from "./rate-limit";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const minute = 60_000;
const at = (m: number, s = 0) => new Date(Date.UTC(2026, 0, 1, 12, m, s));
const consume = (rules: RateLimitRule[], now: Date) => consumeRateLimits(database.db, rules, now);
const allowedCount = (results: { allowed: boolean }[]) => results.filter((r) => r.allowed).length;

async function storedCount(key: string) {
  const rows = await database.db
    .select()
    .from(rateLimitWindowCounts)
    .where(eq(rateLimitWindowCounts.key, storedRateLimitKey(key)));
  return rows.reduce((sum, row) => sum + row.count, 0);
}

/** What each shard of a rule counted, in shard order. */
const shardCounts = (key: string, shards: number) => Promise.all(Array.from({ length: shards }, (_, i) => storedCount(`${key}:shard:${i}`)));

describe("a sliding window", () => {
  it("allows up to the limit within the window, then says when to retry", async () => {
    const rule: RateLimitRule = { key: "s1", limit: 2, windowMs: 10 * minute, window: "sliding" };
    expect(await consume([rule], at(0))).toEqual({ allowed: true });
    expect(await consume([rule], at(1))).toEqual({ allowed: true });
    expect(await consume([rule], at(2))).toEqual({ allowed: false, key: "s1", retryAfterMs: 8 * minute });
    // The window slides: the first event leaves it at minute 10, the second at minute 11.
    expect(await consume([rule], at(9, 59))).toMatchObject({ allowed: false, retryAfterMs: 1000 });
    expect(await consume([rule], at(10))).toEqual({ allowed: true });
    expect(await consume([rule], at(10, 30))).toEqual({ allowed: false, key: "s1", retryAfterMs: 30_000 });
  });

  it("holds over any span of the window, clock boundaries included", async () => {
    // Once per 15 minutes: 12:14 and 12:16 lie in different clock quarters but 2 minutes apart.
    const rule: RateLimitRule = { key: "s2", limit: 1, windowMs: 15 * minute, window: "sliding" };
    expect((await consume([rule], at(14))).allowed).toBe(true);
    expect(await consume([rule], at(16))).toEqual({ allowed: false, key: "s2", retryAfterMs: 13 * minute });
    expect((await consume([rule], at(29))).allowed).toBe(true);
  });

  it("keeps only the event times still inside the window", async () => {
    const rule: RateLimitRule = { key: "s3", limit: 3, windowMs: 10 * minute, window: "sliding" };
    for (const m of [0, 5, 12]) await consume([rule], at(m));
    const [row] = await database.db
      .select()
      .from(rateLimitRecentEvents)
      .where(eq(rateLimitRecentEvents.key, storedRateLimitKey("s3")));
    expect(row?.eventTimes.map((t) => new Date(t).toISOString())).toEqual([at(5).toISOString(), at(12).toISOString()]);
    expect(row?.expiresAt).toEqual(at(22));
  });

  it("refuses limits too large to keep every event time", async () => {
    await expect(consume([{ key: "s4", limit: 101, windowMs: minute, window: "sliding" }], at(0))).rejects.toThrow(/fixed window/);
  });
});

describe("a fixed window", () => {
  it("allows up to the limit per clock window, says when the window ends, and starts again in the next", async () => {
    const rule: RateLimitRule = { key: "f1", limit: 2, windowMs: 10 * minute, window: "fixed" };
    expect(await consume([rule], at(1))).toEqual({ allowed: true });
    expect(await consume([rule], at(8))).toEqual({ allowed: true });
    // The window is 12:00-12:10 whenever its first event came.
    expect(await consume([rule], at(9))).toEqual({ allowed: false, key: "f1", retryAfterMs: 1 * minute });
    expect(await consume([rule], at(9, 59))).toEqual({ allowed: false, key: "f1", retryAfterMs: 1000 });
    expect(await consume([rule], at(10))).toEqual({ allowed: true });
    expect(await consume([rule], at(11))).toEqual({ allowed: true });
    expect(await consume([rule], at(12))).toEqual({ allowed: false, key: "f1", retryAfterMs: 8 * minute });
    expect(await storedCount("f1")).toBe(4);
  });

  it("kept in shards: lets through the whole limit, refuses only once every shard's share is used, and starts again", async () => {
    const rule: RateLimitRule = { key: "f3", limit: 7, windowMs: 10 * minute, window: "fixed", shards: 3 };
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await consume([rule], at(1)));
    expect(results.map((r) => r.allowed)).toEqual([...Array(7).fill(true), ...Array(3).fill(false)]);
    expect(results[7]).toEqual({ allowed: false, key: "f3", retryAfterMs: 9 * minute });
    expect(await shardCounts("f3", 3)).toEqual([3, 2, 2]);
    expect(await consume([rule], at(10))).toEqual({ allowed: true });
  });

  it("never keeps more shards than the limit, nor shards of a sliding window", async () => {
    const rule: RateLimitRule = { key: "f4", limit: 2, windowMs: 10 * minute, window: "fixed", shards: 8 };
    for (let i = 0; i < 3; i++) await consume([rule], at(1));
    expect(await shardCounts("f4", 8)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    await expect(consume([{ key: "f5", limit: 2, windowMs: minute, window: "sliding", shards: 2 }], at(0))).rejects.toThrow(/shards/);
  });

  it("refuses a limit below one", async () => {
    await expect(consume([{ key: "f2", limit: 0, windowMs: minute, window: "fixed" }], at(0))).rejects.toThrow(/positive integer/);
  });
});

describe("several rules", () => {
  it("count nothing when one of them refuses", async () => {
    const perNumber: RateLimitRule = { key: "m1:number", limit: 1, windowMs: 15 * minute, window: "sliding" };
    const perIp: RateLimitRule = { key: "m1:ip", limit: 5, windowMs: 60 * minute, window: "fixed" };
    await consume([perNumber, perIp], at(0));
    expect(await consume([perNumber, perIp], at(1))).toMatchObject({ allowed: false, key: "m1:number" });
    // Only the first, allowed request used the per-IP allowance.
    expect(await storedCount("m1:ip")).toBe(1);
    for (let i = 0; i < 4; i++) {
      expect((await consume([{ ...perNumber, key: `m1:n${i}` }, perIp], at(2))).allowed).toBe(true);
    }
    expect(await consume([{ ...perNumber, key: "m1:n9" }, perIp], at(3))).toMatchObject({ allowed: false, key: "m1:ip" });
    // The per-IP refusal undid the per-number event taken before it in the same transaction.
    expect(
      await database.db
        .select()
        .from(rateLimitRecentEvents)
        .where(eq(rateLimitRecentEvents.key, storedRateLimitKey("m1:n9"))),
    ).toEqual([]);
    expect((await consume([{ ...perNumber, key: "m1:n9" }], at(3))).allowed).toBe(true);
  });

  it("answer with the rule that refused and its wait", async () => {
    const daily: RateLimitRule = { key: "m2:a", limit: 1, windowMs: 60 * minute, window: "fixed" };
    const quick: RateLimitRule = { key: "m2:b", limit: 1, windowMs: 5 * minute, window: "sliding" };
    await consume([daily, quick], at(0));
    expect(await consume([daily, { ...quick, key: "m2:c" }], at(20))).toEqual({ allowed: false, key: "m2:a", retryAfterMs: 40 * minute });
    expect(await consume([{ ...daily, key: "m2:d" }, quick], at(2))).toEqual({ allowed: false, key: "m2:b", retryAfterMs: 3 * minute });
  });
});

describe("concurrent requests", () => {
  it("let exactly `limit` through a fixed window", async () => {
    const rule: RateLimitRule = { key: "c1", limit: 10, windowMs: minute, window: "fixed" };
    const results = await Promise.all(Array.from({ length: 50 }, () => consume([rule], at(0))));
    expect(allowedCount(results)).toBe(10);
    expect(await storedCount("c1")).toBe(10);
  });

  it("let exactly `limit` through a fixed window kept in shards", async () => {
    const rule: RateLimitRule = { key: "c4", limit: 10, windowMs: minute, window: "fixed", shards: 4 };
    const results = await Promise.all(Array.from({ length: 50 }, () => consume([rule], at(0))));
    expect(allowedCount(results)).toBe(10);
    expect(await shardCounts("c4", 4)).toEqual([3, 3, 2, 2]);
  });

  it("let exactly `limit` through a sliding window", async () => {
    const rule: RateLimitRule = { key: "c2", limit: 10, windowMs: minute, window: "sliding" };
    const results = await Promise.all(Array.from({ length: 50 }, () => consume([rule], at(0))));
    expect(allowedCount(results)).toBe(10);
    const [row] = await database.db
      .select()
      .from(rateLimitRecentEvents)
      .where(eq(rateLimitRecentEvents.key, storedRateLimitKey("c2")));
    expect(row?.eventTimes).toHaveLength(10);
  });

  it("sharing one key with several rules each: exactly `limit`, nothing counted for the refused, no deadlock", async () => {
    // Each request takes its own keys on both sides of the shared one, as a request's
    // per-address and per-number keys sort around a site-wide key.
    const shared: RateLimitRule = { key: "c3:m:global", limit: 10, windowMs: 60 * minute, window: "fixed" };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        consume(
          [
            { key: `c3:z:ip:${i}`, limit: 5, windowMs: 60 * minute, window: "fixed" },
            shared,
            { key: `c3:a:number:${i}`, limit: 1, windowMs: 15 * minute, window: "sliding" },
          ],
          at(0),
        ),
      ),
    );
    expect(allowedCount(results)).toBe(10);
    expect(await storedCount("c3:m:global")).toBe(10);
    const ipCounts = await Promise.all(Array.from({ length: 50 }, (_, i) => storedCount(`c3:z:ip:${i}`)));
    expect(ipCounts.filter((n) => n === 1)).toHaveLength(10);
    expect(ipCounts.filter((n) => n === 0)).toHaveLength(40);
  });
});

describe("pruneRateLimits", () => {
  it("deletes the rows whose window has passed and keeps the others", async () => {
    await consume([{ key: "p1:old", limit: 1, windowMs: minute, window: "fixed" }], at(0));
    await consume([{ key: "p1:old-sliding", limit: 1, windowMs: minute, window: "sliding" }], at(0));
    await consume([{ key: "p1:live", limit: 1, windowMs: 60 * minute, window: "fixed" }], at(0));
    await consume([{ key: "p1:live-sliding", limit: 1, windowMs: 60 * minute, window: "sliding" }], at(0));
    await pruneRateLimits(database.db, at(5));
    const counters = await database.db.select({ key: rateLimitWindowCounts.key }).from(rateLimitWindowCounts);
    const logs = await database.db.select({ key: rateLimitRecentEvents.key }).from(rateLimitRecentEvents);
    expect(counters.map((r) => r.key)).toContain(storedRateLimitKey("p1:live"));
    expect(counters.map((r) => r.key)).not.toContain(storedRateLimitKey("p1:old"));
    expect(logs.map((r) => r.key)).toContain(storedRateLimitKey("p1:live-sliding"));
    expect(logs.map((r) => r.key)).not.toContain(storedRateLimitKey("p1:old-sliding"));
  });
});

describe("what is stored", () => {
  it("is a hash of each key: no e-mail address, phone number or client address in the tables", async () => {
    await consume([{ key: "sign-in:email:someone@example.com", limit: 1, windowMs: minute, window: "sliding" }], at(0));
    await consume([{ key: "callback:ip:2001:db8:1:2::/64", limit: 5, windowMs: 60 * minute, window: "fixed" }], at(0));
    const stored = [
      ...(await database.db.select({ key: rateLimitWindowCounts.key }).from(rateLimitWindowCounts)),
      ...(await database.db.select({ key: rateLimitRecentEvents.key }).from(rateLimitRecentEvents)),
    ].map((r) => r.key);
    expect(stored).toContain(storedRateLimitKey("sign-in:email:someone@example.com"));
    for (const key of stored) expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toMatch(/example\.com|2001:db8/);
  });
});
