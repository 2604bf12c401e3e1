import { and, eq, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { cats, stayCats, stayEvents, stayReleases, staySuites, stays, suites } from "../db/schema/index";

const instant = (value: string | Date) => new Date(value);

/**
 * The cats in the hotel now (their stays checked in): what their profiles say, their suite, and when
 * the stay was checked in at the desk and released at pickup (its `StayTimes`, in the same statement;
 * Today, the care alerts).
 */
export function catsCheckedIn(db: Db) {
  return db
    .select({
      stayId: stays.id,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      catId: cats.id,
      catName: stayCats.catName,
      profileName: cats.name,
      feedingInstructions: cats.feedingInstructions,
      medications: cats.medications,
      suite: suites.name,
      checkedInAt:
        sql<Date | null>`(select max(${stayEvents.at}) from ${stayEvents} where ${stayEvents.stayId} = ${stays.id} and ${stayEvents.kind} = 'checkIn')`.mapWith(
          instant,
        ),
      releasedAt: stayReleases.releasedAt,
    })
    .from(stays)
    .innerJoin(stayCats, eq(stayCats.stayId, stays.id))
    .innerJoin(cats, eq(cats.id, stayCats.catId))
    .leftJoin(staySuites, eq(staySuites.id, stayCats.staySuiteId))
    .leftJoin(suites, eq(suites.id, staySuites.suiteId))
    .leftJoin(stayReleases, eq(stayReleases.stayId, stays.id))
    .where(eq(stays.status, "checked_in"))
    .$dynamic();
}

/** When each stay's cats came and went (ADR 0188): the desk's check-in (its latest `checkIn` event) and the release at pickup, where there is one. */
export interface StayTimes {
  checkedInAt: Date | null;
  releasedAt: Date | null;
}

/** Each stay's check-in and release instants, for the doses due at the hotel: none before the cat came, none after it was handed over. */
export async function stayTimesOf(db: Db, stayIds: string[]): Promise<Map<string, StayTimes>> {
  const times = new Map<string, StayTimes>(stayIds.map((id) => [id, { checkedInAt: null, releasedAt: null }]));
  if (stayIds.length === 0) return times;
  const [events, releases] = await Promise.all([
    db
      .select({ stayId: stayEvents.stayId, at: max(stayEvents.at) })
      .from(stayEvents)
      .where(and(inArray(stayEvents.stayId, stayIds), eq(stayEvents.kind, "checkIn")))
      .groupBy(stayEvents.stayId),
    db.select({ stayId: stayReleases.stayId, at: stayReleases.releasedAt }).from(stayReleases).where(inArray(stayReleases.stayId, stayIds)),
  ]);
  for (const e of events) if (e.at) times.get(e.stayId)!.checkedInAt = new Date(e.at);
  for (const r of releases) times.get(r.stayId)!.releasedAt = r.at;
  return times;
}
