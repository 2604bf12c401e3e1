import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cats, households } from "./households";
import { mediaImages } from "./media";

// Relative paths: drizzle-kit reads these files without the app's aliases.
import type { PriceLine } from "../../../app/domain/pricing";
import type { CancellationTier } from "../../../app/domain/cancellation";
import type { StayStatus, WaitlistStatus } from "../../../app/domain/stay-status";
import type { WeeklyWindows } from "../../../app/domain/calendar";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Stays booked online (ADR 0125). A suite type is what a customer chooses (and what is priced); a
 * suite is the room a stay is given. Nights are calendar dates in the business's time zone: a stay
 * occupies the nights from check-in up to, not including, check-out.
 */
export const suiteTypes = pgTable(
  "suite_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    description: text("description").notNull().default(""),
    size: text("size").notNull().default(""),
    photoImageId: uuid("photo_image_id").references(() => mediaImages.id, { onDelete: "set null" }),
    maxCats: smallint("max_cats").notNull(),
    /** The nightly rate for the first cat, and for each further cat of the household sharing the suite. */
    nightlyRateCents: integer("nightly_rate_cents").notNull(),
    extraCatRateCents: integer("extra_cat_rate_cents").notNull(),
    sortOrder: smallint("sort_order").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("suite_types_max_cats", sql`${t.maxCats} between 1 and 6`),
    check("suite_types_rates", sql`${t.nightlyRateCents} >= 0 and ${t.extraCatRateCents} >= 0`),
  ],
);

export const suites = pgTable(
  "suites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    suiteTypeId: uuid("suite_type_id")
      .notNull()
      .references(() => suiteTypes.id, { onDelete: "restrict" }),
    name: text("name").notNull().unique(),
    inService: boolean("in_service").notNull().default(true),
    sortOrder: smallint("sort_order").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("suites_suite_type").on(t.suiteTypeId)],
);

/**
 * The house rules that hold on every day no calendar rule overrides: one row (id 1). Windows are
 * local times per weekday (0 = Sunday); a weekday without a window is closed for arrivals (or departures).
 */
export const staySettings = pgTable(
  "stay_settings",
  {
    id: smallint("id").primaryKey().default(1),
    arrivalWindows: jsonb("arrival_windows").$type<WeeklyWindows>().notNull(),
    departureWindows: jsonb("departure_windows").$type<WeeklyWindows>().notNull(),
    maxNights: smallint("max_nights").notNull(),
    /** Free cancellation until this many days before check-in; the fee (a share of the price) after. */
    freeCancellationDays: smallint("free_cancellation_days").notNull(),
    lateCancellationFeePercent: smallint("late_cancellation_fee_percent").notNull(),
    medicationRateCents: integer("medication_rate_cents").notNull(),
    waitlistOfferHours: smallint("waitlist_offer_hours").notNull(),
    /** First night free for new customers on stays of at least this many nights; null: the offer is off. */
    firstNightFreeMinNights: smallint("first_night_free_min_nights").default(3),
    /** The manager's mobile (E.164), texted when a dose is still not given an hour after its window (ADR 0164); null: no text. */
    managerMobile: text("manager_mobile"),
    /** Added once to a stay whose cat is not collected by the end of its departure day (ADR 0182); 0: no fee. */
    latePickupFeeCents: integer("late_pickup_fee_cents").notNull().default(0),
    /** The hotel owner's mobile (E.164): texted when an urgent care alert is not acknowledged within 30 minutes (ADR 0188). */
    ownerMobile: text("owner_mobile"),
    updatedAt: at("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by").notNull().default("system"),
  },
  (t) => [
    check("stay_settings_single_row", sql`${t.id} = 1`),
    check("stay_settings_max_nights", sql`${t.maxNights} between 1 and 365`),
    check("stay_settings_fee_percent", sql`${t.lateCancellationFeePercent} between 0 and 100`),
    check("stay_settings_free_days", sql`${t.freeCancellationDays} between 0 and 365`),
    check("stay_settings_offer_hours", sql`${t.waitlistOfferHours} between 1 and 168`),
    check("stay_settings_first_night_free", sql`${t.firstNightFreeMinNights} between 1 and 365`),
    check("stay_settings_late_pickup_fee", sql`${t.latePickupFeeCents} >= 0`),
  ],
);

/**
 * A rule for a range of dates (both inclusive): a peak period (surcharge, minimum nights, its own
 * cancellation terms), a blackout (no nights booked), or days closed for arrival and/or departure.
 */
