import { type SQL, eq, inArray, lt, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { type Db, rowsOf } from "../db/client";
import { rateLimitRecentEvents, rateLimitWindowCounts } from "../db/schema/index";
import { inTransaction } from "../db/transaction";

export interface RateLimitRule {
  /** What is limited, e.g. `magic-link:email:a@b.c` or `callback:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowMs: number;
  /**
   * How the window is counted (ADR 0102 says which rules use which):
   * - "sliding": at most `limit` events in any span of `windowMs` ("once per 15 minutes" means it).
   *   Keeps each event's time, so only for small limits (at most SLIDING_LIMIT_MAX).
   * - "fixed": at most `limit` events per clock-aligned window of `windowMs` (e.g. each clock hour);
   *   one counter per window whatever the limit, so for caps and for keys that many requests share.
   *   Across a window boundary up to twice the limit can pass in a short time.
   */
  window: "sliding" | "fixed";
  /**
   * Fixed windows only: the window's count kept in this many rows (at most `limit`), each allowed its
   * share of the limit, so requests that all count against one key (a site-wide cap) do not queue for
   * one row lock until each one's commit. An event counts in a shard chosen at random; when that
   * shard's share is used up it counts in any other shard with room, so the rule refuses only when
   * the whole limit is used, as with one row (ADR 0216).
   */
  shards?: number;
}

/** Above this, a sliding rule's row of event times grows too long to rewrite on every request. */
const SLIDING_LIMIT_MAX = 100;

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number; key: string };

type Refusal = Extract<RateLimitResult, { allowed: false }>;

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super("rate limit refused");
  }
}

/**
 * What is stored for a key: its SHA-256, so the tables hold no e-mail addresses, phone numbers or
 * client addresses, while equal keys still meet on one row (in every process).
 */
export function storedRateLimitKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

const timestamptz = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** What one rule's counting step takes for an event (`countingValues`): times as ISO strings. */
type CountingField = "key" | "limit" | "start" | "end" | "now" | "windowOpened" | "expiresAt";
export type CountingValues = Partial<Record<CountingField, string | number>>;

/** The counting step's SQL, each value given by `value` (itself, or a placeholder a prepared statement fills). */
function countingSql(window: RateLimitRule["window"], value: (field: CountingField) => unknown, gate?: SQL): SQL {
  const from = gate ? sql` from ${gate}` : sql``;
  const at = (field: CountingField) => sql`${value(field)}::timestamptz`;
  if (window === "fixed") {
    return sql`insert into rate_limit_window_counts (key, window_start, count, expires_at)
      select ${value("key")}, ${at("start")}, 1, ${at("end")}${from}
      on conflict (key, window_start) do update set count = rate_limit_window_counts.count + 1
      where rate_limit_window_counts.count < ${value("limit")}
      returning 1 as counted`;
  }
  const timesInWindow = sql`array(select t from unnest(rate_limit_recent_events.event_times) as t where t > ${at("windowOpened")} order by t)`;
  return sql`insert into rate_limit_recent_events (key, event_times, expires_at)
    select ${value("key")}, array[${at("now")}], ${at("expiresAt")}${from}
    on conflict (key) do update set event_times = ${timesInWindow} || ${at("now")}, expires_at = ${at("expiresAt")}
    where cardinality(${timesInWindow}) < ${value("limit")}
    returning 1 as counted`;
}

/**
 * One rule's counting as SQL: a conditional upsert that returns one row when the event is counted and
 * none when the rule refuses. It runs alone (`takeFixed`, `takeSliding`) or as one step of a larger
 * statement (the callback request, ADR 0118): `gate` names an earlier step of that statement, and
 * the event is counted only if that step returned a row.
 *
 * - fixed: adds one to this window's counter unless it has reached the limit. The row lock the upsert
 *   takes makes concurrent requests, in any process, queue for the counter, and each sees the count
 *   the previous one left; no separate lock or COUNT.
 * - sliding: on the key's row of event times, drops the times that have left the window and appends
 *   this one, unless `limit` times remain inside it. Exact for any span of the window, and serialised
 *   per key by the row lock like the fixed counters.
 */
export function countingStep(rule: RateLimitRule, now: Date, gate?: SQL): SQL {
  const values = countingValues(rule, now);
  return countingSql(rule.window, (field) => values[field], gate);
}

/**
 * `countingStep` for a statement built once and prepared (ADR 0221): its values are placeholders
 * named `<name>.<field>`, filled for each event by `addCountingPlaceholderValues(values, name, rule, now)`.
 */
export function countingStepWithPlaceholders(window: RateLimitRule["window"], name: string, gate?: SQL): SQL {
  return countingSql(window, (field) => sql.placeholder(`${name}.${field}`), gate);
}

/**
 * Adds to `values` those of `countingStepWithPlaceholders(rule.window, name)` for an event at `now`
 * (a hot statement's values: into one object, without copies).
 */
