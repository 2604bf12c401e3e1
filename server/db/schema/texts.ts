import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { households } from "./households";
import { smsQueue } from "./sms-queue";
import { stays } from "./stays";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A text an owner (or anyone) sent to the hotel's number, as Twilio delivered it to the incoming
 * webhook or the simulated provider's "Simulate a reply" form (ADR 0191). One row per Twilio
 * MessageSid: the unique key is what makes a replayed webhook store nothing new. Who sent it is
 * worked out when it arrives: the household whose proven mobile it came from, or whose stay names the
 * number as a pickup person's; the stay is the household's stay in the hotel at that moment. Bodies
 * are kept two years, then the row is deleted (`incomingTextsRetentionJob`).
 */
export const incomingTexts = pgTable(
  "incoming_texts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageSid: text("message_sid").notNull().unique(),
    /** The sender's number, E.164 when it is one; as Twilio sent it otherwise (a short code, an alphanumeric sender). */
    fromPhone: text("from_phone").notNull(),
    toPhone: text("to_phone").notNull().default(""),
    body: text("body").notNull(),
    /** A carrier keyword the text was (STOP and its kin, START and its kin, HELP), null for a message. */
    keyword: text("keyword").$type<"stop" | "start" | "help">(),
    householdId: uuid("household_id").references(() => households.id, { onDelete: "set null" }),
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    /** The sender's name as it was when the text arrived (the owner's, or the pickup person's); null for an unknown number. */
    senderName: text("sender_name"),
    receivedAt: at("received_at").notNull(),
    readAt: at("read_at"),
    /** The conversation was marked done by this staff member (name as it was). */
    doneAt: at("done_at"),
    doneBy: text("done_by"),
    /** When the job raised the "unanswered for 30 minutes" alert: once, by this column. */
    alertedAt: at("alerted_at"),
  },
  (t) => [
    index("incoming_texts_from_received").on(t.fromPhone, t.receivedAt),
    index("incoming_texts_household_received").on(t.householdId, t.receivedAt),
    index("incoming_texts_received").on(t.receivedAt),
    index("incoming_texts_open")
      .on(t.receivedAt)
      .where(sql`${t.doneAt} is null`),
    check("incoming_texts_keyword", sql`${t.keyword} is null or ${t.keyword} in ('stop','start','help')`),
    check("incoming_texts_done_whole", sql`(${t.doneAt} is null) = (${t.doneBy} is null)`),
  ],
);

/**
 * A staff member's answer in a conversation, sent through the text queue (ADR 0129, 0143) in the
 * transaction that writes this row. `reply_key` comes from the form, so a reply posted twice is
 * written and sent once.
 */
export const textReplies = pgTable(
  "text_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    replyKey: text("reply_key").notNull().unique(),
    householdId: uuid("household_id").references(() => households.id, { onDelete: "set null" }),
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    sentByUserId: uuid("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The sender's name as it was, like a care entry's initials. */
    sentBy: text("sent_by").notNull(),
    smsQueueId: uuid("sms_queue_id").references(() => smsQueue.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("text_replies_to_created").on(t.toPhone, t.createdAt), index("text_replies_household_created").on(t.householdId, t.createdAt)],
);

/**
 * A number that replied STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT): no text is sent to it
 * until it replies START (or YES, UNSTOP), which deletes the row. The text queue holds back every
 * text to a number here, and says why (ADR 0191).
 */
export const textOptOuts = pgTable("text_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: at("opted_out_at").notNull(),
  /** The keyword as the person sent it. */
  keyword: text("keyword").notNull(),
});
