import { and, asc, eq, getTableColumns, gte, isNull, lte, sql } from "drizzle-orm";
import { type CalendarDay, type CalendarRule, type StaySettings, blackoutOn, nightsOf, peakOn, windowsOn } from "~/domain/calendar";
import { addBusinessDays } from "~/lib/business-time";
import { type Db, rowsOf } from "../db/client";
import { calendarRules, staySettings, staySuites, suiteTypes, suites } from "../db/schema/index";

/**
 * The house rules' columns that pages and bookings read. The manager's and owner's mobiles (ADR 0164, 0188) are left out,
 * so no page's data can carry it by accident: only Rooms and the care alerts read it, by name.
 */
const { managerMobile: _managerMobile, ownerMobile: _ownerMobile, ...settingsColumns } = getTableColumns(staySettings);
export { settingsColumns };

/** The calendar rules that touch any day from `from` to `to` (both inclusive), as a condition. */
export const rulesTouching = (from: string, to: string) => and(lte(calendarRules.startsOn, to), gte(calendarRules.endsOn, from));

/** The house rules (one row, written by migration 0006 and edited by staff). */
export async function loadStaySettings(db: Db): Promise<StaySettings> {
  const [row] = await db.select(settingsColumns).from(staySettings).where(eq(staySettings.id, 1));
  if (!row) throw new Error("stay_settings row missing: migration 0006 writes it");
  return row;
}

/** The calendar rules that touch any day from `from` to `to` (both inclusive). */
export function rulesBetween(db: Db, from: string, to: string): Promise<CalendarRule[]> {
  return db.select().from(calendarRules).where(rulesTouching(from, to)).orderBy(asc(calendarRules.startsOn));
}

/**
 * The house rules and the calendar rules that touch any day from `from` to `to` (both inclusive), in
 * one read (the house rules' row beside each rule): what `loadStaySettings` and `rulesBetween` read.
 */
export async function loadStayTerms(db: Db, from: string, to: string): Promise<{ settings: StaySettings; rules: CalendarRule[] }> {
  const rows = await db
    .select({ settings: settingsColumns, rule: calendarRules })
    .from(staySettings)
    .leftJoin(calendarRules, rulesTouching(from, to))
    .where(eq(staySettings.id, 1))
    .orderBy(asc(calendarRules.startsOn));
  if (!rows[0]) throw new Error("stay_settings row missing: migration 0006 writes it");
  return { settings: rows[0].settings, rules: rows.flatMap((r) => (r.rule ? [r.rule] : [])) };
}

export type SuiteType = typeof suiteTypes.$inferSelect;

export const listSuiteTypes = (db: Db): Promise<SuiteType[]> => db.select().from(suiteTypes).orderBy(asc(suiteTypes.sortOrder), asc(suiteTypes.name));

/**
 * `loadStayTerms` and `listSuiteTypes` in one read: each calendar rule beside each suite type (a few
 * of each), kept once each, in their orders. What the quote reads before it knows whether the dates
 * can be booked.
 */
export async function loadStayTermsAndTypes(db: Db, from: string, to: string): Promise<{ settings: StaySettings; rules: CalendarRule[]; types: SuiteType[] }> {
  const rows = await db
    .select({ settings: settingsColumns, rule: calendarRules, type: suiteTypes })
    .from(staySettings)
    .leftJoin(calendarRules, rulesTouching(from, to))
    .leftJoin(suiteTypes, sql`true`)
    .where(eq(staySettings.id, 1))
    .orderBy(asc(calendarRules.startsOn), asc(calendarRules.id), asc(suiteTypes.sortOrder), asc(suiteTypes.name), asc(suiteTypes.id));
  if (!rows[0]) throw new Error("stay_settings row missing: migration 0006 writes it");
  const once = <T extends { id: unknown }>(items: (T | null)[]) => [...new Map(items.flatMap((item) => (item ? [[item.id, item] as const] : []))).values()];
  const rules = once(rows.map((r) => r.rule));
  // Every rule's rows hold every type in the read's order: the first rule's give the order.
  const types = once(rows.map((r) => r.type));
  return { settings: rows[0].settings, rules, types };
}

