import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

// A relative path: drizzle-kit reads these files without the app's aliases.
import type { WeeklyWindows } from "../../../app/domain/calendar";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Grooms booked online (ADR 0130). The grooming services are those of the published content whose
 * type is PetGrooming; this table gives each (by its slug, as appointments name services) the time
 * a groom takes and its price per cat. A service without a row here cannot be booked online.
 */
export const groomingServices = pgTable(
  "grooming_services",
  {
    serviceId: text("service_id").primaryKey(),
    durationMinutes: smallint("duration_minutes").notNull(),
    priceCents: integer("price_cents").notNull(),
    bookable: boolean("bookable").notNull().default(true),
    updatedAt: at("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by").notNull().default("system"),
  },
  (t) => [
    check("grooming_services_duration", sql`${t.durationMinutes} between 15 and 480 and ${t.durationMinutes} % 15 = 0`),
    check("grooming_services_price", sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A groomer and their week: working hours and breaks per weekday (local times, 0 = Sunday; a weekday
 * without hours is a day off every week). One groomer to start; the booking takes whichever is free.
 */
export const groomers = pgTable("groomers", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  active: boolean("active").notNull().default(true),
  workingHours: jsonb("working_hours").$type<WeeklyWindows>().notNull(),
  breaks: jsonb("breaks").$type<WeeklyWindows>().notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** A calendar day (Los Angeles) a groomer does not work: holidays, vacation. */
export const groomerDaysOff = pgTable(
  "groomer_days_off",
  {
    groomerId: uuid("groomer_id")
      .notNull()
      .references(() => groomers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    reason: text("reason").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.groomerId, t.day] }), index("groomer_days_off_day").on(t.day)],
);
