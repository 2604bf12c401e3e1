import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { callbackStaffStatuses } from "./core";
import { mailboxSql } from "../mailbox";
import { stays } from "./stays";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A free-night voucher request, with the consent exactly as the visitor saw it. */
export const voucherRequests = pgTable(
  "voucher_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    // +1 followed by 10 digits.
    phone: text("phone").notNull(),
    consentText: text("consent_text").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    sourcePage: text("source_page").notNull(),
    // Where staff are with the lead: the same steps as a callback request (the admin leads inbox).
    staffStatus: text("staff_status", { enum: callbackStaffStatuses }).notNull().default("new"),
    staffNote: text("staff_note"),
    // The code printed in the voucher e-mail, and whether that e-mail went out (null: not tried yet).
    voucherCode: text("voucher_code"),
    mailStatus: text("mail_status", { enum: ["sent", "failed"] }),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    /**
     * The stay the voucher's free night went to (ADR 0150): the voucher is the first night free, not a
     * second one. A voucher whose stay was cancelled is free to use again.
     */
    redeemedStayId: uuid("redeemed_stay_id").references((): AnyPgColumn => stays.id, { onDelete: "set null" }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("voucher_requests_created_at").on(t.createdAt),
    // A code typed at booking, and the vouchers of an address (applied by themselves).
    index("voucher_requests_code").on(t.voucherCode),
    index("voucher_requests_email").on(sql`lower(${t.email})`),
    // The vouchers of a mailbox: a booking's own, and whether a typed code is the account's (ADR 0173).
    index("voucher_requests_mailbox").on(mailboxSql(t.email)),
    // The inbox's status filter, newest first.
    index("voucher_requests_staff_status_created_at").on(t.staffStatus, t.createdAt),
    // The inbox's search (ILIKE '%…%' for names and addresses, LIKE for phone digits): trigram indexes.
    // Without fastupdate each insert goes straight into the index, so a search never reads a pending
    // list that only vacuum merges (and PGlite runs no autovacuum). Leads arrive a few an hour.
    index("voucher_requests_name_trgm").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("voucher_requests_email_trgm").using("gin", t.email.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("voucher_requests_phone_trgm").using("gin", t.phone.op("gin_trgm_ops")).with({ fastupdate: false }),
    check("voucher_requests_mail_status", sql`${t.mailStatus} in ('sent','failed')`),
    check("voucher_requests_staff_status", sql`${t.staffStatus} in ('new','contacted','booked','closed')`),
  ],
);

/**
 * Newsletter sign-ups. One active row per address: signing up again refreshes the consent
 * instead of adding a duplicate, and re-subscribes an address that had unsubscribed.
 */
export const newsletterSignups = pgTable(
  "newsletter_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased and trimmed (by the shared schema), so dedup does not depend on how it was typed.
    email: text("email").notNull(),
    consentText: text("consent_text").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    sourcePage: text("source_page").notNull(),
    // SHA-256 of the unsubscribe token; the token itself is only ever in the e-mailed link.
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_signups_email").on(t.email),
    uniqueIndex("newsletter_signups_unsubscribe_token_hash").on(t.unsubscribeTokenHash),
    // The inbox and the export page through sign-ups by (created_at, id); Analytics counts by day.
    index("newsletter_signups_created_at_id").on(t.createdAt, t.id),
    index("newsletter_signups_email_trgm").using("gin", t.email.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
);
