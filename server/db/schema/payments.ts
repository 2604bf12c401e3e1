import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { stays } from "./stays";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Deposits taken through a payment provider (ADR 0132): one row per checkout started for a stay.
 * The card is entered on the provider's page; we keep the provider's ids and the amounts.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "restrict" }),
    provider: text("provider").$type<"stripe" | "simulated">().notNull(),
    checkoutSessionId: text("checkout_session_id").notNull().unique(),
    paymentIntentId: text("payment_intent_id"),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<"pending" | "paid" | "expired">().notNull().default("pending"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    paidAt: at("paid_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("payments_stay").on(t.stayId),
    check("payments_provider", sql`${t.provider} in ('stripe','simulated')`),
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
