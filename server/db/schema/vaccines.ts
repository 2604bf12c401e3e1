import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cats } from "./households";
import { bytea } from "./media";

// Relative paths: drizzle-kit reads these files without the app's aliases.
import type { DocumentType, ReviewStatus, Vaccine } from "../../../app/domain/vaccines";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A vaccine record of a cat (ADR 0120): the expiry date the customer read off the certificate and
 * what staff decided about it. Uploading a new record of a vaccine sets `replaced_at` on the current
 * one, which stays as history; at most one record per cat and vaccine is current. "Expired" is not
 * stored: it follows from `expires_on` and today.
 */
export const vaccineRecords = pgTable(
  "vaccine_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    catId: uuid("cat_id")
      .notNull()
      .references(() => cats.id, { onDelete: "cascade" }),
    vaccine: text("vaccine").$type<Vaccine>().notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    status: text("status").$type<ReviewStatus>().notNull().default("awaiting_review"),
    rejectionReason: text("rejection_reason"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: at("reviewed_at"),
    // The uploaded document: its type (by its bytes), the name it had, its size.
    documentType: text("document_type").$type<DocumentType>().notNull(),
    documentName: text("document_name").notNull(),
    documentSize: integer("document_size").notNull(),
    replacedAt: at("replaced_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vaccine_records_current")
      .on(t.catId, t.vaccine)
      .where(sql`${t.replacedAt} is null`),
    // The staff queue: current records awaiting review, oldest first.
    index("vaccine_records_awaiting")
      .on(t.createdAt)
      .where(sql`${t.status} = 'awaiting_review' and ${t.replacedAt} is null`),
    // The reminder job: current records by expiry date.
    index("vaccine_records_expires_on")
      .on(t.expiresOn)
      .where(sql`${t.replacedAt} is null`),
    check("vaccine_records_vaccine", sql`${t.vaccine} in ('fvrcp','rabies','felv')`),
    check("vaccine_records_status", sql`${t.status} in ('awaiting_review','verified','rejected')`),
    check("vaccine_records_document_type", sql`${t.documentType} in ('image/jpeg','image/png','image/webp','application/pdf')`),
    check("vaccine_records_rejection_reason", sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`),
  ],
);

/** The bytes of a record's document, apart from the record so that lists never load them. */
export const vaccineDocuments = pgTable("vaccine_documents", {
  recordId: uuid("record_id")
    .primaryKey()
    .references(() => vaccineRecords.id, { onDelete: "cascade" }),
  bytes: bytea("bytes").notNull(),
});

export const VACCINE_REMINDER_KINDS = ["30-days", "on-the-day"] as const;
export type VaccineReminderKind = (typeof VACCINE_REMINDER_KINDS)[number];

/** Each expiry reminder sent: the primary key is the claim that makes it go out once, whichever process runs the job. */
export const vaccineReminders = pgTable(
  "vaccine_reminders",
  {
    recordId: uuid("record_id")
      .notNull()
      .references(() => vaccineRecords.id, { onDelete: "cascade" }),
    kind: text("kind").$type<VaccineReminderKind>().notNull(),
    sentAt: at("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.kind] }), check("vaccine_reminders_kind", sql`${t.kind} in ('30-days','on-the-day')`)],
);
