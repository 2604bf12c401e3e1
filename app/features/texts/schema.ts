import { z } from "~/lib/zod";

/**
 * The texts' forms and the incoming webhook (ADR 0191): one schema each, parsed once at the edge.
 */

/** The longest answer the desk may send: Twilio's own limit for one message (ten segments). */
export const REPLY_MAX_LENGTH = 1600;

/**
 * What Twilio posts for a text that came in (the fields we use; Twilio sends more). A body longer
 * than one message's limit is kept whole, never refused: the owner's words are not lost.
 */
export const incomingWebhook = z.object({
  MessageSid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{10,64}$/, "MessageSid must be the provider's message id"),
  From: z.string().trim().min(1, "From is required").max(64, "From is too long"),
  To: z.string().trim().max(64, "To is too long").default(""),
  Body: z.string().default(""),
});

/** The desk's answer in a conversation; `replyKey` comes with the form, so a repeat sends once. */
export const replyForm = z.object({
  intent: z.literal("reply"),
  conversation: z.string().min(1).max(200),
  replyKey: z.uuid("Reload the page and send again"),
  body: z.string({ error: "Write an answer" }).trim().min(1, "Write an answer").max(REPLY_MAX_LENGTH, `An answer is at most ${REPLY_MAX_LENGTH} characters`),
});

export const doneForm = z.object({
  intent: z.literal("done"),
  conversation: z.string().min(1).max(200),
});

/** Posted by the page once it shows a conversation with unread texts. */
export const readForm = z.object({
  intent: z.literal("read"),
  conversation: z.string().min(1).max(200),
});

/** The simulated provider's "Simulate a reply": a text from a number, as Twilio would deliver it. */
export const simulateReplyForm = z.object({
  from: z.string({ error: "Enter the number the reply comes from" }).trim().min(1, "Enter the number the reply comes from").max(64, "That number is too long"),
  body: z.string({ error: "Write the reply" }).trim().min(1, "Write the reply").max(REPLY_MAX_LENGTH, `A text is at most ${REPLY_MAX_LENGTH} characters`),
});
