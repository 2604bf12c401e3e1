import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const CONTENT_REVISION_STATUSES = ["draft", "published"] as const;
export type ContentRevisionStatus = (typeof CONTENT_REVISION_STATUSES)[number];

/**
 * Every edit of the site's texts, never updated or deleted: a draft is saved, publishing stores
 * a published copy, a revert publishes a copy of an earlier revision. The live value of a key is
 * its newest published row; `value` null means "the content module's defaults". The identity
 * column orders revisions strictly, even within one millisecond.
 */
export const siteContentRevisions = pgTable(
  "site_content_revisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    value: jsonb("value"),
    status: text("status", { enum: CONTENT_REVISION_STATUSES }).notNull(),
    // The revision this one copies (publishing a draft, or a revert); null for a fresh edit.
    sourceRevisionId: integer("source_revision_id"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("site_content_revisions_key_status_id").on(t.key, t.status, t.id),
    check("site_content_revisions_status", sql`${t.status} in ('draft', 'published')`),
  ],
);
