import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** One row per counted event; a sliding window counts the rows for a key younger than the window. */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_events_key_created_at").on(t.key, t.createdAt)],
);
