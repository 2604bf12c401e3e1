import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { firstNightFreeApplies, firstNightRoomCents, repriceBooked } from "~/domain/pricing";
import { nightsOf } from "~/domain/calendar";
import type { Db } from "../db/client";
import { lockForBooking } from "../db/booking-lock";
import { staySuites, stayCats, stays, suiteTypes } from "../db/schema/index";
import { householdsOfPerson, personLocks } from "../referrals/referrals";
import { loadStayTerms } from "./calendar";
import { writeRepriced } from "./repricing";

/**
 * First night free for new customers (ADR 0173, 0194): the offer is a person's (`householdsOfPerson`:
 * the households of one mailbox or one proven mobile) until the person has stayed (a stay checked in,
 * checked out or not shown up for), and one stay at a time holds it. A stay that holds it and is
 * called off before arrival (cancelled, declined, its hold lapsed) gives it back: to the person's
 * next booked stay long enough for it, repriced, or else to the next booking.
 */

/** Whether the household's person may still have the first night free on a new booking. */
export async function isNewHousehold(db: Db, householdId: string): Promise<boolean> {
  const [row] = await firstNightTaken(db, householdId);
  return !row;
}

/**
 * A stay of the household's person that takes the first night free away, if any (`isNewHousehold`'s
 * read, not yet sent): one stayed, or one held with the free night.
 */
export const firstNightTaken = (db: Db, householdId: string) =>
  db
    .select({ id: stays.id })
    .from(stays)
    .where(
      and(
        sql`${stays.householdId} in ${householdsOfPerson(householdId)}`,
        sql`(${stays.status} in ('checked_in','checked_out','no_show')
          or (${stays.firstNightFreeCents} > 0 and ${stays.status} not in ('cancelled','declined','expired')))`,
      ),
    )
    .limit(1);

/**
 * Locks a booked stay for a change that may pass its first night free on or read its cats' nights (a
 * cancel, a decline, a date change, a change of cats; ADR 0199): first its cats' (and `moreCats`'),
 * its household's and its person's booking locks, in `lockForBooking`'s one order, then the stay's
 * row. `passOnFirstNightFree` locks the person's other booked stays' rows under the person's locks,
 * and a booking takes the cats' locks before the person's: a path that locked a stay's row first and
 * then waited for those locks could close a circle with them. What it reads before its locks (the
 * household, the cats) is read again under them by the change itself.
 */
export async function lockBookedStay(tx: Db, stayId: string, moreCats: readonly string[] = []): Promise<void> {
  const [stay] = await tx.select({ householdId: stays.householdId }).from(stays).where(eq(stays.id, stayId));
  if (stay?.householdId) {
    const guests = await tx.select({ catId: stayCats.catId }).from(stayCats).where(eq(stayCats.stayId, stayId));
    const cats = [...guests.flatMap((g) => (g.catId ? [g.catId] : [])), ...moreCats];
    await lockForBooking(tx, { cat: cats, household: [stay.householdId], ...personLocks(stay.householdId) });
  }
  await tx.select({ id: stays.id }).from(stays).where(eq(stays.id, stayId)).for("update");
}

/** The statuses of a booked stay not yet arrived, to which a returned first night free may go. */
const BOOKED_NOT_ARRIVED = ["confirmed", "pending_review"] as const;

/**
 * After stays were called off before arrival, in the same transaction: the first night free each of
 * them held goes to the person's earliest booked stay that is long enough for it, repriced (the
 * stay's page says why), under the person's locks, so a booking deciding whether the person is new
 * waits for it. Nothing moves while the person holds it elsewhere or has stayed. The caller took the
 * called-off stay's locks with `lockBookedStay` (or, for lapsed holds, locks no booked stay's row).
 */
export async function passOnFirstNightFree(tx: Db, calledOffIds: readonly string[], ctx: { actor: string; now: Date }): Promise<void> {
  if (calledOffIds.length === 0) return;
  const calledOff = await tx
    .select({ id: stays.id, householdId: stays.householdId, checkIn: stays.checkIn })
    .from(stays)
    .where(and(inArray(stays.id, [...calledOffIds]), sql`${stays.firstNightFreeCents} > 0`));
  for (const gone of calledOff) {
    if (!gone.householdId) continue;
    await lockForBooking(tx, { household: [gone.householdId], ...personLocks(gone.householdId) });
    if (!(await isNewHousehold(tx, gone.householdId))) continue;
    const booked = await tx
      .select()
      .from(stays)
      .where(and(sql`${stays.householdId} in ${householdsOfPerson(gone.householdId)}`, inArray(stays.status, [...BOOKED_NOT_ARRIVED])))
      .orderBy(asc(stays.checkIn), asc(stays.createdAt))
      .for("update");
    const { settings } = await loadStayTerms(tx, gone.checkIn, gone.checkIn);
    const next = booked.find((s) => firstNightFreeApplies(settings, nightsOf(s.checkIn, s.checkOut).length));
    if (!next) continue;
    const freeCents = firstNightRoomCents(await suitesOf(tx, next.id));
    const price = repriceBooked(
      { lines: next.priceLines, firstNightFreeCents: next.firstNightFreeCents, referralCreditCents: next.referralCreditCents },
      { firstNightFreeCents: freeCents },
    );
    await writeRepriced(tx, next, price, { why: { reason: "first-night-free", cancelledCheckIn: gone.checkIn }, actor: ctx.actor, now: ctx.now });
  }
}

/** A stay's held suites with their rates and how many cats each holds, as `priceStay` takes them. */
async function suitesOf(tx: Db, stayId: string) {
  const rows = await tx
    .select({ id: staySuites.id, rates: suiteTypes })
    .from(staySuites)
    .innerJoin(suiteTypes, eq(suiteTypes.id, staySuites.suiteTypeId))
    .where(and(eq(staySuites.stayId, stayId), isNull(staySuites.releasedAt)));
  const guests = await tx.select({ staySuiteId: stayCats.staySuiteId }).from(stayCats).where(eq(stayCats.stayId, stayId));
  return rows.map((r) => ({ rates: r.rates, cats: Math.max(1, guests.filter((g) => g.staySuiteId === r.id).length) }));
}
