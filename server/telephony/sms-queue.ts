import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { smsQueue } from "../db/schema/index";
import { AppError } from "../http/errors";
import { deliverDue, requeueFailed } from "../messages/delivery";
import type { PeriodicJob } from "../periodic-job";
import type { Telephony } from "./types";

/**
 * Texts that must not be lost (ADR 0129), queued and delivered as mail is (ADR 0126): written in
 * the same transaction as the change they tell about, sent through the telephony provider (Twilio
 * or the simulated one) by a job that retries until the provider takes them, and marked failed for
 * staff after the last attempt. The request that made the change never waits for the provider.
 */

/** Queues a text once per `dedupeKey` (queuing the same change twice sends one text). */
export async function queueSms(db: Db, sms: { dedupeKey: string; to: string; body: string; stayId?: string }, now = new Date()) {
  await db
    .insert(smsQueue)
    .values({ dedupeKey: sms.dedupeKey, toPhone: sms.to, body: sms.body, stayId: sms.stayId ?? null, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: smsQueue.dedupeKey });
}

/** Sends the texts that are due; several processes may run this at once (see `deliverDue`). */
export function deliverQueuedSms(db: Db, telephony: Pick<Telephony, "sendSms">, now = new Date(), batch = 20): Promise<{ sent: number; failed: number }> {
  return deliverDue(db, smsQueue, (row) => telephony.sendSms(row.toPhone, row.body), now, batch);
}

/** Delivers queued texts every `everyMs` (a page that just queued one may also run a pass at once). */
export const smsQueueJob: PeriodicJob = {
  name: "queued texts",
  everyMs: 30_000,
  async run(deps, now) {
    const { sent, failed } = await deliverQueuedSms(deps.db, deps.telephony, now);
    if (failed > 0) deps.logger.warn({ sent, failed }, "queued texts: some deliveries failed and will be retried");
  },
};

/** Texts the queue gave up on, newest first, for staff to see and send again. */
export function failedSms(db: Db, limit = 20) {
  return db
    .select({ id: smsQueue.id, to: smsQueue.toPhone, body: smsQueue.body, attempts: smsQueue.attempts, lastError: smsQueue.lastError, createdAt: smsQueue.createdAt })
    .from(smsQueue)
    .where(eq(smsQueue.status, "failed"))
    .orderBy(desc(smsQueue.createdAt))
    .limit(limit);
}

/** Puts a failed text back in the queue with fresh attempts (staff, once the provider is fixed). */
export async function retrySms(db: Db, id: string, now = new Date()) {
  if (!(await requeueFailed(db, smsQueue, id, now))) throw new AppError(404, "SMS_NOT_FOUND", "That text is no longer waiting to be sent again.");
}
