import { type SQL, sql } from "drizzle-orm";
import { REVENUE_SERVICES, type RevenueFigures, type RevenuePeriod, type RevenueReport, type RevenueService, addFigures, emptyFigures } from "~/domain/revenue";
import { BUSINESS_TIME_ZONE, businessLocalToUtc } from "~/lib/business-time";
import { type Db, rowsOf } from "../db/client";
import { stays } from "../db/schema/index";

/**
 * The revenue report (ADR 0155). Every figure is a sum over rows in one Los Angeles month:
 * - booked: stays made in the month (`created_at`) that became bookings (not an unaccepted waitlist
 *   offer, an unpaid hold, one that expired or was declined), cancelled ones included; grooms (and the
 *   other appointments that are not a stay) made in the month; the value is the price after offers;
 * - completed: stays checked out whose check-out day is in the month; grooms `Completed` that started
 *   in the month; the value is the price after offers;
 * - gross: the completed stays' price before offers and discounts (value + offers + discounts), the
 *   completed grooms' price;
 * - each offer: the completed stays' offer amounts (its column on `stays`);
 * - added at check-out, discounts (ADR 0192): the completed stays' `stay_bill_lines` not removed (ADR 0199), positive lines
 *   (a late pickup, a vet bill, food or retail, a tip, a groom done during the stay) and discounts;
 *   a groom on a stay's bill is in that stay's value, so not again among the completed grooms;
 * - deposits, balances: paid `payments` rows of that kind by `paid_at` month (card, cash and check);
 *   a groom's balance is its `groom_payments` row, paid at the desk on its own, by `paid_at` month;
 * - refunds: `payment_refunds` rows, pending or succeeded, by `created_at` month; a groom's are its
 *   satisfaction guarantee given back at the desk (`groom_guarantees` rows by `created_at` month,
 *   ADR 0166);
 * - net: deposits + balances − refunds;
 * - owed at month end (ADR 0182): for the stays checked out with a check-out day before the month's
 *   end, their price after offers less their payments paid before it net of the refunds made before
 *   it and of the satisfaction guarantee given before it (a concession, not owed again), where that is
 *   above zero. So, for those stays: price after offers − guarantees = paid − refunded + owed.
 * A groom is paid at the salon: at the desk on its own, or on its stay's bill (whose payments are the
 * stay's). Its guarantee gives back at most what was paid at the desk, so the grooms' net is never
 * below nothing (ADR 0192).
 */

/** The offers a stay's price can carry: a column each on `stays`, the amount given (positive). */
export const STAY_OFFERS = [
  { key: "firstNightFree", label: "First night free", column: stays.firstNightFreeCents },
  { key: "referralCredit", label: "Referral credit", column: stays.referralCreditCents },
] as const;

/** Statuses of a stay that never became a booking: not counted as booked. */
const NEVER_BOOKED = sql.raw(`('offered','awaiting_payment','expired','declined')`);

const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
/** The Los Angeles month ("2026-03") of a timestamptz column. */
const monthOfInstant = (column: SQL) => sql`to_char(${column} at time zone ${zone}, 'YYYY-MM')`;

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0);

