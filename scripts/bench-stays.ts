// Stays benchmark: 40 suites and 2,000 stays over the coming year, on PostgreSQL (a server this
// script starts in a temporary folder) and on embedded PGlite (a data folder in a temporary folder),
// written by this process; then, in a fresh process started with the server's flags on that seeded
// database (as a server restarted on its folder: what a hotel's server holds, not what seeding it
// left behind), (1) the booking page's availability for 90 days across every suite type (the
// calendar of full nights, and a quote that prices every suite type), p50/p95 over many runs; and (2) the holiday rush: many customers at once
// asking for the same few suites and nights, round after round, with the answers per second, how long
// one answer took (p50/p99, from the moment the round started), the number booked, refused and other
// errors, and a check that each contested suite night went to exactly one stay; and that process's
// memory (RSS) at rest before the rush, at its peak and after it: on PGlite the database's included,
// and the TypeScript loader's, which a built server does not load (its share is printed beside);
// and (3) the statements one quote, one winning booking and one refused contender send, counted on
// PostgreSQL's driver (each one round trip; PGlite runs the same code, one statement after another),
// and the statements the rush sent per answer (winners and contenders as they raced: a contender that
// queued behind a winner pays more than one that came after the suites were gone).
// The rush's CPU time per answer is printed too (on PostgreSQL with its server processes'): on a
// shared machine it varies far less than the answers per second.
// Prints figures; asserts nothing.
//
//   npm run bench:stays [-- --runs 200] [--clients 20] [--rounds 10] [--db postgres|pglite|both]
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { catForm, householdForm } from "~/features/cats/schema";
import { bookStayForm } from "~/features/stays/schema";
import { nightsOf, weekdayOf } from "~/domain/calendar";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { eq, sql } from "drizzle-orm";
import { type Database, type Db, openDatabase, rowsOf } from "../server/db/client";
import { staySuites, stays, suiteTypes, suites, users } from "../server/db/schema/index";
import { createCat, saveHousehold } from "../server/households/households";
import { uploadVaccineRecord, verifyVaccineRecord } from "../server/households/vaccines";
import { AppError } from "../server/http/errors";
import { stayCalendar } from "../server/stays/calendar";
import { testPdf } from "../server/testing/certificates";
import { bookStay } from "../server/stays/book";
import { quoteStay } from "../server/stays/quote";
import { startTempPostgres } from "./temp-postgres";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const RUNS = Number(option("runs", "200"));
const CLIENTS = Number(option("clients", "20"));
const ROUNDS = Number(option("rounds", "10"));
const CONTESTED_SUITES = 3;
const KINDS = option("db", "both") === "both" ? (["postgres", "pglite"] as const) : ([option("db", "postgres")] as ("postgres" | "pglite")[]);
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

/** Every statement sent through node-postgres (a transaction's begin and commit too), counted while `counting`. */
let counting = false;
let statements = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) statements += 1;
  return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function countStatements(run: () => Promise<unknown>): Promise<number> {
  statements = 0;
  counting = true;
  try {
    await run();
  } finally {
    counting = false;
  }
  return statements;
}

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/** The CPU time (ms) each process has used so far: this one's, and on PostgreSQL each of the database's server processes. */
async function cpuTimes(database: Database): Promise<Map<number | "self", number>> {
  const { user, system } = process.cpuUsage();
  const times = new Map<number | "self", number>([["self", (user + system) / 1000]]);
  if (database.kind !== "postgres") return times;
  const backends = await rowsOf<{ pid: number }>(database.db, sql`select pid from pg_stat_activity where datname = current_database()`);
  for (const { pid } of backends) {
    try {
      // utime and stime, the 14th and 15th fields: counted after the command's closing parenthesis.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop()!.trim().split(" ");
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // A backend that has ended since: its time is not counted.
    }
  }
  return times;
}

/** CPU time used between two readings; a server process started in between counts from zero. */
const cpuBetween = (before: Map<number | "self", number>, after: Map<number | "self", number>) =>
  [...after].reduce((sum, [key, ms]) => sum + ms - (before.get(key) ?? 0), 0);

