import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { stays } from "./stays";

// Relative paths: drizzle-kit reads these files without the app's aliases.
import type { CatCarePlan } from "../../../app/domain/check-in";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A stay's online check-in (ADR 0158): the care plan the owner confirmed for this stay, one entry
 * per cat (food, medication and the doses brought, hiding places and fears, belongings), the most
 * a vet visit may cost without a call, and who to call. Saving the form again replaces it;
 * `confirmed_at` is when it was last confirmed.
 */
export const stayCheckIns = pgTable(
  "stay_check_ins",
  {
    stayId: uuid("stay_id")
      .primaryKey()
      .references(() => stays.id, { onDelete: "cascade" }),
    cats: jsonb("cats").$type<CatCarePlan[]>().notNull(),
    vetSpendLimitCents: integer("vet_spend_limit_cents").notNull(),
    contactName: text("contact_name").notNull(),
    contactPhone: text("contact_phone").notNull(),
    confirmedAt: at("confirmed_at").notNull(),
  },
  (t) => [
    check("stay_check_ins_cats_list", sql`jsonb_typeof(${t.cats}) = 'array'`),
    check("stay_check_ins_vet_limit", sql`${t.vetSpendLimitCents} >= 0`),
    check("stay_check_ins_contact_phone_e164", sql`${t.contactPhone} ~ '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$'`),
  ],
);

/**
 * The people the owner allows to collect the cat, besides the owner: at most three a stay, held by
 * the database (a position 1 to 3, each once). Saving the check-in form replaces them.
 */
export const stayPickupPeople = pgTable(
  "stay_pickup_people",
  {
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
  },
  (t) => [
    primaryKey({ name: "stay_pickup_people_position", columns: [t.stayId, t.position] }),
    check("stay_pickup_people_at_most_three", sql`${t.position} between 1 and 3`),
    check("stay_pickup_people_phone_e164", sql`${t.phone} ~ '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$'`),
  ],
);

/**
 * A signature of the boarding agreement for a stay (ADR 0158): the full name as typed, when, from
 * which address and browser, and which text: its published version, its SHA-256 and the text
 * itself, and for one signed at the desk who witnessed it. Never changed (a trigger of migration 0019 refuses any update); signing again adds a
 * row, and the latest counts.
 */
export const stayAgreementSignatures = pgTable(
  "stay_agreement_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    signedName: text("signed_name").notNull(),
    signedAt: at("signed_at").notNull(),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent").notNull(),
    agreementVersion: text("agreement_version").notNull(),
    agreementSha256: text("agreement_sha256").notNull(),
    agreementText: text("agreement_text").notNull(),
    /** Signed on the desk's device (ADR 0196): the name of the team member who witnessed it, as it was; null when signed online. */
    witnessName: text("witness_name"),
  },
  (t) => [
    index("stay_agreement_signatures_stay").on(t.stayId, t.signedAt),
    check("stay_agreement_signatures_name", sql`length(trim(${t.signedName})) > 0`),
    check("stay_agreement_signatures_sha256", sql`${t.agreementSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** The e-mail two days before arrival asking the owner to check in online: the primary key is the claim that sends it once. */
export const stayCheckInReminders = pgTable("stay_check_in_reminders", {
  stayId: uuid("stay_id")
    .primaryKey()
    .references(() => stays.id, { onDelete: "cascade" }),
  sentAt: at("sent_at").notNull(),
});
