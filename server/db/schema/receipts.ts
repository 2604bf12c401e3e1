import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, timestamp, uuid } from "drizzle-orm/pg-core";
import { paymentRefunds } from "./payments";
import { stays } from "./stays";

// Relative path: drizzle-kit reads these files without the app's aliases.
import type { CreditNoteFigures } from "../../../app/domain/credit-note";
import type { ReceiptFigures } from "../../../app/domain/receipt";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The next receipt number (ADR 0154): one row, taken with `update … set next = next + 1 returning`
 * in the check-out's transaction, so a check-out that rolls back gives its number back and the
 * numbers run without gaps (a sequence keeps what a rolled-back transaction took).
 */
export const receiptCounter = pgTable(
  "receipt_counter",
  {
    id: smallint("id").primaryKey().default(1),
    next: integer("next").notNull().default(1),
  },
  (t) => [check("receipt_counter_single_row", sql`${t.id} = 1`), check("receipt_counter_next", sql`${t.next} >= 1`)],
);

/**
 * The receipt a stay's customer is given at check-out: its number, and the figures as they were then
 * (price lines, payments, balance), frozen, so the PDF read later says what the mail said.
 */
export const receipts = pgTable(
  "receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").notNull().unique(),
    stayId: uuid("stay_id")
      .notNull()
      .unique()
      .references(() => stays.id, { onDelete: "restrict" }),
    figures: jsonb("figures").$type<ReceiptFigures>().notNull(),
    issuedAt: at("issued_at").notNull().defaultNow(),
  },
  (t) => [check("receipts_number", sql`${t.number} >= 1`)],
);

/** The next credit note number (ADR 0193): its own counter, taken like the receipts' in the refund's transaction, so the numbers run without gaps. */
export const creditNoteCounter = pgTable(
  "credit_note_counter",
  {
    id: smallint("id").primaryKey().default(1),
    next: integer("next").notNull().default(1),
  },
  (t) => [check("credit_note_counter_single_row", sql`${t.id} = 1`), check("credit_note_counter_next", sql`${t.next} >= 1`)],
);

/**
 * The credit note a refund issues (ADR 0193): one per refund row (the unique refund id holds it once,
 * however often the refund is posted), written in the refund's transaction with the next number of
 * `credit_note_counter`, its figures frozen, and the stay's receipt it refers to when it had one.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").notNull().unique(),
    refundId: uuid("refund_id")
      .notNull()
      .unique()
      .references(() => paymentRefunds.id, { onDelete: "restrict" }),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "restrict" }),
    receiptId: uuid("receipt_id").references(() => receipts.id, { onDelete: "restrict" }),
    figures: jsonb("figures").$type<CreditNoteFigures>().notNull(),
    issuedAt: at("issued_at").notNull().defaultNow(),
  },
  (t) => [index("credit_notes_stay").on(t.stayId), check("credit_notes_number", sql`${t.number} >= 1`)],
);
