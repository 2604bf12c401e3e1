import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { mailQueue, smsQueue } from "../db/schema/index";

/**
 * The delivery loop shared by the queues of messages that must not be lost, mail (ADR 0126) and
 * texts (ADR 0129): each row is retried with growing pauses until it is handed over, and marked
 * failed (for staff to see and send again) after `MAX_ATTEMPTS`.
 */

export type QueueTable = typeof mailQueue | typeof smsQueue;

export const MAX_ATTEMPTS = 8;
/** How long a process may take to hand a claimed message over before another may try it. */
const CLAIM_MS = 5 * 60_000;
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

/**
 * Hands over the messages that are due. Each row is claimed with one UPDATE … SKIP LOCKED that
 * also pushes its next attempt past the claim time, so several processes running this at once
 * never send the same message twice while it is being sent.
 */
export async function deliverDue<T extends QueueTable>(
  db: Db,
  queue: T,
  send: (row: T["$inferSelect"]) => Promise<unknown>,
  now: Date,
  batch: number,
): Promise<{ sent: number; failed: number }> {
  // Both queues share these columns (`deliveryColumns` in the schema); typed through one of them.
  const q = queue as typeof mailQueue;
  const due = db
    .select({ id: q.id })
    .from(q)
    .where(and(eq(q.status, "queued"), lte(q.nextAttemptAt, now)))
    .orderBy(q.nextAttemptAt)
    .limit(batch)
    .for("update", { skipLocked: true });
  const claimed = (await db
    .update(q)
    .set({ attempts: sql`${q.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(q.id, due))
    .returning()) as T["$inferSelect"][];

  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      await send(row);
      await db.update(q).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(q.id, row.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      const gaveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(q)
        .set({
          status: gaveUp ? "failed" : "queued",
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(q.id, row.id));
    }
  }
  return { sent, failed };
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
