import { and, count, eq, gt, lt, min, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitEvents } from "../db/schema/index";

export interface RateLimitRule {
  /** What is limited, e.g. `magic-link:email:a@b.c` or `callback:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number; key: string };

class Refused extends Error {
  constructor(readonly result: RateLimitResult) {
    super("rate limit refused");
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function take(tx: Tx, rule: RateLimitRule, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${rule.key}, 0))`);
  const [row] = await tx
    .select({ used: count(), oldest: min(rateLimitEvents.createdAt) })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, rule.key), gt(rateLimitEvents.createdAt, new Date(now.getTime() - rule.windowMs))));
  if (row && row.used >= rule.limit) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    throw new Refused({ allowed: false, key: rule.key, retryAfterMs: Math.max(0, oldest + rule.windowMs - now.getTime()) });
  }
  await tx.insert(rateLimitEvents).values({ key: rule.key, createdAt: now });
}

/**
 * Counts one event against each rule's sliding window, as a single decision: if any rule
 * refuses, none is counted. Stored in the database so every server process shares the
 * limits; each key is locked for the transaction, so concurrent requests cannot both take
 * the last slot.
 */
export async function consumeRateLimits(db: Db, rules: RateLimitRule[], now = new Date()): Promise<RateLimitResult> {
  // A fixed lock order keeps two requests with overlapping keys from deadlocking.
  const ordered = [...rules].sort((a, b) => a.key.localeCompare(b.key));
  try {
    await db.transaction(async (tx) => {
      for (const rule of ordered) await take(tx, rule, now);
    });
    return { allowed: true };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** Removes events older than any window we use; for a periodic job, not the hot path. */
export async function pruneRateLimitEvents(db: Db, olderThanMs = 24 * 60 * 60 * 1000, now = new Date()) {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(now.getTime() - olderThanMs)));
}
