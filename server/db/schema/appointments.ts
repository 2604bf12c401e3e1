import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { groomers } from "./grooming";

// A relative path: drizzle-kit reads these files without the app's aliases.
import type { AppointmentStatus } from "../../../app/features/appointments/statuses";

export { APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../app/features/appointments/statuses";

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The customer is whoever signs in with this address; it may have no account yet.
    customerEmail: text("customer_email").notNull(),
    serviceId: text("service_id").notNull(),
    catNames: text("cat_names").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    // Set for overnight stays: these are the customer's trips.
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
    createdBy: text("created_by").notNull(),
    updatedBy: text("updated_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("appointments_customer_email").on(t.customerEmail, t.startsAt),
    index("appointments_starts_at").on(t.startsAt),
    // Bookings' queue of change requests: the few rows with a proposed time, soonest first.
    index("appointments_change_requests")
      .on(t.proposedStartsAt)
      .where(sql`${t.proposedStartsAt} is not null`),
    check("appointments_status", sql`${t.status} in ('Confirmed','Pending','Cancelled','Completed')`),
    index("appointments_groomer")
      .on(t.groomerId, t.startsAt)
      .where(sql`${t.groomerId} is not null`),
    check("appointments_groom_has_end", sql`${t.groomerId} is null or (${t.endsAt} is not null and ${t.catIds} is not null)`),
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
