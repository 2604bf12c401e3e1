import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { households } from "./households";
import { stays } from "./stays";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const REFERRAL_CREDIT_KINDS = ["granted", "applied", "returned", "expired"] as const;
export type ReferralCreditKind = (typeof REFERRAL_CREDIT_KINDS)[number];

/**
 * The referral credits' ledger (ADR 0153): entries are only ever added, never changed. A credit is
 * its "granted" entry (`credit_id` = its own id, `seq` 1), earned by `household_id` when the household
 * it referred (`referred_household_id`) checked out of its first stay; each later entry of the credit
 * takes the next `seq`: "applied" to a stay of the referrer's, "returned" when that stay was
 * cancelled (usable again), "expired" a year after it was granted. What a credit is now is its
 * entry with the highest `seq`; two writers that read the same state collide on (credit, seq).
 */
export const referralCreditEntries = pgTable(
  "referral_credit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creditId: uuid("credit_id")
      .notNull()
      .references((): AnyPgColumn => referralCreditEntries.id, { onDelete: "cascade" }),
    seq: smallint("seq").notNull(),
    /** Whose credit it is: the referrer's household. */
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ReferralCreditKind>().notNull(),
    /** "granted": the household whose first completed stay earned it (cleared if that household is deleted). */
    referredHouseholdId: uuid("referred_household_id").references(() => households.id, { onDelete: "set null" }),
    /** "applied" and "returned": the referrer's stay. */
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    /** "applied" and "returned": the night's price taken off that stay. */
    cents: integer("cents").notNull().default(0),
    at: at("at").notNull(),
  },
  (t) => [
    unique("referral_credit_entries_credit_seq").on(t.creditId, t.seq),
    // One credit per referred household, whatever the code does.
    uniqueIndex("referral_credit_entries_one_per_referred")
      .on(t.referredHouseholdId)
      .where(sql`${t.kind} = 'granted'`),
    // One credit per stay.
    uniqueIndex("referral_credit_entries_one_per_stay")
      .on(t.stayId)
      .where(sql`${t.kind} = 'applied'`),
    index("referral_credit_entries_household").on(t.householdId, t.at),
    index("referral_credit_entries_stay").on(t.stayId),
    // The expiry job's read: credits granted before a date.
    index("referral_credit_entries_granted_at")
      .on(t.at)
      .where(sql`${t.kind} = 'granted'`),
    check("referral_credit_entries_kind", sql`${t.kind} in ('granted','applied','returned','expired')`),
    check("referral_credit_entries_granted_first", sql`(${t.kind} = 'granted') = (${t.seq} = 1) and (${t.kind} = 'granted') = (${t.creditId} = ${t.id})`),
    check("referral_credit_entries_cents", sql`${t.cents} >= 0`),
  ],
);
