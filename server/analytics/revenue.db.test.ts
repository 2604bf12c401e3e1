import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REVENUE_SERVICES,
  type RevenueFigures,
  type RevenueReport,
  addFigures,
  emptyFigures,
  lastTwelveMonths,
  revenueCsv,
  revenuePeriodFromSearchParams,
  yearPeriod,
} from "~/domain/revenue";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { type Database, rowsOf } from "../db/client";
import { fiveYearsOfData } from "../testing/five-years";
import { paymentRowSums, paymentRowSumsSql } from "../testing/payment-row-sums";
import { createTestDatabase } from "../testing/test-database";
import { revenueReport } from "./revenue";

/**
 * The revenue report reconciles with the payment rows (ADR 0155): on five years of varied data
 * (`bench:data`'s, scaled down, plus the edges a month has), its figures equal sums computed
 * independently over `payments`, `payment_refunds`, `stays`, `appointments` and `groom_guarantees`.
 */

let database: Database;
const now = new Date();
const today = businessDate(now);
const thisMonth = today.slice(0, 7);
const thisYear = Number(today.slice(0, 4));
/** The first day of the month `n` months from this one. */
const monthStart = (n: number) => {
  const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 10);
};
const edge = { stayId: "", depositMonth: monthStart(-2).slice(0, 7), checkOutMonth: monthStart(-1).slice(0, 7) };

const one = async (query: ReturnType<typeof sql>) => (await rowsOf<Record<string, unknown>>(database.db, query))[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  // The bench's five years, scaled down, without the leads, page views and sign-ins the report never reads.
  for (const { label, sql: fill } of fiveYearsOfData(0.05))
    if (!/page-view|callbacks|vouchers|newsletter|sign-ins/.test(label)) await database.db.execute(sql.raw(fill));
  const { db } = database;
  const [household] = await rowsOf<{ id: string }>(db, sql`select id from households order by created_at limit 1`);
  // A stay checked out on the last day of last month; its deposit paid at 23:30 on the last day of the
  // month before (the next day in UTC), its balance in cash at 23:45 on its check-out day, a refund
  // still pending at 00:15 on the first of last month (08:15 UTC). Each counts in its Los Angeles month.
  const lastOfPrevious = addBusinessDays(monthStart(-1), -1);
  const checkOut = addBusinessDays(monthStart(0), -1);
  const at = (day: string, time: string) => businessLocalToUtc(day, time).toISOString();
  const [stay] = await rowsOf<{ id: string }>(
    db,
    sql`insert into stays (household_id, status, check_in, check_out, total_cents, price_lines, cancellation_tiers, deposit_cents, created_at)
      values (${household!.id}, 'checked_out', ${addBusinessDays(checkOut, -4)}, ${checkOut}, 20000, '[]', '[]', 5000, ${at(lastOfPrevious, "23:00")})
      returning id`,
  );
  edge.stayId = stay!.id;
  const [deposit] = await rowsOf<{ id: string }>(
    db,
    sql`insert into payments (stay_id, kind, method, provider, checkout_session_id, amount_cents, status, paid_at, refunded_cents)
      values (${stay!.id}, 'deposit', 'card', 'simulated', 'edge_dep', 5000, 'paid', ${at(lastOfPrevious, "23:30")}, 1000) returning id`,
  );
  await db.execute(sql`insert into payments (stay_id, kind, method, amount_cents, status, paid_at, recorded_by)
    values (${stay!.id}, 'balance', 'cash', 15000, 'paid', ${at(checkOut, "23:45")}, 'staff:desk@example.com')`);
  await db.execute(sql`insert into payment_refunds (payment_id, amount_cents, status, reason, actor, created_at)
    values (${deposit!.id}, 1000, 'pending', 'Satisfaction guarantee: late pick-up', 'staff:desk@example.com', ${at(monthStart(-1), "00:15")})`);
  // A stay held for its deposit, not yet paid: neither booked nor money.
  const [held] = await rowsOf<{ id: string }>(
    db,
    sql`insert into stays (household_id, status, check_in, check_out, total_cents, price_lines, cancellation_tiers, deposit_cents)
      values (${household!.id}, 'awaiting_payment', ${addBusinessDays(today, 30)}, ${addBusinessDays(today, 33)}, 9000, '[]', '[]', 3000) returning id`,
  );
  await db.execute(sql`insert into payments (stay_id, kind, method, provider, checkout_session_id, amount_cents, status)
    values (${held!.id}, 'deposit', 'card', 'simulated', 'edge_pending', 3000, 'pending')`);
  // A groom completed on the last day of the month before last, its satisfaction guarantee given back
  // at the desk at 00:10 on the first of last month (ADR 0166): a grooms' refund of last month.
  const [groom] = await rowsOf<{ id: string }>(
    db,
    sql`insert into appointments (household_id, customer_email, service_id, starts_at, status, price_cents, created_by, updated_by)
      values (${household!.id}, 'edge@example.com', 'bath-and-brush', ${at(lastOfPrevious, "15:00")}, 'Completed', 6000, 'staff', 'staff') returning id`,
  );
  await db.execute(sql`insert into groom_payments (appointment_id, amount_cents, method, recorded_by, paid_at)
    values (${groom!.id}, 6000, 'card', 'staff:desk@example.com', ${at(lastOfPrevious, "16:45")})`);
  await db.execute(sql`insert into groom_guarantees (appointment_id, amount_cents, method, reason, recorded_by, created_at)
    values (${groom!.id}, 2500, 'cash', 'Nails too short', 'staff:desk@example.com', ${at(monthStart(-1), "00:10")})`);
}, 120_000);
afterAll(() => database?.close());

