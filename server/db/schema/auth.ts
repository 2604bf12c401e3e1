import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A signed-in browser. The cookie holds a 256-bit random token; only its SHA-256 is stored, so a
 * leaked table signs nobody in. A session ends at `idle_expires_at` (pushed forward while in use,
 * never past `expires_at`) or at `expires_at`, whichever comes first, or when its row is deleted.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    idleExpiresAt: at("idle_expires_at").notNull(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("sessions_user_id").on(t.userId)],
);

/**
 * One sign-in request: the e-mail carries both a link token (256-bit) and a short typed code.
 * Both are stored only as hashes. Consumed once, atomically (`consumed_at` is set by a single
 * conditional UPDATE); wrong codes count in `code_attempts`.
 */
export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Lower-cased; the user row is created (or found) only when the link or code is used.
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    codeHash: text("code_hash").notNull(),
    codeAttempts: integer("code_attempts").notNull().default(0),
    // A same-site path such as /admin-backup; null means "by role" (admin: /admin, others: /).
    redirectTo: text("redirect_to"),
    /** The referral link's code the visitor came through (ADR 0153): a new account's household is referred by it. */
    referralCode: text("referral_code"),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    consumedAt: at("consumed_at"),
  },
  (t) => [
    index("verifications_email").on(t.email),
    check("verifications_redirect_relative", sql`${t.redirectTo} is null or (${t.redirectTo} like '/%' and ${t.redirectTo} not like '//%')`),
  ],
);

export const SIGN_IN_METHODS = ["link", "code"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * One row per successful sign-in, written in the transaction that opens its session: the record
 * the Analytics page counts. Sessions cannot serve (sign-out and expiry delete them), nor can
 * `users.last_sign_in_at` (one value per person). Only the time, the account and the method are
 * kept: no IP, no browser, no e-mail address. Deleting an account keeps its sign-ins for the
 * counts but drops the link to it (`user_id` becomes null).
 */
export const signIns = pgTable(
  "sign_ins",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    method: text("method", { enum: SIGN_IN_METHODS }).notNull(),
    signedInAt: at("signed_in_at").notNull().defaultNow(),
  },
  (t) => [
    // The Analytics query reads a range of days.
    index("sign_ins_signed_in_at").on(t.signedInAt),
    check("sign_ins_method_known", sql`${t.method} in ('link', 'code')`),
  ],
);
