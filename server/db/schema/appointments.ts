import { sql } from "drizzle-orm";
import { boolean, check, index, uniqueIndex, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { groomers } from "./grooming";
import { households } from "./households";
import { stays } from "./stays";

// A relative path: drizzle-kit reads these files without the app's aliases.
import type { AppointmentStatus } from "../../../app/domain/appointment-statuses";

export { APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../app/domain/appointment-statuses";

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Whose appointment it is (ADR 0146): customers read and change it through their household.
     * Cleared when the household deletes its account; the row stays in the books.
     */
    householdId: uuid("household_id").references(() => households.id, { onDelete: "set null" }),
    // The address staff booked for, as typed (lower-cased); the household is this address's account's.
    customerEmail: text("customer_email").notNull(),
    serviceId: text("service_id").notNull(),
    catNames: text("cat_names").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    // A groom's end. Overnight stays staff made here before migration 0016 have one too: see stay_id.
    endsAt: timestamp("ends_at", { withTimezone: true }),
    status: text("status").$type<AppointmentStatus>().notNull().default("Confirmed"),
    proposedStartsAt: timestamp("proposed_starts_at", { withTimezone: true }),
    proposedEndsAt: timestamp("proposed_ends_at", { withTimezone: true }),
    reminderPhone: text("reminder_phone"),
    notes: text("notes").notNull().default(""),
    autoReminder: boolean("auto_reminder").notNull().default(false),
    autoReminderSentAt: timestamp("auto_reminder_sent_at", { withTimezone: true }),
    /**
     * Set for a groom booked online (ADR 0130): who grooms, the household's cats as booked (their ids,
     * for the vaccine rule when it moves) and the price then. Its time, starts_at to ends_at, is held
     * against the groomer's other grooms by the exclusion constraint `appointments_groomer_no_overlap`.
     */
    groomerId: uuid("groomer_id").references(() => groomers.id, { onDelete: "restrict" }),
    catIds: jsonb("cat_ids").$type<string[]>(),
    priceCents: integer("price_cents"),
    /**
     * An overnight stay staff made here, carried over by migration 0016 into the `stays` row that now
     * represents it (ADR 0146): the row is kept as it was, and no longer listed as an appointment.
     */
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "restrict" }),
    createdBy: text("created_by").notNull(),
    updatedBy: text("updated_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("appointments_customer_email").on(t.customerEmail, t.startsAt),
    index("appointments_household").on(t.householdId, t.startsAt),
    uniqueIndex("appointments_stay").on(t.stayId),
    index("appointments_starts_at").on(t.startsAt),
    // The revenue report's grooms booked in a month (ADR 0155).
    index("appointments_created_at").on(t.createdAt),
    // Bookings' queue of change requests: the few rows with a proposed time, soonest first.
    index("appointments_change_requests")
      .on(t.proposedStartsAt)
      .where(sql`${t.proposedStartsAt} is not null`),
    check("appointments_status", sql`${t.status} in ('Confirmed','Pending','Cancelled','Completed')`),
    index("appointments_groomer")
      .on(t.groomerId, t.startsAt)
      .where(sql`${t.groomerId} is not null`),
    check("appointments_groom_has_end", sql`${t.groomerId} is null or (${t.endsAt} is not null and ${t.catIds} is not null)`),
    // An end without a groomer is an overnight stay: only a row carried into its stay has one (ADR 0146).
    check("appointments_overnight_is_a_stay", sql`${t.endsAt} is null or ${t.groomerId} is not null or ${t.stayId} is not null`),
    check("appointments_ends_after_start", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("appointments_reminder_phone", sql`${t.reminderPhone} is null or ${t.reminderPhone} ~ '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$'`),
  ],
);

export const appointmentReminders = pgTable(
  "appointment_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"manual" | "automatic">().notNull(),
    phoneNumber: text("phone_number").notNull(),
    message: text("message").notNull(),
    status: text("status").$type<"sent" | "failed">().notNull(),
    providerSid: text("provider_sid"),
    error: text("error"),
    sentBy: text("sent_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("appointment_reminders_appointment").on(t.appointmentId, t.createdAt)],
);

/**
 * The satisfaction guarantee on a completed groom (ADR 0166): what staff gave back at the desk (grooms
 * are paid at the salon, never online), with the customer's reason. Once per groom: the unique
 * appointment holds it whatever races. The revenue report counts it as the grooms' refunds.
 */
export const groomGuarantees = pgTable(
  "groom_guarantees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .unique("groom_guarantees_once")
      .references(() => appointments.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    /** How it was given back at the desk. */
    method: text("method").$type<"cash" | "check">().notNull(),
    reason: text("reason").notNull(),
    /** Who gave it (`staff:<email>`). */
    recordedBy: text("recorded_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("groom_guarantees_amount", sql`${t.amountCents} > 0`),
    check("groom_guarantees_method", sql`${t.method} in ('cash','check')`),
    // The revenue report's refunds in a month (ADR 0155).
    index("groom_guarantees_created_at").on(t.createdAt),
  ],
);
