import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastTwelveMonths, yearPeriod } from "~/domain/revenue";
import { weekdayOf } from "~/domain/calendar";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { analyticsSummary } from "../analytics/queries";
import { revenueReport } from "../analytics/revenue";
import { customerActor, listChangeRequests, listCustomerAppointments, listForDay, listUpcoming } from "../appointments/appointments";
import { listCustomerAppointmentsPage } from "../appointments/customer-views";
import { findCustomersToBookFor, getCustomer, listCustomers } from "../customers/customers";
import { leadsCsv, listLeads } from "../leads/inbox";
import { quoteStay } from "../stays/quote";
import { fiveYearsOfData } from "../testing/five-years";
import { createTestDatabase } from "../testing/test-database";
import type { Database } from "./client";
import { cursorOf } from "./keyset";

/**
 * Every list the admin (and a customer's /appointments) reads, and the booking page's stay quote
 * (over 2,400 stays), planned on five years of data: the
 * test fails when PostgreSQL would read a large table from end to end (a sequential scan) to answer
 * one, which is what a missing index looks like once the tables have grown (ADR 0115). The queries
 * are the ones the app's own functions send, recorded at the database client, then EXPLAINed, on
 * PostgreSQL and on PGlite (which also shows that its trigram extension loads and is used).
 */

/** A table with more rows than this is large: reading all of it for one page is a bug. */
const LARGE = 1_000;
/**
 * Known full reads, each a debt with its reason, matched by table and query so any other stays a
 * failure. The revenue report's money owed at month end sums every stay checked out before each
 * month's end (ADR 0182), and its lines added at check-out are joined to the months' stays (ADR 0192):
 * since the five-year data has a quarter of its stays with such lines, PostgreSQL reads both tables
 * whole rather than by index. To be replaced by a figure kept per month.
 */