export function addCountingPlaceholderValues(values: Record<string, unknown>, name: string, rule: RateLimitRule, now: Date) {
  const counting = countingValues(rule, now);
  for (const field in counting) values[`${name}.${field}`] = counting[field as CountingField];
}

/** The values a rule's counting step takes for an event at `now` (for a fixed rule, in a shard drawn at random). */
function countingValues(rule: RateLimitRule, now: Date): CountingValues {
  if (rule.window === "fixed") {
    const { start, end } = fixedWindowTimes(rule, now);
    const shards = shardsOf(rule);
    const shard = shards[crypto.randomInt(shards.length)]!;
    return { key: shard.key, limit: shard.limit, start, end };
  }
  return {
    key: storedRateLimitKey(rule.key),
    limit: rule.limit,
    now: now.toISOString(),
    windowOpened: new Date(now.getTime() - rule.windowMs).toISOString(),
    expiresAt: new Date(now.getTime() + rule.windowMs).toISOString(),
  };
}

function fixedWindowTimes(rule: RateLimitRule, now: Date) {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return { start: new Date(start).toISOString(), end: new Date(start + rule.windowMs).toISOString() };
}

function fixedWindow(rule: RateLimitRule, now: Date) {
  const { start, end } = fixedWindowTimes(rule, now);
  return { start: sql`${start}::timestamptz`, end: sql`${end}::timestamptz` };
}

/** Never more shards than the limit, so every shard has a share of at least one. */
const shardCount = (rule: RateLimitRule) => Math.max(1, Math.min(rule.shards ?? 1, rule.limit));

/** A sharded rule's shards, worked out once: each is a hash, and a request needs only one of them. */
const shardsByRule = new Map<string, { key: string; limit: number }[]>();

/** Each shard's stored key and its share of the limit; the shares add up to the limit. */
function shardsOf(rule: RateLimitRule): { key: string; limit: number }[] {
  const count = shardCount(rule);
  if (count === 1) return [{ key: storedRateLimitKey(rule.key), limit: rule.limit }];
  // Few rules are sharded (site-wide caps), so this holds a handful of entries whatever the traffic.
  const cacheKey = `${rule.key}\n${rule.limit}\n${count}`;
  let shards = shardsByRule.get(cacheKey);
  if (!shards) {
    shards = Array.from({ length: count }, (_, i) => ({
      key: storedRateLimitKey(`${rule.key}:shard:${i}`),
      limit: Math.floor(rule.limit / count) + (i < rule.limit % count ? 1 : 0),
    }));
    shardsByRule.set(cacheKey, shards);
  }
  return shards;
}

/**
 * A sharded fixed rule whose chosen shard was full (`countingStep` returned no row): counts the event
 * in another shard with room, if any. A shard read as having room may fill before the update reaches
 * it; then the next is tried. Counts only go up within a window, so "no shard has room" is final: the
 * whole limit is used. Returns whether the event was counted.
 */
export async function countInSpareShard(db: Db, rule: RateLimitRule, now: Date): Promise<boolean> {
  const shards = shardsOf(rule);
  if (shards.length === 1) return false;
  const { start, end } = fixedWindow(rule, now);
  const list = sql.join(
    shards.map((shard, i) => sql`(${shard.key}, ${shard.limit}::integer, ${i}::integer)`),
    sql`, `,
  );
  for (let attempt = 0; attempt < shards.length; attempt++) {
    const [row] = await rowsOf<{ with_room: boolean; counted: boolean }>(
      db,
      sql`with shard (key, share, position) as (values ${list}),
        with_room as (
          select shard.key, shard.share from shard
          left join rate_limit_window_counts counts on counts.key = shard.key and counts.window_start = ${start}
          where coalesce(counts.count, 0) < shard.share
          order by shard.position limit 1
        ),
        counted as (
          insert into rate_limit_window_counts (key, window_start, count, expires_at)
          select key, ${start}, 1, ${end} from with_room
          on conflict (key, window_start) do update set count = rate_limit_window_counts.count + 1
          where rate_limit_window_counts.count < (select share from with_room)
          returning 1
        )
        select exists (select 1 from with_room) as with_room, exists (select 1 from counted) as counted`,
    );
    if (!row?.with_room) return false;
    if (row.counted) return true;
  }
  return false;
}

/**
 * When a refused rule lets the next event through: the window's end (fixed), or when the oldest time
 * still inside the window leaves it (sliding; `oldestEventMs` from `oldestEventInWindowSql`).
 */
export function retryAfterMs(rule: RateLimitRule, now: Date, oldestEventMs: number | null | undefined): number {
  if (rule.window === "fixed") {
    const windowStart = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
    return windowStart + rule.windowMs - now.getTime();
  }
  const oldest = oldestEventMs ?? now.getTime();
  return Math.max(0, oldest + rule.windowMs - now.getTime());
}

/** A sliding rule's oldest event still inside the window, in epoch milliseconds (null if none), as SQL for a select list. */
export function oldestEventInWindowSql(rule: RateLimitRule, now: Date): SQL {
  return oldestEventSql(storedRateLimitKey(rule.key), new Date(now.getTime() - rule.windowMs).toISOString());
}

