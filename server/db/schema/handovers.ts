import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { cats } from "./households";
import { stays } from "./stays";

// Relative paths: drizzle-kit reads these files without the app's aliases.
import type { DoseCount, HandoverDirection } from "../../../app/domain/handover";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What the desk received with a cat at check-in (`arrival`) and handed back at check-out
 * (`departure`), ADR 0161: its weight in grams, the pills or doses counted per medication of the
 * care plan, the belongings, who counted and when. One row per stay, cat and direction, written in
 * the transaction of the check-in or check-out; never changed (a trigger of migration 0028 refuses
 * an UPDATE, but the foreign key's own clearing of `staff_user_id` when that account goes).
 */
export const catHandovers = pgTable(
  "cat_handovers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    catId: uuid("cat_id")
      .notNull()
      .references(() => cats.id, { onDelete: "cascade" }),
    direction: text("direction").$type<HandoverDirection>().notNull(),
    weightGrams: integer("weight_grams").notNull(),
    /** One count per medication of the care plan (the medication null: one count for a plan that names none). */
    doses: jsonb("doses").$type<DoseCount[]>().notNull(),
    belongings: text("belongings").notNull(),
    /** At arrival: why staff checked the cat in without the signed agreement (null when it was signed). */
    overrideReason: text("override_reason"),
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    staffInitials: text("staff_initials").notNull(),
    at: at("at").notNull(),
  },
  (t) => [
    uniqueIndex("cat_handovers_once").on(t.stayId, t.catId, t.direction),
    index("cat_handovers_cat").on(t.catId),
    check("cat_handovers_direction", sql`${t.direction} in ('arrival','departure')`),
    check("cat_handovers_weight", sql`${t.weightGrams} between 100 and 30000`),
    check("cat_handovers_doses_list", sql`jsonb_typeof(${t.doses}) = 'array'`),
  ],
);
