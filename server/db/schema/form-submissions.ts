import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";

/**
 * A page form's post, once (ADR 0179): the random token the page's loader rendered into the form,
 * with the form's name and what it posted, is claimed here (as one hash) before the change runs, so a
 * second post of the same form (a double tap without the script, a retry, a reload that posts again)
 * finds the claim and answers the first post's outcome instead of changing anything again. `outcome`
 * is null while the first post is still running; a refused post gives its claim back. Rows older
 * than a day are pruned (`formSubmissionsJob`).
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    /** SHA-256 of the token, the form and the posted fields: what makes two posts the same post. */
    key: text("key").primaryKey(),
    /** Which form: the page's address and the intent ("/admin/stays refund"). */
    form: text("form").notNull(),
    /** Who posted it; none for a public form. Deleted with the account. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** What the poster was told (the notice, and what else the page reads); null while it runs. */
    outcome: jsonb("outcome").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("form_submissions_created").on(t.createdAt), index("form_submissions_user").on(t.userId)],
);
