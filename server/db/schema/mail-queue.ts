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
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    ...deliveryColumns(),
  },
  (t) => [
    index("mail_queue_due").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    check("mail_queue_status", sql`${t.status} in ('queued','sent','failed')`),
  ],
);
