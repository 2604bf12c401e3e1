import crypto from "node:crypto";
import { type SQL, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { smsQueue, textOptOuts } from "../db/schema/index";
import { AppError } from "../http/errors";
import { type Attempt, deliverDue, deliverHeld, heldBySender, requeueFailed, withdraw } from "../messages/delivery";
import { type SealEnv, openMessage, sealMessage } from "../messages/sealed";
import type { PeriodicJob } from "../periodic-job";
import { optOutOf, withheldReason } from "./opt-outs";
import { type OutboundResult, type Telephony, TelephonyError } from "./types";
import { messageQueued, type Tx } from "../db/transaction";

/** What a person is told when a text to their number is held back because it replied STOP. */
export const OPTED_OUT_MESSAGE = "This number replied STOP to our texts, so we send it none. Reply START to our number to get texts again.";

/**
 * The one way the app sends a text (ADR 0129, 0143), queued and delivered as mail is (ADR 0126):
 * written in the same transaction as the change it tells about, sent through the telephony provider
 * (Twilio or the simulated one) by a job that retries until the provider takes it, and marked failed
 * for staff after the last attempt. A person who waits for the text (a phone code, a reminder they
 * asked for) has it sent at once with `sendSmsNow`.
 */

/** What sending queued texts needs: the database, the app's one telephony instance, and the key of sealed texts. */
export interface SmsDeps {
  db: Db;
  telephony: Pick<Telephony, "sendSms">;
  env: SealEnv;
}

export interface QueuedSms {
  /** One text per key: queuing the same change twice sends one text. */
  dedupeKey: string;
  /** E.164. */
  to: string;
  body: string;
  stayId?: string;
  /** The text carries a one-time secret: it is stored sealed with this configuration's key. */
  sealWith?: SealEnv;
  /** The caller sends it itself at once (`sendSmsNow`): queued already claimed, so the loop leaves it alone meanwhile. */
  sendNow?: boolean;
}

/** What a sealed text shows in the database instead of its words. */
const SEALED_BODY = "(sealed: a one-time code)";

/**
 * Queues a text in the caller's transaction (a `Tx`: `inTransaction`); answers its row id, or null when its key was queued
 * already. A text to a number that opted out is written withheld, never sent (`isWithheld` tells).
 */
export async function queueSms(tx: Tx, sms: QueuedSms, now: Date): Promise<string | null> {
  const id = crypto.randomUUID();
  // A number that replied STOP gets nothing: the row is kept, withheld, saying why (ADR 0191).
  const optedOut = await optOutOf(tx, sms.to);
  const held = optedOut ? { status: "withheld" as const, lastError: withheldReason(optedOut) } : sms.sendNow ? heldBySender(now) : {};
  const stored = sms.sealWith ? { body: SEALED_BODY, sealed: sealMessage(sms.sealWith, "sms_queue", id, sms.body) } : { body: sms.body, sealed: null };
  const [row] = await tx
    .insert(smsQueue)
    .values({
      id,
      dedupeKey: sms.dedupeKey,
      toPhone: sms.to,
      ...stored,
      stayId: sms.stayId ?? null,
      nextAttemptAt: now,
      createdAt: now,
      ...held,
    })
    .onConflictDoNothing({ target: smsQueue.dedupeKey })
    .returning({ id: smsQueue.id });
  // Sent after the commit by `inTransaction`'s kick; one the caller sends itself is held for it.
  if (row && !sms.sendNow) messageQueued(tx);
  return row?.id ?? null;
}

/**
 * `queueSms`'s insert of a plain text, not yet sent, to send as part of the statement that writes the
 * change it tells about (`writeTogether`): it writes the text only when the number has not opted out,
 * read in the same statement. When it wrote nothing, the caller calls `queueSms`, which writes the
 * text withheld with its reason (or queues it, when the number opted in again meanwhile); when it
 * wrote the row, `smsQueuedIn`.
 */
export function smsInsertUnlessOptedOut(sms: Omit<QueuedSms, "sealWith" | "sendNow">, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`insert into ${smsQueue} (id, dedupe_key, to_phone, body, stay_id, next_attempt_at, created_at)
    select ${crypto.randomUUID()}::uuid, ${sms.dedupeKey}, ${sms.to}, ${sms.body}, ${sms.stayId ?? null}::uuid, ${at}, ${at}
    where not exists (select 1 from ${textOptOuts} where ${textOptOuts.phone} = ${sms.to})
    on conflict (dedupe_key) do nothing
    returning id`;
}

/** A text `smsInsertUnlessOptedOut` wrote: sent after the commit by `inTransaction`'s kick. */
export const smsQueuedIn = (tx: Tx): void => messageQueued(tx);

const bodyOf = (env: SealEnv, row: typeof smsQueue.$inferSelect) => (row.sealed ? openMessage<string>(env, "sms_queue", row.id, row.sealed) : row.body);

/** Sends the texts that are due; several processes may run this at once (see `deliverDue`). */
export function deliverQueuedSms(deps: SmsDeps, now: Date, batch = 20): Promise<{ sent: number; failed: number }> {
  return deliverDue(
    deps.db,
    smsQueue,
    (row) => deps.telephony.sendSms(row.toPhone, bodyOf(deps.env, row)),
    now,
    batch,
    async (row) => {
      // Queued before the number replied STOP: held back now.
      const optedOut = await optOutOf(deps.db, row.toPhone);
      return optedOut ? withheldReason(optedOut) : null;
    },
  );
}

/** Whether a queued text was held back because its number opted out. */
export async function isWithheld(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ status: smsQueue.status }).from(smsQueue).where(eq(smsQueue.id, id)).limit(1);
  return row?.status === "withheld";
}