interface Figures {
  kind: string;
  version: string;
  calendar: { p50: number; p95: number };
  quote: { p50: number; p95: number };
  answers: number;
  seconds: number;
  answer: { p50: number; p99: number };
  /** CPU time per answer through the rush (ms): this process's, and on PostgreSQL its server's. */
  cpuPerAnswer: number;
  /** Statements sent through the rush per answer (PostgreSQL only): winners and contenders together, as they raced. */
  statementsPerAnswer: number | null;
  booked: number;
  full: number;
  other: number;
  otherErrors: Set<string>;
  suiteNights: number;
  suiteNightsWithOneStay: number;
  overlaps: number;
  memory: { rest: number; peak: number; after: number };
  /** Statements sent (PostgreSQL only): a priced quote, a booking that gets its suite, a contender told it is full. */
  statements: { quote: number; won: number; refused: number } | null;
}

const rssMb = () => process.memoryUsage().rss / (1024 * 1024);

type Customers = { userId: string; catId: string }[];

/**
 * The hotel's year: 40 suites, 2,000 stays and the customers who will race for the contested suites.
 * Written before the figures are taken, in this process, so what it leaves behind (the objects it
 * made, the database's memory grown while writing) is not counted in the process that is measured.
 */
async function seed(db: Db, now: Date): Promise<Customers> {
  const today = businessDate(now);

  // 40 suites: the 12 the site starts with and 28 more over two further types.
  const extra = await db
    .insert(suiteTypes)
    .values([
      { name: "Garden Suite", maxCats: 2, nightlyRateCents: 5500, extraCatRateCents: 2500, sortOrder: 4 },
      { name: "Penthouse", maxCats: 4, nightlyRateCents: 9500, extraCatRateCents: 3500, sortOrder: 5 },
    ])
    .returning();
  await db
    .insert(suites)
    .values(Array.from({ length: SUITES - 12 }, (_, i) => ({ suiteTypeId: extra[(i + 1) % 2]!.id, name: `Extra ${i + 1}`, sortOrder: 31 + i })));
  const allSuites = await db.select().from(suites);

  // 2,000 stays of 1 to 7 nights over the next year, laid end to end in each suite (one household),
  // written a suite at a time: two statements for its 50 stays rather than two for each.
  const [owner] = await db.insert(users).values({ email: "bench-owner@example.com" }).returning();
  const household = await saveHousehold(db, owner!.id, householdForm.parse({ name: "Bench Household", mobilePhone: "(949) 249-1234" }), now);
  let created = 0;
  for (const suite of allSuites) {
    const dates: { checkIn: string; checkOut: string; nights: number }[] = [];
    let day = addBusinessDays(today, 1 + (created % 5));
    for (let n = 0; n < STAYS / allSuites.length; n++) {
      const nights = 1 + ((created * 7) % 7);
      const checkOut = addBusinessDays(day, nights);
      dates.push({ checkIn: day, checkOut, nights });
      created += 1;
      // A free night now and then, as in a real calendar.
      day = addBusinessDays(checkOut, created % 3 === 0 ? 1 : 0);
    }
    const written = await db
      .insert(stays)
      .values(
        dates.map((d) => ({
          householdId: household.id,
          status: "confirmed" as const,
          checkIn: d.checkIn,
          checkOut: d.checkOut,
          totalCents: 5000 * d.nights,
          priceLines: [],
          cancellationTiers: [],
        })),
      )
      .returning({ id: stays.id });
    await db.insert(staySuites).values(
      written.map((stay, i) => ({
        stayId: stay.id,
        suiteId: suite.id,
        suiteTypeId: suite.suiteTypeId,
        checkIn: dates[i]!.checkIn,
        checkOut: dates[i]!.checkOut,
      })),
    );
  }
  await db.execute(sql`analyze`);

  // Customers with a verified FVRCP record, one cat each.
  const customers: Customers = [];
  for (let i = 0; i < CLIENTS; i++) {
    const [user] = await db
      .insert(users)
      .values({ email: `bench-${crypto.randomUUID()}@example.com` })
      .returning();
    await saveHousehold(db, user!.id, householdForm.parse({ name: `Customer ${i}`, mobilePhone: "(949) 249-1234" }), now);
    const cat = await createCat(db, user!.id, catForm.parse({ name: `Cat ${i}`, sex: "female", spayedNeutered: "yes", felvFivStatus: "negative" }), now);
    const document = { bytes: testPdf(), name: "fvrcp.pdf" };
    const record = await uploadVaccineRecord(db, user!.id, cat.id, { vaccine: "fvrcp", expiresOn: addBusinessDays(today, 700), document }, now);
    await verifyVaccineRecord(db, record.id, { expiresOn: record.expiresOn }, "bench", now);
    customers.push({ userId: user!.id, catId: cat.id });
  }
  return customers;
}