export const calendarRules = pgTable(
  "calendar_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<"peak" | "blackout" | "closed">().notNull(),
    name: text("name").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    surchargePercent: smallint("surcharge_percent").notNull().default(0),
    minNights: smallint("min_nights").notNull().default(1),
    freeCancellationDays: smallint("free_cancellation_days"),
    lateCancellationFeePercent: smallint("late_cancellation_fee_percent"),
    closedForArrival: boolean("closed_for_arrival").notNull().default(false),
    closedForDeparture: boolean("closed_for_departure").notNull().default(false),
    /** A deposit taken at booking for stays with a night in this rule: a share of the price or a fixed amount (ADR 0132). */
    depositPercent: smallint("deposit_percent"),
    depositCents: integer("deposit_cents"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("calendar_rules_dates").on(t.startsOn, t.endsOn),
    check("calendar_rules_kind", sql`${t.kind} in ('peak','blackout','closed')`),
    check("calendar_rules_range", sql`${t.endsOn} >= ${t.startsOn}`),
    check("calendar_rules_surcharge", sql`${t.surchargePercent} between 0 and 500`),
    check("calendar_rules_min_nights", sql`${t.minNights} between 1 and 60`),
    check("calendar_rules_fee_percent", sql`${t.lateCancellationFeePercent} is null or ${t.lateCancellationFeePercent} between 0 and 100`),
    check(
      "calendar_rules_deposit",
      sql`(${t.depositPercent} is null or ${t.depositCents} is null) and (${t.depositPercent} is null or ${t.depositPercent} between 1 and 100) and (${t.depositCents} is null or ${t.depositCents} > 0)`,
    ),
  ],
);

/**
 * A customer's stay: dates, cats, status, and the price and cancellation terms as they were when it
 * was booked (later rate changes do not alter them). The rooms it holds are its `stay_suites`.
 * `household_id` is cleared when the household deletes its account: the stay stays in the books.
 */
export const stays = pgTable(
  "stays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id").references(() => households.id, { onDelete: "set null" }),
    status: text("status").$type<StayStatus>().notNull(),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    medication: boolean("medication").notNull().default(false),
    notes: text("notes").notNull().default(""),
    totalCents: integer("total_cents").notNull(),
    priceLines: jsonb("price_lines").$type<PriceLine[]>().notNull(),
    cancellationTiers: jsonb("cancellation_tiers").$type<CancellationTier[]>().notNull(),
    cancellationFeeCents: integer("cancellation_fee_cents"),
    /** A waitlist offer's hold: the stay is released if not accepted by then. */
    offerExpiresAt: at("offer_expires_at"),
    /** The deposit the stay asks for, as priced at booking (0: none). */
    depositCents: integer("deposit_cents").notNull().default(0),
    /** An unpaid deposit's hold: the stay is released if not paid by then (ADR 0132). */
    paymentDueAt: at("payment_due_at"),
    /** The first night given back to a new customer (a negative price line), 0 when none: one per household. */
    firstNightFreeCents: integer("first_night_free_cents").notNull().default(0),
    /** The referral credit applied to the stay (a negative price line; ADR 0153), 0 when none. */
    referralCreditCents: integer("referral_credit_cents").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("stays_household").on(t.householdId, t.checkIn),
    index("stays_check_in").on(t.checkIn),
    // The revenue report (ADR 0155): stays booked in a month, stays checked out in a month.
    index("stays_created_at").on(t.createdAt),
    index("stays_checked_out")
      .on(t.checkOut)
      .where(sql`${t.status} = 'checked_out'`),
    check("stays_dates", sql`${t.checkOut} > ${t.checkIn}`),
    check("stays_deposit", sql`${t.depositCents} >= 0 and ${t.depositCents} <= ${t.totalCents}`),
    check("stays_first_night_free", sql`${t.firstNightFreeCents} >= 0`),
    check("stays_referral_credit", sql`${t.referralCreditCents} >= 0`),
    // One first night free per household, held by the database: a stay that is cancelled, declined
    // or never confirmed gives it back; one that was stayed (or not shown up for) keeps it.
    uniqueIndex("stays_one_first_night_free")
      .on(t.householdId)
      .where(sql`${t.firstNightFreeCents} > 0 and ${t.status} not in ('cancelled','declined','expired')`),
    check(
      "stays_status",
      sql`${t.status} in ('offered','awaiting_payment','pending_review','confirmed','checked_in','checked_out','cancelled','declined','no_show','expired')`,
    ),
  ],
);