/**
 * How many suites of each type are free for every night from `checkIn` to `checkOut`: in service
 * and held by no stay over any of those nights. The date-range test is the exclusion constraint's
 * own expression, so its GiST index answers it.
 */
export async function freeSuiteCounts(db: Db, checkIn: string, checkOut: string): Promise<Map<string, number>> {
  return new Map((await freeSuiteCountsQuery(db, checkIn, checkOut)).map((r) => [r.suiteTypeId, r.free]));
}

/** `freeSuiteCounts`' read, not yet sent: to send it, or to make it part of another (columns `suite_type_id`, `free`). */
export const freeSuiteCountsQuery = (db: Db, checkIn: string, checkOut: string) =>
  db
    .select({ suiteTypeId: suites.suiteTypeId, free: sql<number>`count(*)::int`.as("free") })
    .from(suites)
    .where(and(eq(suites.inService, true), sql`not exists (${heldOverlapping(checkIn, checkOut)})`))
    .groupBy(suites.suiteTypeId);

/**
 * Free suite counts, by suite type, for each stay of `nights` nights checking in from `first` to
 * `last` (both inclusive): in-service suites held by no stay over any of its nights. One read: each
 * suite's held nights over the whole window merged into one set of ranges (the rows found through
 * the exclusion constraint's index), each stay tested against them in the database, and only the
 * counts sent back (not every held row of the window). For searching many nearby dates without a
 * query per date.
 */
export async function freeSuitesForStays(db: Db, first: string, last: string, nights: number): Promise<(checkIn: string) => Map<string, number>> {
  const rows = await rowsOf<{ check_in: string; suite_type_id: string; free: number }>(
    db,
    sql`with taken as (
        select ss.suite_id, range_agg(daterange(ss.check_in, ss.check_out)) as nights
        from stay_suites ss
        where ss.released_at is null and daterange(ss.check_in, ss.check_out) && daterange(${first}::date, ${last}::date + ${nights}::int)
        group by ss.suite_id
      ), candidates as (
        select ${first}::date + k as check_in from generate_series(0, ${last}::date - ${first}::date) k
      )
      select to_char(c.check_in, 'YYYY-MM-DD') as check_in, s.suite_type_id, count(*)::int as free
      from candidates c cross join ${suites} s left join taken t on t.suite_id = s.id
      -- Half-open nights, as the exclusion constraint counts them: back-to-back stays share none.
      where s.in_service and not coalesce(t.nights && daterange(c.check_in, c.check_in + ${nights}::int), false)
      group by c.check_in, s.suite_type_id`,
  );
  const byCheckIn = new Map<string, Map<string, number>>();
  for (const row of rows) byCheckIn.set(row.check_in, (byCheckIn.get(row.check_in) ?? new Map()).set(row.suite_type_id, row.free));
  return (checkIn) => byCheckIn.get(checkIn) ?? new Map();
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
  const [{ settings, rules }, free] = await Promise.all([loadStayTerms(db, from, to), freeSuitesByNight(db, from, to)]);
  return nightsOf(from, to).map((date) => ({
    date,
    arrivals: windowsOn(settings, rules, date, "arrival").length > 0,
    departures: windowsOn(settings, rules, date, "departure").length > 0,
    peak: peakOn(rules, date)?.name ?? null,
    blackout: blackoutOn(rules, date)?.name ?? null,
    full: (free.get(date) ?? 0) === 0,
  }));
}

/** The first `count` suites of a type free for every night, in the staff's order (`ignoreStayId`'s own rows do not count). */
export function freeSuitesOfType(db: Db, suiteTypeId: string, checkIn: string, checkOut: string, count: number, ignoreStayId?: string) {
  return db
    .select({ id: suites.id, name: suites.name })
    .from(suites)
    .where(and(eq(suites.suiteTypeId, suiteTypeId), eq(suites.inService, true), sql`not exists (${heldOverlapping(checkIn, checkOut, ignoreStayId)})`))
    .orderBy(asc(suites.sortOrder), asc(suites.name))
    .limit(count);
}