async function bench(database: Database, customers: Customers, now: Date): Promise<Figures> {
  const { db } = database;
  const today = businessDate(now);
  const version = (await rowsOf<{ server_version: string }>(db, sql`show server_version`))[0]?.server_version ?? "?";

  // (1) Availability.
  const calendar = await timed(RUNS, () => stayCalendar(db, today, 90));
  let monday = addBusinessDays(today, 30);
  while (weekdayOf(monday) !== 1) monday = addBusinessDays(monday, 1);
  const quote = await timed(RUNS, () =>
    quoteStay(db, customers[0]!.userId, { checkIn: monday, checkOut: addBusinessDays(monday, 4), catIds: [customers[0]!.catId] }, now),
  );

  // (2) The rush: every client books at once, round after round, over a few suites' free nights.
  const [contested] = await db
    .insert(suiteTypes)
    .values({ name: "Contested", maxCats: 1, nightlyRateCents: 5000, extraCatRateCents: 0, sortOrder: 9 })
    .returning();
  for (let i = 1; i <= CONTESTED_SUITES; i++) await db.insert(suites).values({ suiteTypeId: contested!.id, name: `Contested ${i}` });
  let start = addBusinessDays(today, 40);
  let booked = 0;
  let full = 0;
  let other = 0;
  const otherErrors = new Set<string>();
  const answerTimes: number[] = [];
  const nights: string[] = [];
  let busy = 0;
  const rest = rssMb();
  let peak = rest;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
  const cpuBefore = await cpuTimes(database);
  statements = 0;
  counting = true;
  for (let round = 0; round < ROUNDS; round++) {
    while (weekdayOf(start) === 0 || weekdayOf(start) === 6 || weekdayOf(addBusinessDays(start, 2)) === 0) start = addBusinessDays(start, 1);
    const checkIn = start;
    const checkOut = addBusinessDays(checkIn, 2);
    nights.push(...nightsOf(checkIn, checkOut));
    const roundStarted = performance.now();
    await Promise.all(
      customers.map((c) =>
        bookStay(db, c.userId, bookStayForm.parse({ checkIn, checkOut, catIds: [c.catId], suiteTypeId: contested!.id, arrangement: "together" }), {
          siteUrl: "http://localhost:3000",
          now,
        })
          .then(
            () => void (booked += 1),
            (e: unknown) => {
              if (e instanceof AppError && e.code === "NO_SUITE_FREE") full += 1;
              else {
                other += 1;
                otherErrors.add(String((e as { cause?: unknown }).cause ?? e).slice(0, 200));
              }
            },
          )
          .finally(() => answerTimes.push(performance.now() - roundStarted)),
      ),
    );
    busy += performance.now() - roundStarted;
    start = addBusinessDays(start, 3);
  }
  counting = false;
  const rushStatements = statements;
  clearInterval(sampler);
  const cpuUsed = cpuBetween(cpuBefore, await cpuTimes(database));
  peak = Math.max(peak, rssMb());
  await new Promise((r) => setTimeout(r, 5_000));
  const memory = { rest, peak, after: rssMb() };

  // (3) Statements: one quote; then, on nights of their own, the contested suites booked one at a
  // time, the first booking counted, and one more booking, told it is full, counted.
  let counted: Figures["statements"] = null;
  if (database.kind === "postgres") {
    const quoted = await countStatements(() =>
      quoteStay(db, customers[0]!.userId, { checkIn: monday, checkOut: addBusinessDays(monday, 4), catIds: [customers[0]!.catId] }, now),
    );
    while (weekdayOf(start) === 0 || weekdayOf(start) === 6 || weekdayOf(addBusinessDays(start, 2)) === 0) start = addBusinessDays(start, 1);
    const book = (c: (typeof customers)[number]) =>
      bookStay(
        db,
        c.userId,
        bookStayForm.parse({ checkIn: start, checkOut: addBusinessDays(start, 2), catIds: [c.catId], suiteTypeId: contested!.id, arrangement: "together" }),
        { siteUrl: "http://localhost:3000", now },
      );
    const won = await countStatements(() => book(customers[0]!));
    for (let i = 1; i < CONTESTED_SUITES; i++) await book(customers[i]!);
    const refused = await countStatements(() => book(customers[CONTESTED_SUITES]!).catch(() => {}));
    counted = { quote: quoted, won, refused };
  }

  // Each contested suite night, and how many held stays it went to: exactly one each is the race's right answer.
  const held = await db
    .select({ suiteId: staySuites.suiteId, checkIn: staySuites.checkIn, checkOut: staySuites.checkOut })
    .from(staySuites)
    .where(sql`${staySuites.suiteTypeId} = ${contested!.id} and ${staySuites.releasedAt} is null`);
  const contestedSuites = await db.select({ id: suites.id }).from(suites).where(eq(suites.suiteTypeId, contested!.id));
  let suiteNightsWithOneStay = 0;
  for (const suite of contestedSuites)
    for (const night of nights)
      if (held.filter((h) => h.suiteId === suite.id && h.checkIn <= night && night < h.checkOut).length === 1) suiteNightsWithOneStay += 1;
  const [overlaps] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from stay_suites a join stay_suites b on a.suite_id = b.suite_id and a.id < b.id
        and a.released_at is null and b.released_at is null and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`,
  );
  return {
    kind: database.kind,
    version,
    calendar,
    quote,
    answers: answerTimes.length,
    seconds: busy / 1000,
    answer: { p50: quantile(answerTimes, 0.5), p99: quantile(answerTimes, 0.99) },
    cpuPerAnswer: cpuUsed / answerTimes.length,
    statementsPerAnswer: database.kind === "postgres" ? rushStatements / answerTimes.length : null,
    booked,
    full,
    other,
    otherErrors,
    suiteNights: contestedSuites.length * nights.length,
    suiteNightsWithOneStay,
    overlaps: overlaps!.n,
    memory,
    statements: counted,
  };
}

/** Where the measured process finds the seeded database, and what the seeding made. */
interface Seeded {
  database: { url: string } | { dataDir: string };
  customers: Customers;
  now: string;
}
const SEEDED_ENV = "BENCH_STAYS_SEEDED";
/** As `npm run serve` starts the server (ADR 0198, 0212): both flags change how much memory it holds. */
const SERVER_FLAGS = ["--max-semi-space-size=2", "--wasm-lazy-compilation"];

/** This script run again in a fresh process with the server's flags, on the seeded database: its figures. */
async function measuredInServerProcess(seeded: Seeded): Promise<Figures> {
  const child = spawn(process.execPath, [...SERVER_FLAGS, "--import", "tsx", fileURLToPath(import.meta.url), ...args], {
    env: { ...process.env, [SEEDED_ENV]: JSON.stringify(seeded) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the measured process ended with ${String(code)}`);
  const figures = JSON.parse(output) as Omit<Figures, "otherErrors"> & { otherErrors: string[] };
  return { ...figures, otherErrors: new Set(figures.otherErrors) };
}