/**
 * Sends a text queued with `sendNow` (and committed) at once, from the words the caller holds,
 * answering the provider's result; a failure leaves it queued for the job's next attempt.
 * `forgetWhenSent`: a one-time secret's message is deleted once handed over, not kept as sent.
 */
export async function sendSmsNow(
  deps: Pick<SmsDeps, "db" | "telephony">,
  id: string,
  sms: { to: string; body: string },
  now: Date,
  options: { forgetWhenSent?: boolean } = {},
): Promise<Attempt<OutboundResult>> {
  const optedOut = await optOutOf(deps.db, sms.to);
  if (optedOut) return { ok: false, error: new TelephonyError(withheldReason(optedOut), OPTED_OUT_MESSAGE) };
  return deliverHeld(deps.db, smsQueue, id, () => deps.telephony.sendSms(sms.to, sms.body), now, options.forgetWhenSent);
}

/** Takes a text out of the queue, sent or not (a code the person was told failed). */
export const withdrawSms = (db: Db, id: string) => withdraw(db, smsQueue, id);

/** Delivers queued texts every `everyMs` (a request that just queued one kicks a pass at once). */
export const smsQueueJob: PeriodicJob = {
  name: "queued texts",
  everyMs: 30_000,
  async run(deps, now) {
    const { sent, failed } = await deliverQueuedSms(deps, now);
    if (failed > 0) deps.logger.warn({ sent, failed }, "queued texts: some deliveries failed and will be retried");
  },
};

/** Texts the queue gave up on, newest first, for staff to see and send again. */
export function failedSms(db: Db, limit = 20) {
  return db
    .select({
      id: smsQueue.id,
      to: smsQueue.toPhone,
      body: smsQueue.body,
      attempts: smsQueue.attempts,
      lastError: smsQueue.lastError,
      createdAt: smsQueue.createdAt,
    })
    .from(smsQueue)
    .where(eq(smsQueue.status, "failed"))
    .orderBy(desc(smsQueue.createdAt))
    .limit(limit);
}

/** Puts a failed text back in the queue with fresh attempts (staff, once the provider is fixed). */
export async function retrySms(db: Db, id: string, now: Date) {
  if (!(await requeueFailed(db, smsQueue, id, now))) throw new AppError(404, "SMS_NOT_FOUND", "That text is no longer waiting to be sent again.");
}
