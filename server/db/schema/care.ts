import { type AnyPgColumn, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./core";
import { bytea } from "./media";
import { cats, households } from "./households";
import { stays } from "./stays";

// Relative paths: drizzle-kit reads these files without the app's aliases.
import type { CareKind, EatenShare, StoolKind } from "../../../app/domain/care-log";
import type { DoseOutcome } from "../../../app/domain/doses";
import type { CareAlertRule } from "../../../app/domain/care-alerts";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What staff did for a cat during its stay, one row per tap (ADR 0157): a meal and how much was eaten,
 * water, the litter, a dose and what became of it, play, a note, a weigh-in on a long stay (ADR 0169).
 * Rows are appended and never changed (a trigger refuses an UPDATE, migration 0021); a correction is a
 * new row whose `corrects_id` names the one it replaces, and a row is corrected at most once (correct
 * the correction to change it again). `staff_initials` are kept as they were, so the owner's log still
 * says who gave a dose after that person's account is gone.
 */
export const careEntries = pgTable(
  "care_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    catId: uuid("cat_id")
      .notNull()
      .references(() => cats.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CareKind>().notNull(),
    /** The business day the entry belongs to (Los Angeles), for the log's days. */
    day: date("day", { mode: "string" }).notNull(),
    /** A meal: its name ("Breakfast") and how much of it was eaten. */
    meal: text("meal"),
    eaten: text("eaten").$type<EatenShare>(),
    /** The litter: urine seen, and the stool. */
    urine: boolean("urine"),
    stool: text("stool").$type<StoolKind>(),
    /** A dose: the medication and dose as the profile said, the time it was due, what became of it. */
    medication: text("medication"),
    dose: text("dose"),
    dueAt: at("due_at"),
    outcome: text("outcome").$type<DoseOutcome>(),
    /** A weigh-in on a long stay (ADR 0169): the weight in whole grams. */
    weightGrams: integer("weight_grams"),
    /** A note's text, or a remark (needed for a dose logged outside its window). */
    remark: text("remark"),
    correctsId: uuid("corrects_id").references((): AnyPgColumn => careEntries.id, { onDelete: "cascade" }),
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    staffInitials: text("staff_initials").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    index("care_entries_stay").on(t.stayId, t.at),
    index("care_entries_cat_day").on(t.catId, t.day),
    uniqueIndex("care_entries_corrected_once").on(t.correctsId),
    check("care_entries_kind", sql`${t.kind} in ('meal','water','litter','dose','play','note','photo','weight')`),
    check("care_entries_meal", sql`${t.kind} <> 'meal' or (${t.meal} is not null and ${t.eaten} in ('none','quarter','half','three_quarters','all'))`),
    check("care_entries_litter", sql`${t.kind} <> 'litter' or (${t.urine} is not null and ${t.stool} in ('normal','soft','none'))`),
    check(
      "care_entries_dose",
      sql`${t.kind} <> 'dose' or (${t.medication} is not null and ${t.dueAt} is not null and ${t.outcome} in ('given','refused','spat_out','vomited'))`,
    ),
    // A dose logged more than 60 minutes from its time says why (ADR 0157).
    check("care_entries_dose_remark", sql`${t.kind} <> 'dose' or abs(extract(epoch from (${t.at} - ${t.dueAt}))) <= 3600 or coalesce(${t.remark}, '') <> ''`),
    check("care_entries_note", sql`${t.kind} <> 'note' or coalesce(${t.remark}, '') <> ''`),
    // A weigh-in holds a weight between 0.5 and 15 kg; no other kind holds one (ADR 0169).
    check(
      "care_entries_weight",
      sql`case when ${t.kind} = 'weight' then ${t.weightGrams} is not null and ${t.weightGrams} between 500 and 15000 else ${t.weightGrams} is null end`,
    ),
  ],
);

/**
 * The one "given" of a dose (ADR 0188): a cat's medication at its scheduled time is given once. The
 * primary key holds it, however many staff tap Given at once; the row names the standing entry that
 * gave it. The care log stays append-only (ADR 0157): a correction that voids the given deletes the
 * claim in its transaction (so a new given can follow), one that keeps it given moves the claim to
 * the correction. Deleted with the entry (and so with the stay).
 */
export const doseClaims = pgTable(
  "dose_claims",
  {
    catId: uuid("cat_id")
      .notNull()
      .references(() => cats.id, { onDelete: "cascade" }),
    medication: text("medication").notNull(),
    dueAt: at("due_at").notNull(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => careEntries.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.catId, t.medication, t.dueAt] }), uniqueIndex("dose_claims_entry").on(t.entryId), index("dose_claims_stay").on(t.stayId)],
);

/**
 * A photo entry's image, in the sizes of the "care" recipe (WebP, metadata dropped), taken on the
 * staff's phone. Private like a cat's photo (ADR 0120): served only to the stay's household and staff.
 */
