import { type SQL, sql } from "drizzle-orm";
import { type AnalyticsRange, type AnalyticsSummary, CALLBACK_OUTCOMES, LEAD_KINDS, type TimeSeries, addDays, bucketsOf } from "~/features/analytics/schema";
import { BUSINESS_TIME_ZONE, businessLocalToUtc } from "~/lib/business-time";
import { type Db, rowsOf } from "../db/client";
import { APPOINTMENT_STATUSES } from "../db/schema/index";

const TOP_PATHS = 10;

/**
 * The Los Angeles calendar day of a timestamptz column. `at time zone` turns the instant into LA
 * wall-clock time first, so an evening sale in LA is not counted on the next (UTC) day.
 */
const businessDay = (column: SQL) => sql`(${column} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date`;

/**
 * A calendar day column's bucket, "YYYY-MM-DD": the day, or its week's Monday. Applied to counts
 * already grouped by day (a few hundred rows), not to every row: formatting is what costs. The unit
 * comes from a closed list, never from the request.
 */
const bucketOf = (day: SQL, group: AnalyticsRange["group"]) => sql`to_char(date_trunc(${sql.raw(`'${group}'`)}, ${day}::timestamp), 'YYYY-MM-DD')`;

/** The UTC instants bounding the range's LA days: [first midnight, midnight after the last day). */
function instants(range: AnalyticsRange) {
  return {
    start: businessLocalToUtc(range.from, "00:00").toISOString(),
    end: businessLocalToUtc(addDays(range.to, 1), "00:00").toISOString(),
  };
}

type Row = { bucket: string; key: string; n: number };

const select = (db: Db, query: SQL) => rowsOf<Record<string, unknown>>(db, query);

async function rows(db: Db, query: SQL): Promise<Row[]> {
  return (await select(db, query)).map((r) => ({ bucket: String(r.bucket), key: String(r.key ?? ""), n: Number(r.n) }));
}

function toSeries<K extends string>(buckets: string[], keys: readonly K[], counted: Row[], keyOf: (row: Row) => K | undefined): TimeSeries<K> {
  const byBucket = new Map(buckets.map((b) => [b, Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>]));
  for (const row of counted) {
    const key = keyOf(row);
    const values = byBucket.get(row.bucket);
    if (key !== undefined && values) values[key] += row.n;
  }
  return { keys, rows: buckets.map((bucket) => ({ bucket, values: byBucket.get(bucket)! })) };
}

/** Counts per bucket of a table's timestamptz column within the range, optionally split by a key column. */
function countsByBucket(table: string, column: string, range: AnalyticsRange, keyColumn?: string): SQL {
  const { start, end } = instants(range);
  const col = sql.raw(`"${column}"`);
  const key = keyColumn ? sql.raw(`"${keyColumn}"`) : sql`''`;
  return sql`select ${bucketOf(sql`day`, range.group)} as bucket, key, sum(n)::int as n from (
      select ${businessDay(col)} as day, ${key} as key, count(*) as n
      from ${sql.raw(`"${table}"`)}
      where ${col} >= ${start}::timestamptz and ${col} < ${end}::timestamptz
      group by 1, 2
    ) as days group by 1, 2`;
}

/**
 * Everything the Analytics page shows for a range of Los Angeles days, as `analyticsRangeSchema`
 * parsed it (the page's `rangeFromSearchParams`, the API router's `parseBody`).
 */
export async function analyticsSummary(db: Db, range: AnalyticsRange): Promise<AnalyticsSummary> {
  const buckets = bucketsOf(range);
  const { start, end } = instants(range);

  const [callbacks, vouchers, signups, outcomes, signIns, appointments, views, topPaths] = await Promise.all([
    rows(db, countsByBucket("call_me_back_form", "created_at", range)),
    rows(db, countsByBucket("voucher_requests", "created_at", range)),
    rows(db, countsByBucket("newsletter_signups", "created_at", range)),
    select(
      db,
      sql`select call_status as outcome, count(*)::int as n from call_me_back_form
      where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1`,
    ),
    // The sign-in log, not sessions: sign-out and expiry delete sessions, never log rows.
    rows(db, countsByBucket("sign_ins", "signed_in_at", range)),
    rows(db, countsByBucket("appointments", "starts_at", range, "status")),
    rows(
      db,
      sql`select ${bucketOf(sql`day`, range.group)} as bucket, '' as key, sum(n)::int as n from (
          select day, sum(count) as n from page_view_counts where day >= ${range.from}::date and day <= ${range.to}::date group by day
        ) as days group by 1`,
    ),
    select(
      db,
      sql`select path, sum(count)::int as n from page_view_counts
      where day >= ${range.from}::date and day <= ${range.to}::date group by path order by n desc, path limit ${TOP_PATHS}`,
    ),
  ]);

  const tagged = [
    ...callbacks.map((r) => ({ ...r, key: "callbacks" })),
    ...vouchers.map((r) => ({ ...r, key: "vouchers" })),
    ...signups.map((r) => ({ ...r, key: "signups" })),
  ];
  const outcomeCounts = new Map(outcomes.map((r) => [String(r.outcome), Number(r.n)]));

  return {
    range,
    leads: toSeries(buckets, LEAD_KINDS, tagged, (r) => LEAD_KINDS.find((k) => k === r.key)),
    callbackOutcomes: CALLBACK_OUTCOMES.map((outcome) => ({ outcome, count: outcomeCounts.get(outcome) ?? 0 })),
    signIns: toSeries(buckets, ["signIns"] as const, signIns, () => "signIns"),
    appointments: toSeries(buckets, APPOINTMENT_STATUSES, appointments, (r) => APPOINTMENT_STATUSES.find((s) => s === r.key)),
    pageViews: toSeries(buckets, ["views"] as const, views, () => "views"),
    topPaths: topPaths.map((r) => ({ path: String(r.path), views: Number(r.n) })),
  };
}
