import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every outbound call and SMS, whichever provider handled it. With the simulated provider this
 * is the record of what would have been done; with Twilio it is the audit trail.
 */
export const telephonyEvents = pgTable(
  "telephony_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["call", "sms"] }).notNull(),
    provider: text("provider", { enum: ["twilio", "simulated"] }).notNull(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    // TwiML for a call, the message text for an SMS.
    body: text("body").notNull(),
    sid: text("sid"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("telephony_events_kind", sql`${t.kind} in ('call','sms')`),
    check("telephony_events_provider", sql`${t.provider} in ('twilio','simulated')`),
    index("telephony_events_created_at").on(t.createdAt),
  ],
);