export const carePhotoVariants = pgTable(
  "care_photo_variants",
  {
    entryId: uuid("entry_id")
      .notNull()
      .references(() => careEntries.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.width] })],
);

/**
 * Something in a cat's care log that staff must look at (ADR 0164), raised by the care alerts job (or
 * at check-out, for the weight): a rule and a key that make it raised once, held by the unique index
 * however many processes run the job (for a gap, the instant it started; for a dose, its time and
 * medication; for a day with nothing logged, the day). Staff acknowledge it once, by the conditional
 * update that sets who and when. `sms_sent_at` is the claim of the manager's text for an overdue
 * dose, taken in the transaction that queues it.
 */
export const careAlerts = pgTable(
  "care_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    catId: uuid("cat_id")
      .notNull()
      .references(() => cats.id, { onDelete: "cascade" }),
    rule: text("rule").$type<CareAlertRule>().notNull(),
    key: text("key").notNull(),
    urgent: boolean("urgent").notNull(),
    /** What was found, in a sentence for staff ("Last meal eaten: …"). */
    detail: text("detail").notNull(),
    /** Since when: the gap's start, the dose's time, the check-out that weighed the cat. */
    since: at("since").notNull(),
    raisedAt: at("raised_at").notNull().defaultNow(),
    smsSentAt: at("sms_sent_at"),
    /** An urgent alert not acknowledged 30 minutes after it was raised is texted to the hotel's owner (ADR 0188): the claim of that text. */
    escalatedAt: at("escalated_at"),
    acknowledgedByUserId: uuid("acknowledged_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The staff member's initials as they were, like a care entry's. */
    acknowledgedBy: text("acknowledged_by"),
    acknowledgedAt: at("acknowledged_at"),
    /** When the cat went home (its release at pickup) with the alert still open: it closed itself then, unacknowledged. */
    closedAt: at("closed_at"),
  },
  (t) => [
    uniqueIndex("care_alerts_once").on(t.stayId, t.catId, t.rule, t.key),
    // Today reads the open alerts, and those acknowledged since the day began.
    index("care_alerts_open")
      .on(t.raisedAt)
      .where(sql`${t.acknowledgedAt} is null and ${t.closedAt} is null`),
    index("care_alerts_acknowledged").on(t.acknowledgedAt),
    // The escalation step reads the urgent alerts still open and not escalated.
    index("care_alerts_to_escalate")
      .on(t.raisedAt)
      .where(sql`${t.urgent} and ${t.acknowledgedAt} is null and ${t.closedAt} is null and ${t.escalatedAt} is null`),
    check("care_alerts_rule", sql`${t.rule} in ('no_food_24h','no_urine_24h','no_stool_72h','dose_overdue','no_entry_today','weight_change','incident')`),
    check("care_alerts_acknowledged_whole", sql`(${t.acknowledgedAt} is null) = (${t.acknowledgedBy} is null)`),
  ],
);

/**
 * The evening diary mail (ADR 0163): one per household per business day. The primary key is the claim,
 * written in the transaction that queues the mail, so several processes running the job send it once.
 */
export const careDiarySends = pgTable(
  "care_diary_sends",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    /** The business day (Los Angeles) the diary tells. */
    day: date("day", { mode: "string" }).notNull(),
    sentAt: at("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.day] })],
);

/**
 * Something that went wrong during a stay and what staff did about it (ADR 0165): a cat that stopped
 * eating, a scratch, an escape attempt, a vet called. Told to the owner at once (a mail and, with a
 * mobile number, a text, queued with the row) and shown on the stay's Care log. Rows are appended and
 * never changed (a trigger refuses an UPDATE but the foreign key's own clearing of `staff_user_id`,
 * migration 0029); `staff_initials` are kept as they were, like the care entries'.
 */
export const careIncidents = pgTable(
  "care_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    /** The cat it concerns; none when it concerns the stay as a whole (two cats sharing a suite). */
    catId: uuid("cat_id").references(() => cats.id, { onDelete: "cascade" }),
    whatHappened: text("what_happened").notNull(),
    /** When it happened, as staff said (a time today, or a day and time). */
    happenedAt: at("happened_at").notNull(),
    whatWasDone: text("what_was_done").notNull(),
    vetCalled: boolean("vet_called").notNull(),
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    staffInitials: text("staff_initials").notNull(),
    recordedAt: at("recorded_at").notNull().defaultNow(),
    /** The token of the form that recorded it (ADR 0179): a second post of the same form finds this row. */
    formToken: text("form_token").unique("care_incidents_form_token"),
  },
  (t) => [index("care_incidents_stay").on(t.stayId, t.happenedAt), check("care_incidents_what", sql`${t.whatHappened} <> '' and ${t.whatWasDone} <> ''`)],
);