/** The RSS (MB) of an idle process with the server's flags, given `loader` (`--import tsx`) or nothing more. */
function idleRss(...loader: string[]): number {
  const script = "setTimeout(() => process.stdout.write(String(process.memoryUsage().rss / 1048576)), 2000)";
  return Number(execFileSync(process.execPath, [...SERVER_FLAGS, ...loader, "-e", script], { encoding: "utf8" }));
}

const seededHere = process.env[SEEDED_ENV];
if (seededHere) {
  const seeded = JSON.parse(seededHere) as Seeded;
  const database = await openDatabase("url" in seeded.database ? { url: seeded.database.url, poolSize: CLIENTS + 2 } : { dataDir: seeded.database.dataDir });
  let figures: Figures;
  try {
    figures = await bench(database, seeded.customers, new Date(seeded.now));
  } finally {
    await database.close();
  }
  fs.writeSync(1, JSON.stringify({ ...figures, otherErrors: [...figures.otherErrors] }));
  process.exit(0);
}

/** Seeds the database here, then measures it in a fresh process that opens it again, as a restarted server. */
async function seedThenMeasure(where: Seeded["database"]): Promise<Figures> {
  const now = new Date();
  const database = await openDatabase(where);
  let customers: Customers;
  try {
    customers = await seed(database.db, now);
  } finally {
    await database.close();
  }
  return measuredInServerProcess({ database: where, customers, now: now.toISOString() });
}

