// Stays benchmark: 40 suites and 2,000 stays over the coming year in a fresh PostgreSQL database,
// then (1) the booking page's availability for 90 days across every suite type (the calendar of
// full nights, and a quote that prices every suite type), p50/p95 over many runs; and (2) booking
// throughput under contention: many customers at once asking for the same few suites and nights,
// with the number booked, refused and retried, and a check that no suite holds two stays for a night.
// Prints figures; asserts nothing. The PostgreSQL is one this script starts in a temporary folder.
//
//   npm run bench:stays [-- --runs 200] [--clients 20]
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { weekdayOf } from "~/features/stays/model";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../server/db/client";
import { staySuites, stays, suiteTypes, suites, users } from "../server/db/schema/index";
import { createCat, saveHousehold } from "../server/households/households";
import { uploadVaccineRecord, verifyVaccineRecord } from "../server/households/vaccines";
import { AppError } from "../server/http/errors";
import { stayCalendar } from "../server/stays/calendar";
import { testPdf } from "../server/testing/certificates";
import { bookStay, quoteStay } from "../server/stays/stays";
import { startTempPostgres } from "./temp-postgres";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = option("runs", 200);
const CLIENTS = option("clients", 20);
const SUITES = 40;
const STAYS = 2_000;

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function timed(runs: number, run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

const server = await startTempPostgres("stays");
try {
  const admin = new pg.Client({ connectionString: server.url("postgres") });
  await admin.connect();
  await admin.query("create database bench");
  await admin.end();
  const database = await openDatabase({ url: server.url("bench"), poolSize: CLIENTS + 2 });
  const { db } = database;
  const now = new Date();
  const today = businessDate(now);

  // 40 suites: the 12 the site starts with and 28 more over two further types.
  const extra = await db
    .insert(suiteTypes)
    .values([
      { name: "Garden Suite", maxCats: 2, nightlyRateCents: 5500, extraCatRateCents: 2500, sortOrder: 4 },
      { name: "Penthouse", maxCats: 4, nightlyRateCents: 9500, extraCatRateCents: 3500, sortOrder: 5 },
    ])
    .returning();
  for (let i = 1; i <= SUITES - 12; i++) await db.insert(suites).values({ suiteTypeId: extra[i % 2]!.id, name: `Extra ${i}`, sortOrder: 30 + i });
  const allSuites = await db.select().from(suites);

  // 2,000 stays of 1 to 7 nights over the next year, laid end to end in each suite (one household).
  const [owner] = await db.insert(users).values({ email: "bench-owner@example.com" }).returning();
  const household = await saveHousehold(db, owner!.id, { name: "Bench Household", mobilePhone: "(949) 249-1234" });
  let created = 0;
  for (const suite of allSuites) {
    let day = addBusinessDays(today, 1 + (created % 5));
    for (let n = 0; n < STAYS / allSuites.length; n++) {
      const nights = 1 + ((created * 7) % 7);
      const checkOut = addBusinessDays(day, nights);
      const [stay] = await db
        .insert(stays)
        .values({ householdId: household.id, status: "confirmed", checkIn: day, checkOut, totalCents: 5000 * nights, priceLines: [], cancellationTiers: [] })
        .returning();
      await db.insert(staySuites).values({ stayId: stay!.id, suiteId: suite.id, suiteTypeId: suite.suiteTypeId, checkIn: day, checkOut });
      created += 1;
      // A free night now and then, as in a real calendar.
      day = addBusinessDays(checkOut, created % 3 === 0 ? 1 : 0);
    }
  }

  // Customers with a verified FVRCP record, one cat each.
  const customers: { userId: string; catId: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const [user] = await db.insert(users).values({ email: `bench-${crypto.randomUUID()}@example.com` }).returning();
    await saveHousehold(db, user!.id, { name: `Customer ${i}`, mobilePhone: "(949) 249-1234" });
    const cat = await createCat(db, user!.id, { name: `Cat ${i}`, sex: "female", spayedNeutered: "yes", felvFivStatus: "negative" });
    const document = { bytes: testPdf(), name: "fvrcp.pdf" };
    const record = await uploadVaccineRecord(db, user!.id, cat.id, { vaccine: "fvrcp", expiresOn: addBusinessDays(today, 700), document });
    await verifyVaccineRecord(db, record.id, { expiresOn: record.expiresOn }, "bench");
    customers.push({ userId: user!.id, catId: cat.id });
  }

  console.log(`\n${allSuites.length} suites, ${created} stays over the next year (PostgreSQL ${(await rowsOf<{ server_version: string }>(db, sql`show server_version`))[0]?.server_version})\n`);

  // (1) Availability.
  const calendar = await timed(RUNS, () => stayCalendar(db, today, 90));
  let monday = addBusinessDays(today, 30);
  while (weekdayOf(monday) !== 1) monday = addBusinessDays(monday, 1);
  const quote = await timed(RUNS, () =>
    quoteStay(db, customers[0]!.userId, { checkIn: monday, checkOut: addBusinessDays(monday, 4), catIds: [customers[0]!.catId] }, now),
  );
  console.log("| availability | p50 | p95 | target |");
  console.log("|---|---|---|---|");
  console.log(`| 90-day calendar (full, closed and peak days) | ${ms(calendar.p50)} | ${ms(calendar.p95)} | p95 < 50 ms |`);
  console.log(`| quote: every suite type free for 4 nights, priced | ${ms(quote.p50)} | ${ms(quote.p95)} | p95 < 50 ms |`);

  // (2) Contention: every client books at once, round after round, over a few suites' free nights.
  const contested = await db.insert(suiteTypes).values({ name: "Contested", maxCats: 1, nightlyRateCents: 5000, extraCatRateCents: 0, sortOrder: 9 }).returning();
  for (let i = 1; i <= 3; i++) await db.insert(suites).values({ suiteTypeId: contested[0]!.id, name: `Contested ${i}` });
  let start = addBusinessDays(today, 40);
  const outcomes = { booked: 0, full: 0, other: 0 };
  const otherErrors = new Set<string>();
  const started = performance.now();
  const ROUNDS = 10;
  for (let round = 0; round < ROUNDS; round++) {
    while (weekdayOf(start) === 0 || weekdayOf(start) === 6 || weekdayOf(addBusinessDays(start, 2)) === 0) start = addBusinessDays(start, 1);
    const checkIn = start;
    await Promise.all(
      customers.map((c) =>
        bookStay(db, c.userId, { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: [c.catId], suiteTypeId: contested[0]!.id, arrangement: "together" }, { siteUrl: "http://localhost:3000", now }).then(
          () => void (outcomes.booked += 1),
          (e: unknown) => {
            if (e instanceof AppError && e.code === "NO_SUITE_FREE") outcomes.full += 1;
            else {
              outcomes.other += 1;
              otherErrors.add(String((e as { cause?: unknown }).cause ?? e).slice(0, 200));
            }
          },
        ),
      ),
    );
    start = addBusinessDays(start, 3);
  }
  const seconds = (performance.now() - started) / 1000;
  const [overlaps] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from stay_suites a join stay_suites b on a.suite_id = b.suite_id and a.id < b.id
        and a.released_at is null and b.released_at is null and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`,
  );
  console.log(`\n| contention (${CLIENTS} customers at once for 3 suites, ${ROUNDS} rounds) | figure |`);
  console.log("|---|---|");
  console.log(`| requests | ${CLIENTS * ROUNDS} in ${seconds.toFixed(1)} s (${((CLIENTS * ROUNDS) / seconds).toFixed(0)} requests/s) |`);
  console.log(`| booked / told it is full / other errors | ${outcomes.booked} / ${outcomes.full} / ${outcomes.other} (expected ${3 * ROUNDS} booked) |`);
  for (const e of otherErrors) console.log(`| other error | ${e} |`);
  console.log(`| suites holding two stays on one night | ${overlaps!.n} |`);
  await database.close();
} finally {
  server.stop();
}