/** Every year that may hold a row: the data goes five years back, and grooms are booked weeks ahead. */
const everyYear = () => Array.from({ length: 8 }, (_, i) => thisYear - 6 + i);

async function allTime() {
  const totals = { stays: emptyFigures(["firstNightFree", "referralCredit"]), grooms: emptyFigures(["firstNightFree", "referralCredit"]) };
  for (const year of everyYear()) {
    const report = await revenueReport(database.db, yearPeriod(year));
    for (const service of REVENUE_SERVICES) addFigures(totals[service], report.totals[service]);
  }
  return totals;
}

describe("the revenue report", () => {
  it("adds up, over every year, to the sums of the payment rows, and counts every stay and groom once", async () => {
    const { stays, grooms } = await allTime();
    const sums = paymentRowSums(await one(sql.raw(paymentRowSumsSql())));
    expect(sums.deposits).toBeGreaterThan(0);
    expect(sums.refunds).toBeGreaterThan(0);
    expect(sums.refundedOnPayments).toBe(sums.refunds);
    expect({ deposits: stays.depositsCents, balances: stays.balancesCents, refunds: stays.refundsCents, net: stays.netCents }).toEqual({
      deposits: sums.deposits,
      balances: sums.balances,
      refunds: sums.refunds,
      net: sums.net,
    });
    // A groom is paid at the salon, at the desk on its own or on its stay's bill (ADR 0192); its guarantee gives back at most what was paid.
    expect(sums.groomRefunds).toBeGreaterThan(0);
    expect({ taken: grooms.depositsCents + grooms.balancesCents, refunds: grooms.refundsCents, net: grooms.netCents }).toEqual({
      taken: sums.groomPaid,
      refunds: sums.groomRefunds,
      net: sums.groomPaid - sums.groomRefunds,
    });
    expect(grooms.netCents).toBeGreaterThan(0);
    // The lines added at check-out of the stays completed, and their discounts.
    const lines =
      await one(sql`select coalesce(sum(l.cents) filter (where l.cents > 0), 0)::bigint as extras, coalesce(-sum(l.cents) filter (where l.cents < 0), 0)::bigint as discounts
      from stay_bill_lines l join stays s on s.id = l.stay_id where s.status = 'checked_out'`);
    expect(Number(lines.extras)).toBeGreaterThan(0);
    expect(Number(lines.discounts)).toBeGreaterThan(0);
    expect({ extras: stays.extrasCents, discounts: stays.discountsCents }).toEqual({ extras: Number(lines.extras), discounts: Number(lines.discounts) });

    const counts = await one(sql`select
      (select count(*) from stays where status not in ('offered','awaiting_payment','expired','declined'))::int as stays_booked,
      (select coalesce(sum(total_cents), 0) from stays where status not in ('offered','awaiting_payment','expired','declined'))::bigint as stays_booked_cents,
      (select count(*) from stays where status = 'checked_out')::int as stays_completed,
      (select coalesce(sum(total_cents), 0) from stays where status = 'checked_out')::bigint as stays_completed_cents,
      (select coalesce(sum(first_night_free_cents), 0) from stays where status = 'checked_out')::bigint as first_night_free,
      (select coalesce(sum(referral_credit_cents), 0) from stays where status = 'checked_out')::bigint as referral_credit,
      (select count(*) from appointments where stay_id is null)::int as grooms_booked,
      (select count(*) from appointments a where stay_id is null and status = 'Completed' and not exists (select 1 from stay_bill_lines l where l.appointment_id = a.id))::int as grooms_completed,
      (select coalesce(sum(price_cents), 0) from appointments a where stay_id is null and status = 'Completed' and not exists (select 1 from stay_bill_lines l where l.appointment_id = a.id))::bigint as grooms_completed_cents`);
    expect(Number(counts.first_night_free)).toBeGreaterThan(0);
    expect({
      staysBooked: stays.bookedCount,
      staysBookedCents: stays.bookedCents,
      staysCompleted: stays.completedCount,
      staysCompletedCents: stays.completedCents,
      firstNightFree: stays.offers.firstNightFree,
      referralCredit: stays.offers.referralCredit,
      staysGross: stays.grossCents,
      groomsBooked: grooms.bookedCount,
      groomsCompleted: grooms.completedCount,
      groomsCompletedCents: grooms.completedCents,
      groomsGross: grooms.grossCents,
    }).toEqual({
      staysBooked: counts.stays_booked,
      staysBookedCents: Number(counts.stays_booked_cents),
      staysCompleted: counts.stays_completed,
      staysCompletedCents: Number(counts.stays_completed_cents),
      firstNightFree: Number(counts.first_night_free),
      referralCredit: Number(counts.referral_credit),
      staysGross: Number(counts.stays_completed_cents) + Number(counts.first_night_free) + Number(counts.referral_credit) + Number(lines.discounts),
      groomsBooked: counts.grooms_booked,
      groomsCompleted: counts.grooms_completed,
      groomsCompletedCents: Number(counts.grooms_completed_cents),
      groomsGross: Number(counts.grooms_completed_cents),
    });
    // Eight years of reports on a busy machine.
  }, 60_000);

  it("puts each payment and refund in its Los Angeles month, whatever the UTC date", async () => {
    const report = await revenueReport(database.db, lastTwelveMonths(today));
    expect(report.months.map((m) => m.month)).toHaveLength(12);
    expect(report.months.at(-1)!.month).toBe(thisMonth);
    // Each month against the payment rows between its own Los Angeles midnights, computed here.
    for (const { month, services } of report.months) {
      const [y, m] = month.split("-").map(Number) as [number, number];
      const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
      const start = businessLocalToUtc(`${month}-01`, "00:00").toISOString();
      const end = businessLocalToUtc(next, "00:00").toISOString();
      const row = await one(sql`select
        (select coalesce(sum(amount_cents), 0) from payments where status = 'paid' and kind = 'deposit' and paid_at >= ${start} and paid_at < ${end})::bigint as deposits,
        (select coalesce(sum(amount_cents), 0) from payments where status = 'paid' and kind = 'balance' and paid_at >= ${start} and paid_at < ${end})::bigint as balances,
        (select coalesce(sum(amount_cents), 0) from payment_refunds where created_at >= ${start} and created_at < ${end})::bigint as refunds,
        (select coalesce(sum(amount_cents), 0) from groom_guarantees where created_at >= ${start} and created_at < ${end})::bigint as groom_refunds,
        (select coalesce(sum(amount_cents), 0) from groom_payments where paid_at >= ${start} and paid_at < ${end})::bigint as groom_paid`);
      const f: RevenueFigures = services.stays;
      expect([month, f.depositsCents, f.balancesCents, f.refundsCents]).toEqual([month, Number(row.deposits), Number(row.balances), Number(row.refunds)]);
      expect(f.netCents).toBe(f.depositsCents + f.balancesCents - f.refundsCents);
      expect([month, services.grooms.refundsCents, services.grooms.netCents + services.grooms.refundsCents]).toEqual([
        month,
        Number(row.groom_refunds),
        Number(row.groom_paid),
      ]);
      expect(f.grossCents - f.offers.firstNightFree! - f.offers.referralCredit! - f.discountsCents).toBe(f.completedCents);
    }
  });

  it("exports the same figures as CSV, a row per month and service and a total per service", async () => {
    const report: RevenueReport = await revenueReport(database.db, yearPeriod(thisYear - 1));
    const lines = revenueCsv(report).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      '"Month","Service","Booked","Booked value","Completed","Completed value","Gross","First night free","Referral credit","Added at check-out","Discounts","Deposits","Balances","Refunds","Net","Owed at month end"',
    );
    expect(lines).toHaveLength(1 + 12 * 2 + 2);
    const total = lines.find((l) => l.startsWith("Total,Stays,"))!.split(",");
    const t = report.totals.stays;
    expect(total.slice(2)).toEqual(
      [
        t.bookedCount,
        t.bookedCents,
        t.completedCount,
        t.completedCents,
        t.grossCents,
        t.offers.firstNightFree,
        t.offers.referralCredit,
        t.extrasCents,
        t.discountsCents,
        t.depositsCents,
        t.balancesCents,
        t.refundsCents,
        t.netCents,
        t.owedCents,
      ].map((v, i) => (i === 0 || i === 2 ? String(v) : (v! / 100).toFixed(2))),
    );
  });

  it("states what is owed at each month's end, so the stays checked out by then reconcile: price after offers = paid − refunded + owed", async () => {
    const report = await revenueReport(database.db, lastTwelveMonths(today));
    let owedSomewhere = false;
    for (const { month, services } of report.months) {
      const [y, m] = month.split("-").map(Number) as [number, number];
      const endDay = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
      const end = businessLocalToUtc(endDay, "00:00").toISOString();
      // Each stay's ledger at the month's end, read here without the report's query.
      const ledgers = await rowsOf<{ total: number; paid: string; refunded: string }>(
        database.db,
        sql`select s.total_cents as total,
          (select coalesce(sum(amount_cents), 0) from payments where stay_id = s.id and status = 'paid' and paid_at < ${end})::bigint as paid,
          (select coalesce(sum(r.amount_cents), 0) from payment_refunds r join payments p on p.id = r.payment_id where p.stay_id = s.id and r.created_at < ${end})::bigint as refunded
          from stays s where s.status = 'checked_out' and s.check_out < ${endDay}`,
      );
      let charged = 0;
      let netPaid = 0;
      let owed = 0;
      let overpaid = 0;
      for (const l of ledgers) {
        const due = Number(l.total) - Number(l.paid) + Number(l.refunded);
        charged += Number(l.total);
        netPaid += Number(l.paid) - Number(l.refunded);
        owed += Math.max(0, due);
        overpaid += Math.max(0, -due);
      }
      expect([month, services.stays.owedCents]).toEqual([month, owed]);
      expect([month, charged]).toEqual([month, netPaid + services.stays.owedCents - overpaid]);
      if (owed > 0) owedSomewhere = true;
    }
    expect(owedSomewhere).toBe(true);
    // The period's total is its last month's: a balance at a moment, not a sum.
    expect(report.totals.stays.owedCents).toBe(report.months.at(-1)!.services.stays.owedCents);
  });

  it("reads the period from the query string, and falls back to the last 12 months with the reason", () => {
    expect(revenuePeriodFromSearchParams(new URLSearchParams(""), today)).toMatchObject({ year: null, error: null, fromDay: monthStart(-11) });
    expect(revenuePeriodFromSearchParams(new URLSearchParams(`year=${thisYear - 1}`), today)).toMatchObject({
      year: thisYear - 1,
      fromDay: `${thisYear - 1}-01-01`,
      toDay: `${thisYear}-01-01`,
    });
    expect(revenuePeriodFromSearchParams(new URLSearchParams("year=twenty"), today)).toMatchObject({ year: null, error: "Choose a year like 2026." });
    expect(revenuePeriodFromSearchParams(new URLSearchParams(`year=${thisYear + 1}`), today).error).toMatch(/^Choose a year from \d{4} to \d{4}\.$/);
  });
  // Last: it takes the edge stay's rows away.
  it("moves nothing across a month boundary: the edge stay's rows, taken away, change their Los Angeles months by their amounts", async () => {
    const month = (r: RevenueReport, m: string) => r.months.find((x) => x.month === m)!.services.stays;
    const before = await revenueReport(database.db, lastTwelveMonths(today));
    await database.db.execute(sql`delete from credit_notes where stay_id = ${edge.stayId}`);
    await database.db.execute(sql`delete from payment_refunds where payment_id in (select id from payments where stay_id = ${edge.stayId})`);
    await database.db.execute(sql`delete from payments where stay_id = ${edge.stayId}`);
    await database.db.execute(sql`update stays set status = 'cancelled' where id = ${edge.stayId}`);
    await database.db.execute(sql`delete from groom_guarantees where reason = 'Nails too short'`);
    const after = await revenueReport(database.db, lastTwelveMonths(today));
    const change = (m: string, key: "depositsCents" | "balancesCents" | "refundsCents" | "completedCount") => month(before, m)[key] - month(after, m)[key];
    expect([change(edge.depositMonth, "depositsCents"), change(edge.checkOutMonth, "depositsCents")]).toEqual([5000, 0]);
    expect([change(edge.checkOutMonth, "balancesCents"), change(edge.checkOutMonth, "refundsCents"), change(edge.checkOutMonth, "completedCount")]).toEqual([
      15_000, 1000, 1,
    ]);
    const groomRefunds = (r: RevenueReport, m: string) => r.months.find((x) => x.month === m)!.services.grooms.refundsCents;
    expect([
      groomRefunds(before, edge.checkOutMonth) - groomRefunds(after, edge.checkOutMonth),
      groomRefunds(before, edge.depositMonth) - groomRefunds(after, edge.depositMonth),
    ]).toEqual([2500, 0]);
  });
});