const results: Figures[] = [];
for (const kind of KINDS) {
  if (kind === "postgres") {
    const server = await startTempPostgres("stays");
    try {
      const admin = new pg.Client({ connectionString: server.url("postgres") });
      await admin.connect();
      await admin.query("create database bench");
      await admin.end();
      results.push(await seedThenMeasure({ url: server.url("bench") }));
    } finally {
      server.stop();
    }
  } else {
    // A data folder, as the server keeps it: created and seeded here, then opened again by the measured process.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cathotel-bench-stays-"));
    try {
      results.push(await seedThenMeasure({ dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
const loaderRss = idleRss("--import", "tsx") - idleRss();

const row = (label: string, cell: (f: Figures) => string, target = "") => console.log(`| ${label} | ${results.map(cell).join(" | ")} | ${target} |`);
console.log(`\n${SUITES} suites, ${STAYS} stays over the next year; ${CLIENTS} customers at once for ${CONTESTED_SUITES} suites, ${ROUNDS} rounds\n`);
console.log(`| figure | ${results.map((f) => (f.kind === "postgres" ? `PostgreSQL ${f.version.split(" ")[0]}` : "PGlite")).join(" | ")} | target |`);
console.log(`|---|${results.map(() => "---|").join("")}---|`);
row("90-day calendar p50 / p95", (f) => `${ms(f.calendar.p50)} / ${ms(f.calendar.p95)}`, "p95 < 50 ms");
row("quote, every suite type priced, p50 / p95", (f) => `${ms(f.quote.p50)} / ${ms(f.quote.p95)}`, "p95 < 20 ms");
row("rush: answers per second", (f) => `${(f.answers / f.seconds).toFixed(0)} (${f.answers} in ${f.seconds.toFixed(2)} s)`, "≥ 200");
row("rush: one answer p50 / p99", (f) => `${ms(f.answer.p50)} / ${ms(f.answer.p99)}`, "p99 < 1 s");
row("rush: CPU time per answer (PostgreSQL: with its server's)", (f) => ms(f.cpuPerAnswer), "lower");
row("rush: statements per answer", (f) => (f.statementsPerAnswer === null ? "(counted on PostgreSQL)" : f.statementsPerAnswer.toFixed(1)), "fewer");
row("rush: booked / told it is full / other errors", (f) => `${f.booked} / ${f.full} / ${f.other}`, `${CONTESTED_SUITES * ROUNDS} booked`);
row(
  "rush: suite nights with exactly one stay",
  (f) => `${f.suiteNightsWithOneStay} of ${f.suiteNights}${f.suiteNightsWithOneStay === f.suiteNights ? " ✓" : " ✗"}`,
  "all",
);
row("suites holding two stays on one night", (f) => String(f.overlaps), "0");
row(
  "the measured process's RSS at rest / rush peak / after (PGlite: with the database)",
  (f) => `${f.memory.rest.toFixed(0)} / ${f.memory.peak.toFixed(0)} / ${f.memory.after.toFixed(0)} MB`,
  "PGlite: ≤ 256 / ≤ 400 MB",
);
row(
  "statements: a quote / a booking that wins / one told it is full",
  (f) => (f.statements ? `${f.statements.quote} / ${f.statements.won} / ${f.statements.refused}` : "(counted on PostgreSQL)"),
  "fewer",
);
console.log(
  `\nRSS: a fresh process with the server's flags on the seeded database (PGlite: its data folder, reopened), as a restarted server; of it, about ${loaderRss.toFixed(0)} MB is the TypeScript loader it runs under, which a built server does not load.`,
);
for (const f of results) for (const e of f.otherErrors) console.log(`${f.kind} other error: ${e}`);
