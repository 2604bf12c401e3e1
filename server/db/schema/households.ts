import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./core";
import { bytea } from "./media";

// Relative paths: drizzle-kit reads these files without the app's aliases.
import type { CatSex, FelvFivStatus, FixedStatus, Medication } from "../../../app/domain/cat-options";

const at = (name: string) => timestamp(name, { withTimezone: true });
const e164 = (c: AnyPgColumn) => sql`${c} is null or ${c} ~ '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$'`;

/**
 * The signed-in customer's household (ADR 0116): one per account, created with the first save of
 * the household form or the first cat. Phones are E.164; the contact fields are nullable because a
 * household exists as soon as a cat is added, before the form is filled.
 */
export const households = pgTable(
  "households",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name"),
    mobilePhone: text("mobile_phone"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    emergencyContactName: text("emergency_contact_name"),
    emergencyContactPhone: text("emergency_contact_phone"),
    vetClinic: text("vet_clinic"),
    vetPhone: text("vet_phone"),
    /**
     * The household's referral link's code (ADR 0153): stable, and unguessable (64 random bits as 16
     * hex digits, drawn by the database for every household, those before the column too).
     */
    referralCode: text("referral_code")
      .notNull()
      .unique()
      .default(sql`substr(md5(gen_random_uuid()::text), 1, 16)`),
    /** The household whose link this one signed up through; set when the household is created, never after. */
    referredBy: uuid("referred_by").references((): AnyPgColumn => households.id, { onDelete: "set null" }),
    /** The owner switched off the evening diary mail during a stay (ADR 0163); it is sent unless they do. */
    diaryOptOut: boolean("diary_opt_out").notNull().default(false),
    /** When the household followed the unsubscribe link of a review request (ADR 0167): no more are sent. */
    reviewRequestsStoppedAt: at("review_requests_stopped_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // The admin's Customers list: newest first in keyset pages, searched by name and phone digits
    // (ILIKE/LIKE '%…%': trigram indexes, built without fastupdate as the leads' are, ADR 0115).
    index("households_created_at_id").on(t.createdAt, t.id),
    index("households_name_trgm").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("households_mobile_phone_trgm").using("gin", t.mobilePhone.op("gin_trgm_ops")).with({ fastupdate: false }),
    check("households_mobile_phone_e164", e164(t.mobilePhone)),
    // What a phone verification points at: the household's mobile as it is now (ADR 0140).
    unique("households_user_id_mobile_phone").on(t.userId, t.mobilePhone),
    check("households_emergency_contact_phone_e164", e164(t.emergencyContactPhone)),
    check("households_vet_phone_e164", e164(t.vetPhone)),
    check("households_not_self_referred", sql`${t.referredBy} <> ${t.id}`),
    // The person to call when the owner cannot be reached is someone else.
    check("households_emergency_contact_not_owner", sql`${t.emergencyContactPhone} is distinct from ${t.mobilePhone} or ${t.mobilePhone} is null`),
  ],
);

/**
 * The proof that the household's mobile is the account holder's (ADR 0140): a 6-digit code texted to
 * the number and typed back. One row per account: the code in flight (its keyed hash, how many
 * wrong tries, when it expires) and, once the right code is typed, when the number was proven. The
 * row names the household's mobile as it is now (a foreign key to it): the number cannot change
 * while a proof of the old one exists, so saving another number deletes the proof first.
 * Only a proven number leads the privacy export and deletion to rows kept by phone number.
 */
export const phoneVerifications = pgTable(
  "phone_verifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull().unique(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    verifiedAt: at("verified_at"),
  },
  (t) => [
    foreignKey({
      name: "phone_verifications_household_mobile",
      columns: [t.userId, t.phone],
      foreignColumns: [households.userId, households.mobilePhone],
    }).onDelete("cascade"),
    check("phone_verifications_attempts", sql`${t.attempts} >= 0`),
    // The households of one person (ADR 0173): a proven number names its other accounts.
    index("phone_verifications_proven_phone")
      .on(t.phone)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * A cat of a household. Archiving sets `archived_at` and keeps the row, so stays that name the
 * cat keep their record. `birth_date_estimated` marks a birth date worked out from an approximate
 * age, so the cat keeps ageing correctly. Medications are a JSON list (ADR 0116).
 */
export const cats = pgTable(
  "cats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    breed: text("breed"),
    sex: text("sex").$type<CatSex>().notNull(),
    birthDate: date("birth_date", { mode: "string" }),
    birthDateEstimated: boolean("birth_date_estimated").notNull().default(false),
    spayedNeutered: text("spayed_neutered").$type<FixedStatus>().notNull().default("unknown"),
    microchip: text("microchip"),
    colourMarkings: text("colour_markings"),
    feedingInstructions: text("feeding_instructions"),
    medications: jsonb("medications").$type<Medication[]>().notNull().default([]),
    behaviourNotes: text("behaviour_notes"),
    felvFivStatus: text("felv_fiv_status").$type<FelvFivStatus>().notNull().default("unknown"),
    archivedAt: at("archived_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("cats_household_id").on(t.householdId),
    check("cats_sex", sql`${t.sex} in ('female','male')`),
    check("cats_spayed_neutered", sql`${t.spayedNeutered} in ('yes','no','unknown')`),
    check("cats_felv_fiv_status", sql`${t.felvFivStatus} in ('unknown','negative','positive')`),
    check("cats_medications_list", sql`jsonb_typeof(${t.medications}) = 'array'`),
  ],
);

/**
 * A cat's photo, in the sizes of the "cat" image recipe (WebP, metadata dropped). Private to the
 * household and staff, so it is kept apart from the public `media_images` and served by an
 * authorising route (ADR 0120). Replacing the photo replaces every row of the cat in one transaction.
 */
export const catPhotoVariants = pgTable(
  "cat_photo_variants",
  {
    catId: uuid("cat_id")
      .notNull()
      .references(() => cats.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.catId, t.width] })],
);
