import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * First-party page views as daily counts per path (the day is a Los Angeles calendar day).
 * Deliberately nothing else: no IP, no user agent, no visitor id, so there is no personal data to
 * protect, export or delete. One row per (day, path), incremented by an upsert.
 */
export const pageViewCounts = pgTable(
  "page_view_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] }), check("page_view_counts_count", sql`${t.count} >= 0`)],
);
