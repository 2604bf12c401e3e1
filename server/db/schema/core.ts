import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  // Stored lower-cased so one person cannot end up with two accounts.
  email: text("email").notNull().unique(),
  emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check("user_roles_role_known", sql`${t.role} in ('admin')`)],
);

export const callMeBackForm = pgTable(
  "call_me_back_form",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // +1 followed by 10 digits, valid North American area and exchange codes.
    phoneNumber: text("phone_number").notNull(),
    sourcePage: text("source_page"),
    consentText: text("consent_text"),
    createdAt: createdAt(),
  },
  (t) => [check("call_me_back_form_phone_e164_nanp", sql`${t.phoneNumber} ~ '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$'`)],
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
