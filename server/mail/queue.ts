import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailQueue } from "../db/schema/index";
import { AppError } from "../http/errors";
import { MAX_ATTEMPTS, deliverDue, requeueFailed } from "../messages/delivery";
import type { PeriodicJob } from "../periodic-job";
import type { MailMessage, Mailer } from "./mailer";

/**
 * Mail that must not be lost (ADR 0126): queued in the same transaction as the change it tells
 * about, delivered by a job that retries with growing pauses until the mail server takes it, and
 * marked failed (for staff to see) after `MAX_ATTEMPTS`. The request that made the change never
 * waits for the mail server. Texts are queued the same way, through the same loop (`../messages/delivery`).
 */

export { MAX_ATTEMPTS };

/** Queues a mail once per `dedupeKey` (queuing the same change twice sends one mail). */
export async function queueMail(db: Db, mail: { dedupeKey: string; message: MailMessage; stayId?: string }, now = new Date()) {
  const { to, ...message } = mail.message;
  await db
    .insert(mailQueue)
    .values({ dedupeKey: mail.dedupeKey, toAddress: to, message, stayId: mail.stayId ?? null, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: mailQueue.dedupeKey });
}

/** Sends the mail that is due; several processes may run this at once (see `deliverDue`). */
export function deliverQueuedMail(db: Db, mailer: Mailer, now = new Date(), batch = 20): Promise<{ sent: number; failed: number }> {
  return deliverDue(db, mailQueue, (row) => mailer.send({ to: row.toAddress, ...row.message }), now, batch);
}

/** Delivers queued mail every `everyMs` (a page that just queued mail may also run a pass at once). */
export const mailQueueJob: PeriodicJob = {
  name: "queued mail",
  everyMs: 30_000,
  async run(deps, now) {
    const { sent, failed } = await deliverQueuedMail(deps.db, deps.mailer, now);
    if (failed > 0) deps.logger.warn({ sent, failed }, "queued mail: some deliveries failed and will be retried");
  },
};

/** Mail the queue gave up on, newest first, for staff to see and send again. */
export function failedMail(db: Db, limit = 20) {
  return db
    .select({ id: mailQueue.id, to: mailQueue.toAddress, message: mailQueue.message, attempts: mailQueue.attempts, lastError: mailQueue.lastError, createdAt: mailQueue.createdAt })
    .from(mailQueue)
    .where(eq(mailQueue.status, "failed"))
    .orderBy(desc(mailQueue.createdAt))
    .limit(limit);
}

/** Puts a failed mail back in the queue with fresh attempts (staff, once the mail server is fixed). */
export async function retryMail(db: Db, id: string, now = new Date()) {
  if (!(await requeueFailed(db, mailQueue, id, now))) throw new AppError(404, "MAIL_NOT_FOUND", "That mail is no longer waiting to be sent again.");
}
