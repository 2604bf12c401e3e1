import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import type * as schema from "./schema/index";

/**
 * An open transaction: what must run inside one (queueing a mail or a text, a ledger's entry) takes a
 * `Tx`, which a plain `Db` is not, so the type checker refuses such a call outside a transaction
 * (ADR 0202). A `Tx` is still a `Db` for everything that may run either way.
 */
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

const afterCommit = new WeakMap<Db, () => void>();
const queuedIn = new WeakSet<Db>();

/**
 * What runs once a transaction that queued a message has committed: the app's one pass of the message
 * queues (`kickMessageQueues`), set at start for its database. Without one (a test calling the domain
 * directly), the queue jobs send the message.
 */
export function afterMessagesQueued(db: Db, kick: () => void): void {
  afterCommit.set(db, kick);
}

/** Marks `tx` as holding a queued message, so `inTransaction` kicks the queues after its commit. */
export function messageQueued(tx: Tx): void {
  queuedIn.add(tx);
}

/**
 * Runs `change` in a transaction (a savepoint inside one) and, once the outermost one has committed
 * and a message was queued in it, kicks the message queues: the one way to write in a transaction
 * (ADR 0202). Nobody kicks the queues by hand after a change.
 */
export async function inTransaction<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  let queued = false;
  const result = await db.transaction(async (tx) => {
    const value = await change(tx);
    queued = queuedIn.has(tx);
    return value;
  });
  if (!queued) return result;
  // A savepoint's messages wait for its transaction's commit; the outermost commit kicks.
  if (isTransaction(db)) queuedIn.add(db);
  else afterCommit.get(db)?.();
  return result;
}

const isTransaction = (db: Db): db is Tx => "rollback" in db;