/** `oldestEventInWindowSql` in a prepared statement: the placeholders of `countingStepWithPlaceholders("sliding", name)`. */
export function oldestEventInWindowWithPlaceholders(name: string): SQL {
  return oldestEventSql(sql.placeholder(`${name}.key`), sql.placeholder(`${name}.windowOpened`));
}

function oldestEventSql(key: unknown, windowOpened: unknown): SQL {
  return sql`(select (extract(epoch from min(t)) * 1000)::float8 from rate_limit_recent_events, unnest(event_times) as t
    where key = ${key} and t > ${windowOpened}::timestamptz)`;
}

async function takeFixed(db: Db, rule: RateLimitRule, now: Date): Promise<Refusal | null> {
  if ((await rowsOf(db, countingStep(rule, now))).length > 0) return null;
  if (await countInSpareShard(db, rule, now)) return null;
  return { allowed: false, key: rule.key, retryAfterMs: retryAfterMs(rule, now, null) };
}

async function takeSliding(db: Db, rule: RateLimitRule, now: Date): Promise<Refusal | null> {
  if ((await rowsOf(db, countingStep(rule, now))).length > 0) return null;
  const [row] = await rowsOf<{ oldest: number | null }>(db, sql`select ${oldestEventInWindowSql(rule, now)} as oldest`);
  return { allowed: false, key: rule.key, retryAfterMs: retryAfterMs(rule, now, row?.oldest) };
}

/** A rule is counted either inside the all-or-nothing transaction or, alone, as one statement. */
function take(db: Db, rule: RateLimitRule, now: Date) {
  return rule.window === "sliding" ? takeSliding(db, rule, now) : takeFixed(db, rule, now);
}

function checkRule(rule: RateLimitRule) {
  // A limit below 1 would refuse everything; the first event of a window is always inserted.
  if (!Number.isInteger(rule.limit) || rule.limit < 1) throw new Error(`rate limit ${rule.key}: the limit must be a positive integer`);
  if (rule.shards !== undefined && (rule.window !== "fixed" || !Number.isInteger(rule.shards) || rule.shards < 1)) {
    throw new Error(`rate limit ${rule.key}: only a fixed window is kept in shards, a positive whole number of them`);
  }
  if (rule.window === "sliding" && rule.limit > SLIDING_LIMIT_MAX) {
    throw new Error(`rate limit ${rule.key}: a sliding window keeps every event; use a fixed window above ${SLIDING_LIMIT_MAX}`);
  }
}

/**
 * Counts one event against each rule, as a single decision: if any rule refuses, none is counted
 * (the transaction is rolled back). Stored in the database so every server process shares the
 * limits, and never more than the limit: each rule is one conditional upsert whose row lock orders
 * concurrent requests on the same key (ADR 0102).
 */
export async function consumeRateLimits(db: Db, rules: RateLimitRule[], now: Date): Promise<RateLimitResult> {
  rules.forEach(checkRule);
  // One statement is atomic on its own: no transaction round trips for the common single rule.
  if (rules.length === 1) return (await take(db, rules[0]!, now)) ?? { allowed: true };

  // One order of row locks for every process (code-point order, not the locale's) keeps two
  // requests with overlapping keys from deadlocking.
  const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    await inTransaction(db, async (tx) => {
      for (const rule of ordered) {
        const refusal = await take(tx, rule, now);
        if (refusal) throw new Refused(refusal);
      }
    });
    return { allowed: true };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/**
 * Takes back one event a sliding rule counted at `at` (consumeRateLimits with the same `now`):
 * for a promise like "once per 15 minutes" that must only hold for something that happened, when
 * the thing it was counted for did not happen after all.
 */
export async function releaseSlidingEvent(db: Db, key: string, at: Date) {
  await db
    .update(rateLimitRecentEvents)
    .set({ eventTimes: sql`array_remove(${rateLimitRecentEvents.eventTimes}, ${timestamptz(at)})` })
    .where(eq(rateLimitRecentEvents.key, storedRateLimitKey(key)));
}

/** Deletes the rows whose window has passed; run periodically (startRateLimitPruning), not on the hot path. */
export async function pruneRateLimits(db: Db, now: Date) {
  // Requests only ever count in the current window, so nobody else locks a past window's counter.
  await db.delete(rateLimitWindowCounts).where(lt(rateLimitWindowCounts.expiresAt, now));
  // An expired sliding row is still reused when its key comes back. Skipping the rows a request
  // holds means the prune never waits for a request, so it cannot deadlock with one that holds
  // such a row and waits for another the prune has taken.
  const expired = db
    .select({ key: rateLimitRecentEvents.key })
    .from(rateLimitRecentEvents)
    .where(lt(rateLimitRecentEvents.expiresAt, now))
    .for("update", { skipLocked: true });
  await db.delete(rateLimitRecentEvents).where(inArray(rateLimitRecentEvents.key, expired));
}
