import { sql } from "drizzle-orm";
import { mailboxSql } from "../mailbox";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased so one person cannot end up with two accounts.
    email: text("email").notNull().unique(),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** A team member's full name as they or the Owner typed it: who did what in a stay's history (ADR 0196). */
    fullName: text("full_name"),
    /**
     * A manager's or an Owner's PIN confirming their override on the desk's device (ADR 0196): a salted
     * scrypt hash (`salt:hash`, hex), never the PIN.
     */
    overridePinHash: text("override_pin_hash"),
    createdAt: createdAt(),
  },
  // The admin's Customers search finds part of an address (ILIKE '%…%'): a trigram index (ADR 0115).
  // The accounts of one person (ADR 0173): the first night free and a referral look them up by mailbox.
  (t) => [
    check("users_full_name_length", sql`${t.fullName} is null or length(trim(${t.fullName})) between 1 and 100`),
    index("users_email_trgm").using("gin", t.email.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("users_mailbox").on(mailboxSql(t.email)),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  // One role a person (ADR 0185): the roles' check (owner, manager, front_desk, care), the unique index on
  // user_id and the trigger that keeps at least one owner are in the team-roles migration, written by
  // hand after the old rows were renamed.
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * What happened to the call a callback request asked for (see server/callback/service.ts): `pending`
 * until one process claims it as `calling`, then placed, simulated, failed (with the reason) or paused.
 */
export const callbackCallStatuses = ["pending", "calling", "placed", "simulated", "failed", "paused"] as const;
/** Where staff are with the lead. */
export const callbackStaffStatuses = ["new", "contacted", "booked", "closed"] as const;

export const callMeBackForm = pgTable(
  "call_me_back_form",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // +1 followed by 10 digits, valid North American area and exchange codes.
    phoneNumber: text("phone_number").notNull(),
    sourcePage: text("source_page"),
    // The exact text shown next to the button when the person asked for the call.
    consentText: text("consent_text"),
    // Keyed hash of the requester's IP: enough to spot abuse, not a stored address.
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    callStatus: text("call_status", { enum: callbackCallStatuses }).notNull().default("pending"),
    callSid: text("call_sid"),
    callError: text("call_error"),
    staffStatus: text("staff_status", { enum: callbackStaffStatuses }).notNull().default("new"),
    staffNote: text("staff_note"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("call_me_back_form_phone_e164_nanp", sql`${t.phoneNumber} ~ '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$'`),
    check("call_me_back_form_call_status", sql`${t.callStatus} in ('pending','calling','placed','simulated','failed','paused')`),
    check("call_me_back_form_staff_status", sql`${t.staffStatus} in ('new','contacted','booked','closed')`),
    index("call_me_back_form_created_at").on(t.createdAt),
    index("call_me_back_form_phone_created_at").on(t.phoneNumber, t.createdAt),
    // The inbox's filters, newest first, and its search for phone digits (LIKE '%…%': a trigram index).
    index("call_me_back_form_staff_status_created_at").on(t.staffStatus, t.createdAt),
    index("call_me_back_form_call_status_created_at").on(t.callStatus, t.createdAt),
    index("call_me_back_form_phone_trgm").using("gin", t.phoneNumber.op("gin_trgm_ops")).with({ fastupdate: false }),
    // What the recovery job looks for: leads whose call was never settled.
    index("call_me_back_form_unsettled")
      .on(t.createdAt)
      .where(sql`${t.callStatus} in ('pending','calling')`),
  ],
);

export const wordpressConnections = pgTable("wordpress_connections", {
  id: uuid("id").primaryKey().defaultRandom(),
  connectionName: text("connection_name").notNull().unique(),
  url: text("url").notNull(),
  username: text("username").notNull(),
  // AES-256-GCM ciphertext of the application password; never the plain value.
  passwordCiphertext: text("password_ciphertext").notNull(),
  keyId: text("key_id").notNull(),
  lastTestedAt: timestamp("last_tested_at", { withTimezone: true }),
  lastTestStatus: text("last_test_status"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const testConfigurations = pgTable(
  "test_configurations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    testName: text("test_name").notNull().unique(),
    endpoint: text("endpoint").notNull(),
    method: text("method").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    enabled: boolean("enabled").notNull().default(true),
    timeoutSeconds: integer("timeout_seconds").notNull().default(30),
    retryCount: integer("retry_count").notNull().default(3),
    createdAt: createdAt(),
  },
  (t) => [
    check("test_configurations_method", sql`${t.method} in ('GET','POST','PUT','PATCH','DELETE')`),
    check("test_configurations_timeout", sql`${t.timeoutSeconds} between 1 and 300`),
    check("test_configurations_retry", sql`${t.retryCount} between 0 and 10`),
  ],
);
