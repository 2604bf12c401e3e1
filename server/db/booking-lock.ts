import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * The lock that decides a booking (ADR 0142): whoever books a suite type's nights, a groomer's time
 * or offers a waitlist suite first takes the transaction-scoped advisory lock of that resource, then
 * reads what is free and writes. Contenders for the same resource queue here instead of colliding at
 * the exclusion constraint: each reads the true state once, after the one before it committed, and
 * a loser is told at once. The exclusion constraints stay the final guard (for a writer that takes no
 * lock). A cat booked in stays of two suite types at once queues on the cat's own lock, which every
 * path that checks a cat's nights takes first: cats, then the household, then suite types, each in
 * sorted order, so two bookings never wait on each other's locks.
 *
 * The first key is the kind of resource, the second its id hashed to 32 bits (two ids that share a
 * hash only queue behind each other). PostgreSQL and PGlite both have `pg_advisory_xact_lock`; the
 * lock is released when the transaction ends, so it must be taken inside one (outside, it would be
 * released at the end of its own statement).
 */
const SPACES = {
  /** A suite type's suites: every booking, change or offer that picks free suites of the type. */
  suiteType: 142_001,
  /** A groomer's time: every groom booked or moved to the groomer. */
  groomer: 142_002,
  /** A cat's nights: every booking, change or offer that checks the cat is not booked elsewhere (ADR 0141). */
  cat: 142_003,
  /** A household's first night free: every booking that decides whether the household is new. */
  household: 142_004,
  /** A person's first night free, by mailbox: every booking that decides whether its household's person is new (ADR 0173). */
  mailbox: 142_005,
  /** The same, by proven mobile number. */
  phone: 142_006,
  /** A stay's balance card link: every "Take by card" that decides whether to show the open one or make one (ADR 0173). */
  balance: 142_007,
} as const;

export type LockSpace = keyof typeof SPACES;

/**
 * The order the spaces are taken in, when one transaction takes several: cats, then the household
 * and its person (mailbox, then mobile), then suite types. A booked stay's row comes after its
 * person's locks and before suite types: a cancel, a decline, a date change and a change of cats take
 * the stay's cats', household's and person's locks before its row (`lockBookedStay` in
 * server/stays/first-night.ts, ADR 0199), as the first night free passed on locks the person's other
 * stays' rows under the person's locks; so a cancel, a change and a booking of one household at the
 * same instant queue, and never wait on each other in a circle.
 */
const ORDER: readonly LockSpace[] = ["cat", "household", "mailbox", "phone", "suiteType", "groomer", "balance"];

/**
 * Takes the locks of the ids of each space: spaces in `ORDER`, the ids of each sorted, so two
 * transactions never wait on each other's. One statement takes them all (its target list is
 * evaluated left to right, one lock after another): on the embedded database, whose one connection
 * runs every query of every booking in turn, each round trip counts.
 */
export async function lockForBooking(tx: Db, locks: { [S in LockSpace]?: readonly (string | SQL)[] }): Promise<void> {
  const keys = ORDER.flatMap((space) => {
    const given = locks[space] ?? [];
    // An id is sorted; a key read by the statement itself (a subquery: one a space, as a person's
    // mailbox) is taken as given, and a null one takes no lock.
    const ids = [...new Set(given.filter((key): key is string => typeof key === "string"))].sort();
    const read = given.filter((key): key is SQL => typeof key !== "string");
    return [...ids, ...read].map((key) => sql`pg_advisory_xact_lock(${SPACES[space]}::int4, hashtext(${key}))`);
  });
  if (keys.length > 0) await tx.execute(sql`select ${sql.join(keys, sql`, `)}`);
}