const KNOWN_FULL_READS: { table: string; query: RegExp }[] = [
  { table: "stays", query: /as e\(month, end_day, end_at\)\s+join stays s on s\.status = 'checked_out'/ },
  { table: "stay_bill_lines", query: /from stay_bill_lines l join stays s on s\.id = l\.stay_id/ },
  { table: "stay_bill_lines", query: /not exists \(select 1 from stay_bill_lines l where l\.appointment_id = a\.id/ },
];

interface Recorded {
  text: string;
  values: unknown[];
}
type Query = (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

let database: Database;
let recorded: Recorded[] = [];
let explain: (query: Recorded) => Promise<PlanNode>;
const tableRows = new Map<string, number>();
let halfWayDown: string;
let customersHalfWayDown: string;
/** The account of the customer whose /appointments is read. */
let customerSeven: string;
let aHouseholdId: string;
/** A customer with a cat, for the stay quote; and the nights they ask for. */
let quoter: { userId: string; catId: string };

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe("the plans of the admin's lists on five years of data", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    // Filled as a restore loads a database: the rows first, then the indexes the migrations made, each
    // rebuilt from its own definition (keeping the ones that back a constraint). Keeping every index
    // up to date row by row, the trigram ones most of all, was three quarters of this file's time on PGlite.
    const { rows: indexes } = (await database.db.execute(
      sql`select index.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class index on index.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
        where t.relnamespace = 'public'::regnamespace and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    )) as unknown as { rows: { name: string; definition: string }[] };
    expect(indexes.length).toBeGreaterThan(10);
    for (const { name } of indexes) await database.db.execute(sql`drop index ${sql.identifier(name)}`);
    for (const { sql: fill } of fiveYearsOfData()) await database.db.execute(sql.raw(fill));
    // A year and more of stays, end to end in every suite, each with its suite's cat (ADR 0141).
    const { rows: owners } = (await database.db.execute(
      sql`select h.id as household_id, h.user_id from households h order by h.created_at, h.id limit 1`,
    )) as unknown as { rows: { household_id: string; user_id: string }[] };
    const owner = owners[0]!;
    await database.db.execute(sql`insert into cats (household_id, name, sex)
      select ${owner.household_id}, 'Plan cat ' || k, 'female' from generate_series(0, (select count(*) from suites)) k`);
    const stayGrid = sql`select s.id as suite_id, s.suite_type_id, s.k, n,
        md5('plan-' || s.k || '-' || n)::uuid as stay_id, current_date + 1 + n * 2 as check_in
      from (select id, suite_type_id, row_number() over (order by id) as k from suites) s, generate_series(0, 199) n`;
    await database.db.execute(sql`insert into stays (id, household_id, status, check_in, check_out, total_cents, price_lines, cancellation_tiers)
      select stay_id, ${owner.household_id}, 'confirmed', check_in, check_in + 2, 10000, '[]', '[]' from (${stayGrid}) g`);
    await database.db.execute(sql`insert into stay_suites (stay_id, suite_id, suite_type_id, check_in, check_out)
      select stay_id, suite_id, suite_type_id, check_in, check_in + 2 from (${stayGrid}) g`);
    await database.db.execute(sql`insert into stay_cats (stay_id, stay_suite_id, cat_id, cat_name, check_in, check_out)
      select g.stay_id, ss.id, c.id, c.name, g.check_in, g.check_in + 2 from (${stayGrid}) g
      join stay_suites ss on ss.stay_id = g.stay_id join cats c on c.household_id = ${owner.household_id} and c.name = 'Plan cat ' || g.k`);
    const { rows: quoteCats } = (await database.db.execute(
      sql`select id from cats where household_id = ${owner.household_id} and name = 'Plan cat 0'`,
    )) as unknown as { rows: { id: string }[] };
    quoter = { userId: owner.user_id, catId: quoteCats[0]!.id };
    for (const { definition } of indexes) await database.db.execute(sql.raw(definition));
    await database.db.execute(sql`analyze`);
    const { rows } = (await database.db.execute(
      sql`select relname, reltuples::int as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    )) as unknown as { rows: { relname: string; n: number }[] };
    for (const r of rows) tableRows.set(r.relname, r.n);
    // A cursor half-way down the inbox.
    const { rows: middle } = (await database.db.execute(
      sql`select ${cursorOf(sql`created_at`, sql`id`)} as cursor from (
        select created_at, id from call_me_back_form union all select created_at, id from voucher_requests union all select created_at, id from newsletter_signups
      ) leads order by created_at desc, id desc offset 50000 limit 1`,
    )) as unknown as { rows: { cursor: string }[] };
    halfWayDown = middle[0]!.cursor;
    const { rows: households } = (await database.db.execute(
      sql`select id, ${cursorOf(sql`created_at`, sql`id`)} as cursor from households order by created_at desc, id desc offset 1000 limit 1`,
    )) as unknown as { rows: { id: string; cursor: string }[] };
    customersHalfWayDown = households[0]!.cursor;
    const { rows: seventh } = (await database.db.execute(sql`select id from users where email = 'customer7@example.com'`)) as unknown as {
      rows: { id: string }[];
    };
    customerSeven = seventh[0]!.id;
    aHouseholdId = households[0]!.id;

    // Record what the app sends: drizzle calls node-postgres with query(config, values) and PGlite
    // with query(text, values); both take query(text, values) back.
    const client = (database.db as unknown as { $client: { query: Query } }).$client;
    const send = client.query.bind(client);
    client.query = (first: unknown, values?: unknown, ...options: unknown[]) => {
      const text = typeof first === "string" ? first : (first as { text: string }).text;
      recorded.push({ text, values: (values as unknown[] | undefined) ?? (first as { values?: unknown[] }).values ?? [] });
      // PGlite takes the row mode (arrays, for joins) as a third argument: pass it on, or the rows come back as objects.
      return send(first, values, ...options);
    };
    explain = async ({ text, values }) => {
      const { rows: plan } = await send(`explain (format json) ${text}`, values);
      return (plan[0]!["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan;
    };
  }, 120_000);
  afterAll(() => database?.close());

  /** The sequential scans over large tables in the plans of everything `run` sends. */
  async function fullReads(run: () => Promise<unknown>): Promise<string[]> {
    recorded = [];
    await run();
    const found: string[] = [];
    for (const query of recorded) {
      for (const node of nodesOf(await explain(query))) {
        const table = node["Relation Name"];
        if (
          node["Node Type"] === "Seq Scan" &&
          table &&
          (tableRows.get(table) ?? 0) > LARGE &&
          !KNOWN_FULL_READS.some((k) => k.table === table && k.query.test(query.text))
        ) {
          found.push(`${table} (${tableRows.get(table)} rows) in: ${query.text.replace(/\s+/g, " ").slice(0, 160)}…`);
        }
      }
    }
    expect(recorded.length).toBeGreaterThan(0);
    return found;
  }

  const today = businessDate(new Date());
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  /** Four nights from the first Monday `days` days ahead (a day the house takes arrivals). */
  const mondayStay = (days: number) => {
    let checkIn = addBusinessDays(today, days);
    while (weekdayOf(checkIn) !== 1) checkIn = addBusinessDays(checkIn, 1);
    return { checkIn, checkOut: addBusinessDays(checkIn, 4) };
  };
  const staff = { email: "owner@cathotel.test", isAdmin: true } as const;
  // Read when a list runs: the account exists once the data is in.
  const customer = () => customerActor({ id: customerSeven, email: "customer7@example.com" });

  const lists: [label: string, run: () => Promise<unknown>][] = [
    ["inbox, newest", () => listLeads(database.db, {})],
    ["inbox, older half-way down", () => listLeads(database.db, { before: halfWayDown })],
    ["inbox, newer half-way down", () => listLeads(database.db, { after: halfWayDown })],
    ["inbox, callbacks", () => listLeads(database.db, { kind: "callback" })],
    ["inbox, vouchers", () => listLeads(database.db, { kind: "voucher" })],
    ["inbox, newsletter", () => listLeads(database.db, { kind: "newsletter" })],
    ["inbox, staff status", () => listLeads(database.db, { staffStatus: "booked" })],
    ["inbox, call outcome", () => listLeads(database.db, { callStatus: "failed" })],
    ["inbox, last week", () => listLeads(database.db, { from: daysAgo(7), to: today })],
    ["inbox, search for a name", () => listLeads(database.db, { q: "nguyen" })],
    ["inbox, search for an address", () => listLeads(database.db, { q: "reader2941" })],
    ["inbox, search for phone digits", () => listLeads(database.db, { q: "2012345" })],
    ...(["callback", "voucher", "newsletter"] as const).map((kind): [string, () => Promise<unknown>] => [
      `export of ${kind}s, two batches`,
      async () => {
        const pieces = leadsCsv(database.db, kind, {});
        await pieces.next();
        await pieces.next();
        await pieces.return(undefined);
      },
    ]),
    ...(["callback", "voucher", "newsletter"] as const).map((kind): [string, () => Promise<unknown>] => [
      `export of ${kind}s found by a search`,
      async () => {
        // Callbacks hold no name: a callback is found by its number.
        const pieces = leadsCsv(database.db, kind, { q: kind === "callback" ? "2012345" : "nguyen" });
        await pieces.next();
        await pieces.return(undefined);
      },
    ]),
    ["analytics, 30 days", () => analyticsSummary(database.db, { from: daysAgo(29), to: today, group: "day" })],
    ["revenue, the last 12 months", () => revenueReport(database.db, lastTwelveMonths(today))],
    ["revenue, last year", () => revenueReport(database.db, yearPeriod(Number(today.slice(0, 4)) - 1))],
    ["bookings, one day", () => listForDay(database.db, staff, today)],
    ["bookings, next 30 days", () => listUpcoming(database.db, staff, new Date())],
    ["bookings, change requests", () => listChangeRequests(database.db, staff)],
    ["a customer's appointments", () => listCustomerAppointments(database.db, customer(), new Date())],
    ["a customer's appointments, paged", () => listCustomerAppointmentsPage(database.db, customer(), {}, new Date())],
    ["customers, newest", () => listCustomers(database.db, {})],
    ["customers, older half-way down", () => listCustomers(database.db, { before: customersHalfWayDown })],
    ["customers, search for a name", () => listCustomers(database.db, { q: "nguyen" })],
    // Not "customers, search for an address": at 2,000 accounts PostgreSQL rightly reads `users` whole
    // for it (6 ms); from about 20,000 it takes users_email_trgm (ADR 0123).
    ["customers, search for a phone", () => listCustomers(database.db, { q: "(657) 200-12" })],
    ["customers to book for at the desk, search for a name", () => findCustomersToBookFor(database.db, { q: "nguyen" })],
    ["a customer's household", () => getCustomer(database.db, aHouseholdId)],
    // The booking page's quote: free suites priced, and (every suite full) the nearest free dates.
    ["a stay quote with suites free", () => quoteStay(database.db, quoter.userId, { ...mondayStay(450), catIds: [quoter.catId] }, new Date())],
    [
      "a stay quote, every suite full, the nearest free dates",
      () => quoteStay(database.db, quoter.userId, { ...mondayStay(60), catIds: [quoter.catId] }, new Date()),
    ],
  ];

  it.each(lists)("%s reads no large table from end to end", async (_label, run) => {
    expect(await fullReads(run)).toEqual([]);
  });

  it("would notice one that did", async () => {
    const found = await fullReads(() => database.db.execute(sql`select * from call_me_back_form where call_sid = 'CA-none' order by created_at desc limit 25`));
    expect(found).toEqual([expect.stringMatching(/^call_me_back_form \(\d+ rows\)/)]);
  });
});
