import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window rules (ADR 0102): one counter row per key and clock-aligned window, raised by a
 * conditional upsert, so a request costs one indexed row update whatever the limit.
 */
export const rateLimitWindowCounts = pgTable(
  "rate_limit_window_counts",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    /** The window's end: after it the row decides nothing and is pruned. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), check("rate_limit_window_counts_count", sql`${t.count} > 0`)],
);

/**
 * Sliding-window rules (ADR 0102): one row per key holding the times of its counted events still
 * inside the window, so at most the rule's limit (kept small) and exact over any span of the window.
 */
export const rateLimitRecentEvents = pgTable("rate_limit_recent_events", {
  key: text("key").primaryKey(),
  eventTimes: timestamp("event_times", { withTimezone: true }).array().notNull(),
  /** When the newest event leaves the window: after it the row decides nothing and is pruned. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
