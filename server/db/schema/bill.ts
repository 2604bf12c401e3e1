import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { appointments } from "./appointments";
import { stays } from "./stays";

// A relative path: drizzle-kit reads these files without the app's aliases.
import type { BillLineKind, GroomPaymentMethod } from "../../../app/domain/bill-lines";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The lines the desk adds to a stay's bill (ADR 0192), each a row that is never deleted: what it is
 * for, its amount (a discount negative), who added it and when. The line is written in the same
 * transaction into the stay's price lines and total, so the balance, what is owed, the receipt and
 * the revenue report read it as they read the booked price. A groom is on one bill at most. A line
 * added by mistake is removed before check-out (ADR 0199): the row keeps who removed it and when,
 * and leaves the stay's price lines and total; everything that reads the lines skips a removed one.
 */
export const stayBillLines = pgTable(
  "stay_bill_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "restrict" }),
    kind: text("kind").$type<BillLineKind>().notNull(),
    /** What the line is for, as the desk typed it (a discount's reason); shown on the bill and the receipt. */
    description: text("description").notNull().default(""),
    /** Added to the bill: positive, or negative for a discount. */
    cents: integer("cents").notNull(),
    /** The groom a `groom` line bills: once, on one stay's bill. */
    appointmentId: uuid("appointment_id")
      .unique("stay_bill_lines_one_groom")
      .references(() => appointments.id, { onDelete: "restrict" }),
    /** Who added it (`staff:<email>`). */
    recordedBy: text("recorded_by").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    /** Removed from the bill before check-out (ADR 0199): when, and by whom (`staff:<email>`). */
    removedAt: at("removed_at"),
    removedBy: text("removed_by"),
  },
  (t) => [
    index("stay_bill_lines_stay").on(t.stayId),
    check("stay_bill_lines_removed", sql`(${t.removedAt} is null) = (${t.removedBy} is null)`),
    check("stay_bill_lines_kind", sql`${t.kind} in ('late_pickup','vet_bill','retail','tip','discount','groom')`),
    check(
      "stay_bill_lines_cents",
      sql`(${t.kind} = 'discount' and ${t.cents} between -1000000 and -1) or (${t.kind} <> 'discount' and ${t.cents} between 1 and 1000000)`,
    ),
    check("stay_bill_lines_groom", sql`(${t.kind} = 'groom') = (${t.appointmentId} is not null)`),
  ],
);

/**
 * A groom paid at the desk on its own (ADR 0192): once per groom (its appointment, unique), its
 * price, by card on the salon's terminal, cash or a check. The revenue report counts it as the
 * grooms' money taken; the satisfaction guarantee gives back at most this.
 */
export const groomPayments = pgTable(
  "groom_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .unique("groom_payments_once")
      .references(() => appointments.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    method: text("method").$type<GroomPaymentMethod>().notNull(),
    /** A check's number; null otherwise. */
    reference: text("reference"),
    recordedBy: text("recorded_by").notNull(),
    paidAt: at("paid_at").notNull().defaultNow(),
  },
  (t) => [
    // The revenue report's grooms paid in a month.
    index("groom_payments_paid_at").on(t.paidAt),
    check("groom_payments_amount", sql`${t.amountCents} > 0`),
    check("groom_payments_method", sql`${t.method} in ('card','cash','check')`),
  ],
);
