import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { deliveryColumns } from "./message-delivery";
import { stays } from "./stays";

/**
 * Every text the app sends, queued and delivered exactly as mail is (ADR 0129, 0143): written with
 * the change it tells about, sent through the telephony provider by a retrying job.
 */
export const smsQueue = pgTable(
  "sms_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One text per key: the same change queued twice sends once. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    /** E.164, as the household's mobile is stored. */
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    /**
     * A message that carries a one-time secret (a sign-in link and code, a phone code) keeps its
     * words here, sealed with the app's encryption key and bound to the row, never readable in the
     * database; null for any other message (ADR 0143).
     */
    sealed: text("sealed"),
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    ...deliveryColumns(),
  },
  (t) => [
    index("sms_queue_due")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    // withheld: never sent, the number opted out of texts (`last_error` says so; ADR 0191).
    check("sms_queue_status", sql`${t.status} in ('queued','sent','failed','withheld')`),
  ],
);