export async function revenueReport(db: Db, period: RevenuePeriod): Promise<RevenueReport> {
  const start = businessLocalToUtc(period.fromDay, "00:00").toISOString();
  const end = businessLocalToUtc(period.toDay, "00:00").toISOString();
  const offerSums = sql.join(
    STAY_OFFERS.map((o) => sql`coalesce(sum(${o.column}), 0)::bigint as ${sql.identifier(o.key)}`),
    sql`, `,
  );

  // Each month's end: its last day's next day (a calendar day) and that day's first instant.
  const ends = sql.join(
    period.months.map((month, i) => {
      const endDay = i + 1 < period.months.length ? `${period.months[i + 1]}-01` : period.toDay;
      return sql`(${month}::text, ${endDay}::date, ${businessLocalToUtc(endDay, "00:00").toISOString()}::timestamptz)`;
    }),
    sql`, `,
  );

  const [staysBooked, staysCompleted, groomsBooked, groomsCompleted, paid, refunded, groomsRefunded, owed, billLines, groomsPaid] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`select ${monthOfInstant(sql`created_at`)} as month, count(*)::int as n, coalesce(sum(total_cents), 0)::bigint as cents
        from stays where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz and status not in ${NEVER_BOOKED}
        group by 1`,
    ),
    rowsOf<Row>(
      db,
      sql`select to_char(check_out, 'YYYY-MM') as month, count(*)::int as n, coalesce(sum(total_cents), 0)::bigint as cents, ${offerSums}
        from stays where status = 'checked_out' and check_out >= ${period.fromDay}::date and check_out < ${period.toDay}::date
        group by 1`,
    ),
    rowsOf<Row>(
      db,
      sql`select ${monthOfInstant(sql`created_at`)} as month, count(*)::int as n, coalesce(sum(price_cents), 0)::bigint as cents
        from appointments where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz and stay_id is null
        group by 1`,
    ),
    rowsOf<Row>(
      db,
      sql`select ${monthOfInstant(sql`starts_at`)} as month, count(*)::int as n, coalesce(sum(price_cents), 0)::bigint as cents
        from appointments a where starts_at >= ${start}::timestamptz and starts_at < ${end}::timestamptz and status = 'Completed' and stay_id is null
          and not exists (select 1 from stay_bill_lines l where l.appointment_id = a.id and l.removed_at is null)
        group by 1`,
    ),
    rowsOf<Row>(
      db,
      sql`select ${monthOfInstant(sql`paid_at`)} as month, kind, coalesce(sum(amount_cents), 0)::bigint as cents
        from payments where status = 'paid' and paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz
        group by 1, 2`,
    ),
    rowsOf<Row>(
      db,
      sql`select ${monthOfInstant(sql`created_at`)} as month, coalesce(sum(amount_cents), 0)::bigint as cents
        from payment_refunds where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        group by 1`,
    ),
    rowsOf<Row>(
      db,
      sql`select ${monthOfInstant(sql`created_at`)} as month, coalesce(sum(amount_cents), 0)::bigint as cents
        from groom_guarantees where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        group by 1`,
    ),
    rowsOf<Row>(
      db,
      sql`select e.month, coalesce(sum(greatest(0, s.total_cents
          - coalesce((select sum(p.amount_cents) from payments p where p.stay_id = s.id and p.status = 'paid' and p.paid_at < e.end_at), 0)
          + coalesce((select sum(r.amount_cents) from payment_refunds r join payments p on p.id = r.payment_id where p.stay_id = s.id and r.created_at < e.end_at), 0)
          - coalesce((select sum((g.detail->>'amountCents')::int) from stay_events g where g.stay_id = s.id and g.kind = 'guarantee' and g.at < e.end_at), 0)
        )), 0)::bigint as cents
        from (values ${ends}) as e(month, end_day, end_at)
        join stays s on s.status = 'checked_out' and s.check_out < e.end_day
        group by 1`,
    ),
    rowsOf<Row>(
      db,
      sql`select to_char(s.check_out, 'YYYY-MM') as month,
          coalesce(sum(l.cents) filter (where l.cents > 0), 0)::bigint as extras,
          coalesce(-sum(l.cents) filter (where l.cents < 0), 0)::bigint as discounts
        from stay_bill_lines l join stays s on s.id = l.stay_id
        where l.removed_at is null and s.status = 'checked_out' and s.check_out >= ${period.fromDay}::date and s.check_out < ${period.toDay}::date
        group by 1`,
    ),
    rowsOf<Row>(
      db,
      sql`select ${monthOfInstant(sql`paid_at`)} as month, coalesce(sum(amount_cents), 0)::bigint as cents
        from groom_payments where paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz
        group by 1`,
    ),
  ]);

  const offerKeys = STAY_OFFERS.map((o) => o.key);
  const byMonth = new Map(period.months.map((month) => [month, { stays: emptyFigures(offerKeys), grooms: emptyFigures(offerKeys) }]));
  const at = (row: Row, service: RevenueService) => byMonth.get(String(row.month))?.[service];
  const booked = (f: RevenueFigures, r: Row) => {
    f.bookedCount += num(r.n);
    f.bookedCents += num(r.cents);
  };

  for (const r of staysBooked) {
    const f = at(r, "stays");
    if (f) booked(f, r);
  }
  for (const r of staysCompleted) {
    const f = at(r, "stays");
    if (!f) continue;
    f.completedCount += num(r.n);
    f.completedCents += num(r.cents);
    f.grossCents += num(r.cents);
    for (const key of offerKeys) {
      f.offers[key]! += num(r[key]);
      f.grossCents += num(r[key]);
    }
  }
  for (const r of billLines) {
    const f = at(r, "stays");
    if (!f) continue;
    f.extrasCents += num(r.extras);
    f.discountsCents += num(r.discounts);
    f.grossCents += num(r.discounts);
  }
  for (const r of groomsPaid) {
    const f = at(r, "grooms");
    if (f) f.balancesCents += num(r.cents);
  }
  for (const r of groomsBooked) {
    const f = at(r, "grooms");
    if (f) booked(f, r);
  }
  for (const r of groomsCompleted) {
    const f = at(r, "grooms");
    if (!f) continue;
    f.completedCount += num(r.n);
    f.completedCents += num(r.cents);
    f.grossCents += num(r.cents);
  }
  for (const r of paid) {
    const f = at(r, "stays");
    if (f && r.kind === "deposit") f.depositsCents += num(r.cents);
    if (f && r.kind === "balance") f.balancesCents += num(r.cents);
  }
  for (const r of refunded) {
    const f = at(r, "stays");
    if (f) f.refundsCents += num(r.cents);
  }
  for (const r of owed) {
    const f = at(r, "stays");
    if (f) f.owedCents = num(r.cents);
  }
  for (const r of groomsRefunded) {
    const f = at(r, "grooms");
    if (f) f.refundsCents += num(r.cents);
  }

  const months = period.months.map((month) => {
    const services = byMonth.get(month)!;
    for (const service of REVENUE_SERVICES) {
      const f: RevenueFigures = services[service];
      f.netCents = f.depositsCents + f.balancesCents - f.refundsCents;
    }
    return { month, services };
  });
  const totals = { stays: emptyFigures(offerKeys), grooms: emptyFigures(offerKeys) };
  for (const m of months) for (const service of REVENUE_SERVICES) addFigures(totals[service], m.services[service]);
  return { period, offers: STAY_OFFERS.map(({ key, label }) => ({ key, label })), months, totals };
}
