import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { textOptOuts } from "../db/schema/index";
import { formatBusinessLongDateTime } from "~/lib/business-time";

/**
 * The carriers' keywords (ADR 0191): a reply of one of these words alone, in any case, opts the number
 * out of every later text, or back in, or asks for help. The words are the ones US carriers and Twilio
 * honour.
 */
export const OPT_OUT_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const OPT_IN_WORDS = ["START", "YES", "UNSTOP"] as const;
export const HELP_WORDS = ["HELP", "INFO"] as const;

export type TextKeyword = "stop" | "start" | "help";

/** The keyword a text is, or null: the whole text, trimmed, in any case, ignoring a final full stop or exclamation mark. */
export function keywordOf(body: string): TextKeyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return "stop";
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return "start";
  if ((HELP_WORDS as readonly string[]).includes(word)) return "help";
  return null;
}

/** Records that `phone` replied STOP; a second STOP keeps the first's time. */
export async function optOut(db: Db, phone: string, keyword: string, now: Date): Promise<void> {
  await db.insert(textOptOuts).values({ phone, keyword, optedOutAt: now }).onConflictDoNothing({ target: textOptOuts.phone });
}

/** `phone` replied START: texts go to it again. */
export async function optIn(db: Db, phone: string): Promise<void> {
  await db.delete(textOptOuts).where(eq(textOptOuts.phone, phone));
}

/** Whether `phone` opted out, and since when. */
export async function optOutOf(db: Db, phone: string): Promise<{ optedOutAt: Date; keyword: string } | null> {
  const [row] = await db
    .select({ optedOutAt: textOptOuts.optedOutAt, keyword: textOptOuts.keyword })
    .from(textOptOuts)
    .where(eq(textOptOuts.phone, phone))
    .limit(1);
  return row ?? null;
}

/** Why a text to an opted-out number was held back, as the queue records it and staff read it. */
export const withheldReason = (optedOut: { optedOutAt: Date; keyword: string }) =>
  `Not sent: this number replied ${optedOut.keyword.toUpperCase()} on ${formatBusinessLongDateTime(optedOut.optedOutAt)} and gets no texts until it replies START.`;
