import { and, asc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { type CalendarDay, type CalendarRule, type StaySettings, blackoutOn, nightsOf, peakOn, windowsOn } from "~/features/stays/model";
import { addBusinessDays } from "~/lib/business-time";
import type { Db } from "../db/client";
import { calendarRules, staySettings, staySuites, suiteTypes, suites } from "../db/schema/index";

/** The house rules (one row, written by migration 0006 and edited by staff). */
export async function loadStaySettings(db: Db): Promise<StaySettings> {
  const [row] = await db.select().from(staySettings).where(eq(staySettings.id, 1));
  if (!row) throw new Error("stay_settings row missing: migration 0006 writes it");
  return row;
}

/** The calendar rules that touch any day from `from` to `to` (both inclusive). */
export function rulesBetween(db: Db, from: string, to: string): Promise<CalendarRule[]> {
  return db
    .select()
    .from(calendarRules)
    .where(and(lte(calendarRules.startsOn, to), gte(calendarRules.endsOn, from)))
    .orderBy(asc(calendarRules.startsOn));
}

export type SuiteType = typeof suiteTypes.$inferSelect;

export const listSuiteTypes = (db: Db): Promise<SuiteType[]> => db.select().from(suiteTypes).orderBy(asc(suiteTypes.sortOrder), asc(suiteTypes.name));

/**
 * How many suites of each type are free for every night from `checkIn` to `checkOut`: in service
 * and held by no stay over any of those nights. The date-range test is the exclusion constraint's
 * own expression, so its GiST index answers it.
 */
export async function freeSuiteCounts(db: Db, checkIn: string, checkOut: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ suiteTypeId: suites.suiteTypeId, free: sql<number>`count(*)::int` })
    .from(suites)
    .where(and(eq(suites.inService, true), sql`not exists (${heldOverlapping(checkIn, checkOut)})`))
    .groupBy(suites.suiteTypeId);
  return new Map(rows.map((r) => [r.suiteTypeId, r.free]));
}

/**
 * Free suite counts for any stay inside the window from `from` to `to` (check-in and check-out
 * between them): the in-service suites and the held rows that overlap the window, read at once
 * (two indexed reads), counted here for each stay asked about. For searching many nearby dates
 * without a query per date.
 */
export async function freeSuiteCounter(db: Db, from: string, to: string): Promise<(checkIn: string, checkOut: string) => Map<string, number>> {
  const [inService, held] = await Promise.all([
    db.select({ id: suites.id, suiteTypeId: suites.suiteTypeId }).from(suites).where(eq(suites.inService, true)),
    db
      .select({ suiteId: staySuites.suiteId, checkIn: staySuites.checkIn, checkOut: staySuites.checkOut })
      .from(staySuites)
      .innerJoin(suites, eq(suites.id, staySuites.suiteId))
      .where(
        and(
          isNull(staySuites.releasedAt),
          eq(suites.inService, true),
          sql`daterange(${staySuites.checkIn}, ${staySuites.checkOut}) && daterange(${from}::date, ${to}::date)`,
        ),
      ),
  ]);
  return (checkIn, checkOut) => {
    // Half-open nights, as the exclusion constraint counts them: back-to-back stays share none.
    const taken = new Set(held.filter((h) => h.checkIn < checkOut && checkIn < h.checkOut).map((h) => h.suiteId));
    const free = new Map<string, number>();
    for (const suite of inService) if (!taken.has(suite.id)) free.set(suite.suiteTypeId, (free.get(suite.suiteTypeId) ?? 0) + 1);
    return free;
  };
}

/** Of `rules` (read for a wider window), those `rulesBetween(from, to)` would read. */
export const rulesWithin = (rules: readonly CalendarRule[], from: string, to: string) => rules.filter((r) => r.startsOn <= to && r.endsOn >= from);

/**
 * The held stay_suites rows of the outer query's suite that overlap the nights; those of
 * `ignoreStayId` do not count (a stay that changes its dates may keep its own suite).
 */
export const heldOverlapping = (checkIn: string, checkOut: string, ignoreStayId?: string) =>
  sql`select 1 from stay_suites ss where ss.suite_id = ${suites.id} and ss.released_at is null
      and daterange(ss.check_in, ss.check_out) && daterange(${checkIn}::date, ${checkOut}::date)
      ${ignoreStayId ? sql`and ss.stay_id <> ${ignoreStayId}` : sql``}`;

/**
 * For each night from `from` (inclusive) to `to` (exclusive): how many in-service suites are free.
 * One indexed read of the stays that overlap the window; the nights are counted here.
 */
export async function freeSuitesByNight(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const [inService, held] = await Promise.all([
    db.select({ id: suites.id }).from(suites).where(eq(suites.inService, true)),
    db
      .select({ suiteId: staySuites.suiteId, checkIn: staySuites.checkIn, checkOut: staySuites.checkOut })
      .from(staySuites)
      .innerJoin(suites, eq(suites.id, staySuites.suiteId))
      .where(
        and(
          isNull(staySuites.releasedAt),
          eq(suites.inService, true),
          sql`daterange(${staySuites.checkIn}, ${staySuites.checkOut}) && daterange(${from}::date, ${to}::date)`,
        ),
      ),
  ]);
  return new Map(
    nightsOf(from, to).map((night) => {
      const taken = new Set(held.filter((h) => h.checkIn <= night && night < h.checkOut).map((h) => h.suiteId));
      return [night, inService.length - taken.size];
    }),
  );
}

/** The calendar the booking page shows: `days` days from `from`. */
export async function stayCalendar(db: Db, from: string, days: number): Promise<CalendarDay[]> {
  const to = addBusinessDays(from, days);
  const [settings, rules, free] = await Promise.all([loadStaySettings(db), rulesBetween(db, from, to), freeSuitesByNight(db, from, to)]);
  return nightsOf(from, to).map((date) => ({
    date,
    arrivals: windowsOn(settings, rules, date, "arrival").length > 0,
    departures: windowsOn(settings, rules, date, "departure").length > 0,
    peak: peakOn(rules, date)?.name ?? null,
    blackout: blackoutOn(rules, date)?.name ?? null,
    full: (free.get(date) ?? 0) === 0,
  }));
}
