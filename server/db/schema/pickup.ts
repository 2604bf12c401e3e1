import { sql } from "drizzle-orm";
import { check, date, index, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { stays } from "./stays";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The pickup codes of a stay's departure day (ADR 0162): one a business day for each person who may
 * collect the cat, the owner (person 0) or a pickup person of the check-in (1 to 3), texted to them
 * from 07:00. Only a keyed hash of the 6-digit code is kept, bound to the row's id; the name and
 * number are copied as they were when the code was sent. The unique (stay, day, person) is the claim
 * that texts each code once, however many processes run the job.
 */
export const stayPickupCodes = pgTable(
  "stay_pickup_codes",
  {
    id: uuid("id").primaryKey(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    person: smallint("person").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: at("created_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [
    unique("stay_pickup_codes_once_a_day").on(t.stayId, t.day, t.person),
    check("stay_pickup_codes_person", sql`${t.person} between 0 and 3`),
    check("stay_pickup_codes_phone_e164", sql`${t.phone} ~ '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$'`),
    check("stay_pickup_codes_hash", sql`${t.codeHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Who collected the cat (ADR 0162): one row a stay, never changed (a trigger of migration 0026
 * refuses any update; the stay's deletion still removes it). Released with a pickup code (which
 * code, and whose name it carried) or by a manager's override with its reason; by which staff
 * member and when.
 */
export const stayReleases = pgTable(
  "stay_releases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .unique("stay_releases_once")
      .references(() => stays.id, { onDelete: "cascade" }),
    // No action on delete: a release is never updated, so nothing may null its code; the stay's
    // deletion (and the account's) removes the release with the code.
    codeId: uuid("code_id").references(() => stayPickupCodes.id),
    /** Whose code it was; null for an override. */
    collectedBy: text("collected_by"),
    overrideReason: text("override_reason"),
    // The staff member as they were: kept without a foreign key, so a staff account can be deleted
    // while the record of what they did stays unchanged.
    staffUserId: uuid("staff_user_id").notNull(),
    staffEmail: text("staff_email").notNull(),
    /**
     * An override made at the front desk: the Manager or Owner who confirmed it with their PIN on the
     * desk's device (ADR 0196), their id and name as they were (no foreign key, like the staff's).
     */
    confirmedByUserId: uuid("confirmed_by_user_id"),
    confirmedByName: text("confirmed_by_name"),
    releasedAt: at("released_at").notNull(),
  },
  (t) => [
    index("stay_releases_code").on(t.codeId),
    check(
      "stay_releases_code_or_reason",
      sql`(${t.codeId} is not null and ${t.collectedBy} is not null and ${t.overrideReason} is null) or (${t.codeId} is null and ${t.collectedBy} is null and ${t.overrideReason} is not null and length(trim(${t.overrideReason})) > 0)`,
    ),
  ],
);

/** Wrong pickup codes a stay may take in one business day before the code path closes (ADR 0176). */
export const PICKUP_WRONG_CODES_A_DAY = 10;

/**
 * Every wrong pickup code entered at the desk (ADR 0176): one row each, numbered 1 to 10 within the
 * stay's business day. The number is unique per (stay, day) and the check stops at 10, so the
 * database itself refuses an 11th wrong code, however many desks race; the desk writes the next
 * number under the stay's row lock. Which staff member entered it and when; never the code typed.
 */
export const stayPickupAttempts = pgTable(
  "stay_pickup_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    number: smallint("number").notNull(),
    // As on a release: the staff member as they were, without a foreign key.
    staffUserId: uuid("staff_user_id").notNull(),
    staffEmail: text("staff_email").notNull(),
    at: at("at").notNull(),
  },
  (t) => [
    unique("stay_pickup_attempts_numbered").on(t.stayId, t.day, t.number),
    check("stay_pickup_attempts_at_most_ten", sql`${t.number} between 1 and ${sql.raw(String(PICKUP_WRONG_CODES_A_DAY))}`),
  ],
);
