import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { stays } from "./stays";

const at = (name: string) => timestamp(name, { withTimezone: true });

export type PaymentKind = "deposit" | "balance";
export type PaymentMethod = "card" | "cash" | "check";

/**
 * Money taken for a stay, every dollar of it (ADR 0132, 0152): the deposit at booking and the balance
 * at check-out. A card payment is one row per checkout started through a payment provider (the card
 * is entered on the provider's page; we keep the provider's ids and the amounts); cash or a check
 * taken at the desk is a row with no provider, paid when it is recorded, with who recorded it.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "restrict" }),
    /** What the money is for: the deposit asked at booking, or the balance settled at check-out. */
    kind: text("kind").$type<PaymentKind>().notNull().default("deposit"),
    /** How it was paid: a card through the provider, or cash or a check at the desk. */
    method: text("method").$type<PaymentMethod>().notNull().default("card"),
    /** The provider that took a card payment (null for cash and checks). */
    provider: text("provider").$type<"stripe" | "simulated">(),
    checkoutSessionId: text("checkout_session_id").unique(),
    /** A balance checkout's link, mailed and shown at the desk: a second "Take by card" shows it again (ADR 0173). */
    checkoutUrl: text("checkout_url"),
    paymentIntentId: text("payment_intent_id"),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<"pending" | "paid" | "expired">().notNull().default("pending"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    paidAt: at("paid_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
    /** Who took cash or a check at the desk (`staff:<email>`), and the check's number. */
    recordedBy: text("recorded_by"),
    reference: text("reference"),
    /**
     * A balance: the stay's price it settles (its `total_cents` when the balance was taken). A stay
     * kept longer (an overdue pickup's nights, ADR 0182) has a new price, and what is added is settled
     * by a balance of its own.
     */
    settlesTotalCents: integer("settles_total_cents"),
  },
  (t) => [
    index("payments_stay").on(t.stayId),
    // The revenue report's money taken in a month (ADR 0155).
    index("payments_paid_at")
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    check("payments_provider", sql`${t.provider} in ('stripe','simulated')`),
    check("payments_kind", sql`${t.kind} in ('deposit','balance')`),
    check("payments_method", sql`${t.method} in ('card','cash','check')`),
    // A card goes through a provider's checkout; cash and checks through none, recorded paid by someone.
    check(
      "payments_method_fields",
      sql`(${t.method} = 'card' and ${t.provider} is not null and ${t.checkoutSessionId} is not null) or (${t.method} <> 'card' and ${t.provider} is null and ${t.checkoutSessionId} is null and ${t.status} = 'paid' and ${t.recordedBy} is not null)`,
    ),
    // A stay's balance is settled once for each price it has had: a second paid balance of the same
    // price is refused by the database (ADR 0154, 0182).
    uniqueIndex("payments_one_paid_balance")
      .on(t.stayId, t.settlesTotalCents)
      .where(sql`${t.kind} = 'balance' and ${t.status} = 'paid'`),
    check("payments_status", sql`${t.status} in ('pending','paid','expired')`),
    check("payments_amounts", sql`${t.amountCents} > 0 and ${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);

/** Money given back on a payment: by the cancellation policy, or by staff. */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    /** Set once the provider took it; a pending refund is sent again (same idempotency key: this row's id) until it does. */
    providerRefundId: text("provider_refund_id").unique(),
    status: text("status").$type<"pending" | "succeeded">().notNull().default("pending"),
    lastError: text("last_error"),
    reason: text("reason").notNull(),
    actor: text("actor").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("payment_refunds_payment").on(t.paymentId),
    // The revenue report's refunds made in a month (ADR 0155).
    index("payment_refunds_created_at").on(t.createdAt),
    index("payment_refunds_pending")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check("payment_refunds_amount", sql`${t.amountCents} > 0`),
    check("payment_refunds_status", sql`${t.status} in ('pending','succeeded')`),
  ],
);

/** Provider events already handled: the key makes a redelivered event a no-op, in the transaction of its effect. */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  eventId: text("event_id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  receivedAt: at("received_at").notNull().defaultNow(),
});
