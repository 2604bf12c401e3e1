import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { deliveryColumns } from "./message-delivery";
import { stays } from "./stays";

// Relative paths: drizzle-kit reads these files without the app's aliases.
import type { MailMessage } from "../../mail/mailer";

/**
 * Every mail the app sends, written in the transaction of the change it tells about and delivered
 * by a job that retries until the mail server takes it (ADR 0126, 0143): a change never fails
 * because of the mail server, and no mail is lost.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One mail per key: the same change queued twice sends once. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    toAddress: text("to_address").notNull(),
    message: jsonb("message").$type<Omit<MailMessage, "to">>().notNull(),
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
    index("mail_queue_due")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    check("mail_queue_status", sql`${t.status} in ('queued','sent','failed')`),
  ],
);
