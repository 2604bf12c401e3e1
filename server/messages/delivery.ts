import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { mailQueue, smsQueue } from "../db/schema/index";

/**
 * The delivery loop shared by the two message queues, mail (ADR 0126) and texts (ADR 0129): every
 * message the app sends is a row, retried with growing pauses until it is handed over, and marked
 * failed (for staff to see and send again) after `MAX_ATTEMPTS` (ADR 0143).
 */

export type QueueTable = typeof mailQueue | typeof smsQueue;

export const MAX_ATTEMPTS = 8;
/** How long a process may take to hand a claimed message over before another may try it. */
const CLAIM_MS = 5 * 60_000;
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

/** What one hand-over gave: the provider's answer, or why it failed (the row then waits for its next attempt). */
export type Attempt<R = unknown> = { ok: true; result: R } | { ok: false; error: unknown };

/**
 * Claims the rows `which` picks among the queued ones with one UPDATE … SKIP LOCKED that also pushes
 * their next attempt past the claim time, so several processes never send one message twice while
 * it is being sent.
 */
async function claim<T extends QueueTable>(db: Db, queue: T, which: ReturnType<typeof and>, now: Date, batch: number) {
  // Both queues share these columns (`deliveryColumns` in the schema); typed through one of them.
  const q = queue as typeof mailQueue;
  const picked = db
    .select({ id: q.id })
    .from(q)
    .where(and(eq(q.status, "queued"), which))
    .orderBy(q.nextAttemptAt)
    .limit(batch)
    .for("update", { skipLocked: true });
  return (await db
    .update(q)
    .set({ attempts: sql`${q.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(q.id, picked))
    .returning()) as T["$inferSelect"][];
}

/** Hands one claimed row over and records the outcome: sent, or queued again after a pause (failed after the last attempt). */
async function attempt<R>(
  db: Db,
  queue: QueueTable,
  row: { id: string; attempts: number },
  send: () => Promise<R>,
  now: Date,
  forgetWhenSent = false,
): Promise<Attempt<R>> {
  const q = queue as typeof mailQueue;
  try {
    const result = await send();
    if (forgetWhenSent) await db.delete(q).where(eq(q.id, row.id));
    else await db.update(q).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(q.id, row.id));
    return { ok: true, result };
  } catch (error) {
    const gaveUp = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(q)
      .set({
        status: gaveUp ? "failed" : "queued",
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
      })
      .where(eq(q.id, row.id));
    return { ok: false, error };
  }
}

/** Hands over the messages that are due (the queue jobs, and the kick after a request). */
export async function deliverDue<T extends QueueTable>(
  db: Db,
  queue: T,
  send: (row: T["$inferSelect"]) => Promise<unknown>,
  now: Date,
  batch: number,
  /** Why a claimed row must not be sent (a number that opted out of texts), or null: it is marked withheld with that reason. */
  withheld?: (row: T["$inferSelect"]) => Promise<string | null>,
): Promise<{ sent: number; failed: number }> {
  const q = queue as typeof mailQueue;
  const claimed = await claim(db, queue, lte(q.nextAttemptAt, now), now, batch);
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const reason = withheld ? await withheld(row) : null;
    if (reason) {
      await db.update(q).set({ status: "withheld", lastError: reason }).where(eq(q.id, row.id));
      continue;
    }
    if ((await attempt(db, queue, row, () => send(row), now)).ok) sent += 1;
    else failed += 1;
  }
  return { sent, failed };
}

/** The columns that queue a message already claimed by the process that wrote it, to send it itself at once. */
export const heldBySender = (now: Date) => ({ attempts: 1, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) });

/**
 * Hands over a row the caller queued already claimed (`heldBySender`) and has in memory, for a person
 * who waits for it (the sign-in mail, a phone code): no read and no claim before the send, and the
 * loop never takes it while it is being sent; a failure leaves it queued for the loop's next attempt.
 * `forgetWhenSent` deletes the row once handed over instead of marking it sent (a one-time secret's
 * message: nothing is kept of it, not even the address).
 */
export function deliverHeld<R>(db: Db, queue: QueueTable, id: string, send: () => Promise<R>, now: Date, forgetWhenSent = false): Promise<Attempt<R>> {
  return attempt(db, queue, { id, attempts: 1 }, send, now, forgetWhenSent);
}

/** Takes a message out of its queue, sent or not: a link the person was told failed, a mail about an erased account. */
export async function withdraw(db: Db, queue: QueueTable, id: string): Promise<void> {
  const q = queue as typeof mailQueue;
  await db.delete(q).where(eq(q.id, id));
}

/** Puts a failed message back in its queue with fresh attempts; false when it is not (or no longer) failed. */
export async function requeueFailed(db: Db, queue: QueueTable, id: string, now: Date): Promise<boolean> {
  const q = queue as typeof mailQueue;
  const rows = await db
    .update(q)
    .set({ status: "queued", attempts: 0, nextAttemptAt: now })
    .where(and(eq(q.id, id), eq(q.status, "failed")))
    .returning({ id: q.id });
  return rows.length > 0;
}
