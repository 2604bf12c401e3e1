import { smallint, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Where a queued message is on its way: the same columns in the mail queue and the text queue, so one
 * delivery loop (`server/messages/delivery.ts`) serves both (ADR 0126, 0129, 0143).
 */
export const deliveryColumns = () => ({
  status: text("status").$type<"queued" | "sent" | "failed" | "withheld">().notNull().default("queued"),
  attempts: smallint("attempts").notNull().default(0),
  nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
  lastError: text("last_error"),
  sentAt: at("sent_at"),
  createdAt: at("created_at").notNull().defaultNow(),
});