/**
 * The suite a stay holds and for which nights. A row holds its suite until `released_at` is set;
 * the exclusion constraint `stay_suites_no_overlap` (migration 0006) refuses two held rows of one
 * suite whose nights overlap, in every process and transaction.
 */
export const staySuites = pgTable(
  "stay_suites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    suiteId: uuid("suite_id")
      .notNull()
      .references(() => suites.id, { onDelete: "restrict" }),
    suiteTypeId: uuid("suite_type_id")
      .notNull()
      .references(() => suiteTypes.id, { onDelete: "restrict" }),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    releasedAt: at("released_at"),
  },
  (t) => [index("stay_suites_stay").on(t.stayId), check("stay_suites_dates", sql`${t.checkOut} > ${t.checkIn}`)],
);

/**
 * The cats of a stay and the suite each sleeps in; the name is kept as it was at booking.
 *
 * A cat sleeps in one suite a night (ADR 0141): `check_in`, `check_out` and `held` are its suite row's
 * nights and whether that row still holds its suite, copied by triggers (migration 0012) whenever
 * either row is written, so they cannot drift; the exclusion constraint `stay_cats_no_overlap`
 * refuses two held rows of one cat whose nights overlap, in every process and transaction.
 * `overlap_allowed` marks the later stay of a cat booked twice before the constraint existed
 * (migration 0012 sets it; nothing else can), left for staff to settle; changing its dates clears it.
 */
export const stayCats = pgTable(
  "stay_cats",
  {
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    staySuiteId: uuid("stay_suite_id")
      .notNull()
      .references(() => staySuites.id, { onDelete: "cascade" }),
    catId: uuid("cat_id").references(() => cats.id, { onDelete: "set null" }),
    catName: text("cat_name"),
    /** The suite row's nights (the trigger writes them from it whatever the insert says). */
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    /** The suite row is not released (the trigger keeps it so). */
    held: boolean("held").notNull().default(true),
    overlapAllowed: boolean("overlap_allowed").notNull().default(false),
  },
  (t) => [index("stay_cats_stay").on(t.stayId), index("stay_cats_cat").on(t.catId), unique("stay_cats_once").on(t.stayId, t.catId)],
);

/** What happened to a stay, appended and never changed: booked, changed, cancelled, checked in… */
export const stayEvents = pgTable(
  "stay_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actor: text("actor").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    index("stay_events_stay").on(t.stayId, t.at),
    // What happens to a stay once only (ADR 0182): the owed reminder, the overdue pickup's text and its
    // fee. The job that does it claims it by writing this event; a second writer is refused.
    uniqueIndex("stay_events_once")
      .on(t.stayId, t.kind)
      .where(sql`${t.kind} in ('owed_reminder','overdue_pickup_texted','late_pickup_fee')`),
    // The satisfaction guarantee is given once per stay (ADR 0179): a second post finds the first.
    uniqueIndex("stay_events_one_guarantee")
      .on(t.stayId)
      .where(sql`${t.kind} = 'guarantee'`),
  ],
);

/** A household waiting for nights that were full, with how many days either side would do. */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    flexDays: smallint("flex_days").notNull().default(0),
    catIds: jsonb("cat_ids").$type<string[]>().notNull(),
    status: text("status").$type<WaitlistStatus>().notNull().default("waiting"),
    offeredStayId: uuid("offered_stay_id").references(() => stays.id, { onDelete: "set null" }),
    /** Why the last pass could not make this entry an offer (a lost race aside); cleared by an offer. */
    lastError: text("last_error"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("waitlist_entries_waiting")
      .on(t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
    check("waitlist_entries_dates", sql`${t.checkOut} > ${t.checkIn}`),
    check("waitlist_entries_flex", sql`${t.flexDays} between 0 and 14`),
    check("waitlist_entries_status", sql`${t.status} in ('waiting','offered','booked','withdrawn','expired')`),
  ],
);

/**
 * The thank-you mail asking for a review, the day after a check-out (ADR 0167): one row per mail
 * sent, at most one per household in 90 days. The job takes the household's row lock before it
 * reads the last one, so two processes never both send; a stay is asked about once (unique).
 */
export const reviewRequests = pgTable(
  "review_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    stayId: uuid("stay_id")
      .notNull()
      .unique("review_requests_stay")
      .references(() => stays.id, { onDelete: "cascade" }),
    sentAt: at("sent_at").notNull(),
  },
  (t) => [index("review_requests_household").on(t.householdId, t.sentAt)],
);
