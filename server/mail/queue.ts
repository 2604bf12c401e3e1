import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailQueue } from "../db/schema/index";
import { AppError } from "../http/errors";
import { type Attempt, MAX_ATTEMPTS, deliverDue, deliverHeld, heldBySender, requeueFailed, withdraw } from "../messages/delivery";
import { type SealEnv, openMessage, sealMessage } from "../messages/sealed";
import type { PeriodicJob } from "../periodic-job";
import type { MailMessage, Mailer } from "./mailer";
import { messageQueued, type Tx } from "../db/transaction";

/**
 * The one way the app sends mail (ADR 0126, 0143): queued in the same transaction as the change it
 * tells about, delivered by a job that retries with growing pauses until the mail server takes it,
 * and marked failed (for staff to see) after `MAX_ATTEMPTS`. `inTransaction` kicks the queue once
 * the transaction that queued it has committed (ADR 0202); a person who waits for the mail (sign-in) has
 * it sent at once with `sendMailNow`. Texts go the same way, through the same loop.
 */

export { MAX_ATTEMPTS };

/** What sending queued mail needs: the database, the app's one mailer, and the key of sealed messages. */
export interface MailDeps {
  db: Db;
  mailer: Mailer;
  env: SealEnv;
}

export interface QueuedMail {
  /** One mail per key: queuing the same change twice sends one mail. */
  dedupeKey: string;
  message: MailMessage;
  stayId?: string;
  /** The mail carries a one-time secret: its words are stored sealed with this configuration's key. */
  sealWith?: SealEnv;
  /** The caller sends it itself at once (`sendMailNow`): queued already claimed, so the loop leaves it alone meanwhile. */
  sendNow?: boolean;
}

/** Queues a mail in the caller's transaction (a `Tx`: `inTransaction`); answers its row id, or null when its key was queued already. */
export async function queueMail(tx: Tx, mail: QueuedMail, now: Date): Promise<string | null> {
  const [row] = await mailInsert(tx, mail, now);
  // Sent after the commit by `inTransaction`'s kick; one the caller sends itself is held for it.
  if (row) mailQueuedIn(tx, mail);
  return row?.id ?? null;
}

/**
 * `queueMail`'s insert, not yet sent: to send it as part of the statement that writes the change it
 * tells about (`writeTogether`). The caller then calls `mailQueuedIn` when it wrote a row.
 */
export function mailInsert(tx: Tx, mail: QueuedMail, now: Date) {
  const id = crypto.randomUUID();
  const { to, ...message } = mail.message;
  const { subject, ...words } = message;
  const stored = mail.sealWith
    ? { message: { subject, text: "", html: "" }, sealed: sealMessage(mail.sealWith, "mail_queue", id, words) }
    : { message, sealed: null };
  return tx
    .insert(mailQueue)
    .values({
      id,
      dedupeKey: mail.dedupeKey,
      toAddress: to,
      ...stored,
      stayId: mail.stayId ?? null,
      nextAttemptAt: now,
      createdAt: now,
      ...(mail.sendNow ? heldBySender(now) : {}),
    })
    .onConflictDoNothing({ target: mailQueue.dedupeKey })
    .returning({ id: mailQueue.id });
}

/** A mail `mailInsert` wrote: sent after the commit by `inTransaction`'s kick, unless the caller sends it itself. */
export function mailQueuedIn(tx: Tx, mail: QueuedMail): void {
  if (!mail.sendNow) messageQueued(tx);
}

/** The mail as the mailer takes it, its sealed words opened. */
function messageOf(env: SealEnv, row: typeof mailQueue.$inferSelect): MailMessage {
  const words = row.sealed ? openMessage<Omit<MailMessage, "to" | "subject">>(env, "mail_queue", row.id, row.sealed) : {};
  return { to: row.toAddress, ...row.message, ...words };
}

/** Sends the mail that is due; several processes may run this at once (see `deliverDue`). */
export function deliverQueuedMail(deps: MailDeps, now: Date, batch = 20): Promise<{ sent: number; failed: number }> {
  return deliverDue(deps.db, mailQueue, (row) => deps.mailer.send(messageOf(deps.env, row)), now, batch);
}

/**
 * Sends a mail queued with `sendNow` (and committed) at once, from the message the caller holds, for
 * a person who waits for it; a failure leaves it queued for the job's next attempt.
 * `forgetWhenSent`: a one-time secret's message is deleted once handed over, not kept as sent.
 */
export function sendMailNow(
  deps: Pick<MailDeps, "db" | "mailer">,
  id: string,
  message: MailMessage,
  now: Date,
  options: { forgetWhenSent?: boolean } = {},
): Promise<Attempt<void>> {
  return deliverHeld(deps.db, mailQueue, id, () => deps.mailer.send(message), now, options.forgetWhenSent);
}

/** Takes a mail out of the queue, sent or not (a sign-in link the person was told failed; the mail about an erased account). */
export const withdrawMail = (db: Db, id: string) => withdraw(db, mailQueue, id);

/** Delivers queued mail every `everyMs` (a request that just queued mail kicks a pass at once). */
export const mailQueueJob: PeriodicJob = {
  name: "queued mail",
  everyMs: 30_000,
  async run(deps, now) {
    const { sent, failed } = await deliverQueuedMail(deps, now);
    if (failed > 0) deps.logger.warn({ sent, failed }, "queued mail: some deliveries failed and will be retried");
  },
};

/** Mail the queue gave up on, newest first, for staff to see and send again. */
export function failedMail(db: Db, limit = 20) {
  return db
    .select({
      id: mailQueue.id,
      to: mailQueue.toAddress,
      message: mailQueue.message,
      attempts: mailQueue.attempts,
      lastError: mailQueue.lastError,
      createdAt: mailQueue.createdAt,
    })
    .from(mailQueue)
    .where(eq(mailQueue.status, "failed"))
    .orderBy(desc(mailQueue.createdAt))
    .limit(limit);
}

/** Puts a failed mail back in the queue with fresh attempts (staff, once the mail server is fixed). */
export async function retryMail(db: Db, id: string, now: Date) {
  if (!(await requeueFailed(db, mailQueue, id, now))) throw new AppError(404, "MAIL_NOT_FOUND", "That mail is no longer waiting to be sent again.");
}
