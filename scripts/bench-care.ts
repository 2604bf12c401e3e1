// Care benchmark (ADR 0157, 0165): Today with 40 cats in the hotel and a year of care entries behind it,
// on PostgreSQL (a server this script starts in a temporary folder) and on embedded PGlite. Each of 40
// suites has had a week-long stay after another for a year (the last one checked in now), and each
// cat's day has its two meals, two doses, two litter checks, water, play and three photos (the photos
// share a few small image bytes). Then p50/p95 of `careToday`, of the Today page's loader called with
// a staff member's session (the guard's reads and `careToday`), and of a stay's Care log
// (`careLog`, with its incidents). Prints figures; asserts nothing.
//
//   npm run bench:care [-- --runs 100] [--days 365] [--db postgres|pglite|both]
import { performance } from "node:perf_hooks";
import pg from "pg";
import { sql } from "drizzle-orm";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { loadEnv } from "../server/env";
import { createSession } from "../server/auth/sessions";
import { type Database, type Db, openDatabase, rowsOf } from "../server/db/client";
import {
  careEntries,
  careIncidents,
  carePhotoVariants,
  cats,
  households,
  stayCats,
  staySuites,
  stays,
  suiteTypes,
  suites,
  userRoles,
  users,
} from "../server/db/schema/index";
import { careLog, careToday } from "../server/care/care";
import { testRequestContext } from "../server/testing/request-context";
import { loader as todayLoader } from "../app/routes/staff/today";
import { startTempPostgres } from "./temp-postgres";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const RUNS = Number(option("runs", "100"));
const DAYS = Number(option("days", "365"));
const KINDS = option("db", "both") === "both" ? (["postgres", "pglite"] as const) : ([option("db", "postgres")] as ("postgres" | "pglite")[]);
const CATS = 40;
const STAY_NIGHTS = 7;
const PHOTOS_A_DAY = 3;
/** A few hundred bytes stand for a photo's WebP: the sizes' rows are what the tables carry. */
const PHOTO_BYTES = Buffer.alloc(600, 7);

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

/** Inserts rows in batches (a statement's parameters are limited). */
async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

interface Figures {
  kind: string;
  version: string;
  entries: number;
  photos: number;
  seconds: number;
  today: { p50: number; p95: number };
  page: { p50: number; p95: number };
  log: { p50: number; p95: number };
  cats: number;
}

async function seed(db: Db, now: Date) {
  const today = businessDate(now);
  const [type] = await db.insert(suiteTypes).values({ name: "Bench Suite", maxCats: 1, nightlyRateCents: 5000, extraCatRateCents: 0 }).returning();
  const lanes = await db
    .insert(suites)
    .values(Array.from({ length: CATS }, (_, i) => ({ suiteTypeId: type!.id, name: `Bench ${String(i + 1).padStart(2, "0")}`, sortOrder: 100 + i })))
    .returning();
  const [owner] = await db.insert(users).values({ email: "bench-care-owner@example.com" }).returning();
  const [home] = await db.insert(households).values({ userId: owner!.id, name: "Bench Household", mobilePhone: "+19492491234" }).returning();
  const guests = await db
    .insert(cats)
    .values(
      lanes.map((_, i) => ({
        householdId: home!.id,
        name: `Cat ${i + 1}`,
        sex: "female" as const,
        feedingInstructions: "1/4 can at 7am and 6pm",
        medications: [{ name: "Methimazole", dose: "2.5 mg", times: "8am and 8pm" }],
      })),
    )
    .returning();
  const [staff] = await db.insert(users).values({ email: "bench-care-staff@example.com" }).returning();
  await db.insert(userRoles).values({ userId: staff!.id, role: "staff" });

  // Week-long stays laid end to end in each suite over the year; the last one, in the hotel now, began three days ago.
  let entries = 0;
  let photos = 0;
  let lastStay = "";
  const first = addBusinessDays(today, -DAYS);
  for (let lane = 0; lane < CATS; lane++) {
    const cat = guests[lane]!;
    for (let checkOut = addBusinessDays(today, STAY_NIGHTS - 3); checkOut > first; checkOut = addBusinessDays(checkOut, -STAY_NIGHTS)) {
      const checkIn = addBusinessDays(checkOut, -STAY_NIGHTS);
      const current = checkOut > today;
      const [stay] = await db
        .insert(stays)
        .values({
          householdId: home!.id,
          status: current ? "checked_in" : "checked_out",
          checkIn,
          checkOut,
          totalCents: 35_000,
          priceLines: [],
          cancellationTiers: [],
        })
        .returning();
      const [room] = await db.insert(staySuites).values({ stayId: stay!.id, suiteId: lanes[lane]!.id, suiteTypeId: type!.id, checkIn, checkOut }).returning();
      await db.insert(stayCats).values({ stayId: stay!.id, staySuiteId: room!.id, catId: cat.id, catName: cat.name, checkIn, checkOut });
      if (current) lastStay = stay!.id;
      // Each day of the stay that has begun, up to yesterday for the stay in the hotel (today's day is still to be logged).
      const rows: (typeof careEntries.$inferInsert)[] = [];
      for (let day = checkIn; day < checkOut && day < today; day = addBusinessDays(day, 1)) {
        const base = { stayId: stay!.id, catId: cat.id, day, staffUserId: staff!.id, staffInitials: "BS" };
        const time = (t: string) => businessLocalToUtc(day, t);
        rows.push(
          { ...base, kind: "meal", meal: "Breakfast", eaten: "all", at: time("07:05") },
          { ...base, kind: "meal", meal: "Dinner", eaten: "half", at: time("18:05") },
          { ...base, kind: "dose", medication: "Methimazole", dose: "2.5 mg", dueAt: time("08:00"), outcome: "given", at: time("08:10") },
          { ...base, kind: "dose", medication: "Methimazole", dose: "2.5 mg", dueAt: time("20:00"), outcome: "given", at: time("20:05") },
          { ...base, kind: "litter", urine: true, stool: "normal", at: time("09:00") },
          { ...base, kind: "litter", urine: true, stool: "normal", at: time("19:00") },
          { ...base, kind: "water", at: time("09:05") },
          { ...base, kind: "play", remark: "Chased the feather", at: time("15:00") },
          ...Array.from({ length: PHOTOS_A_DAY }, (_, p) => ({ ...base, kind: "photo" as const, remark: `Photo ${p + 1}`, at: time(`1${p}:30`) })),
        );
      }
      const saved: { id: string; kind: string }[] = [];
      await insertAll(rows, async (batch) =>
        saved.push(...(await db.insert(careEntries).values(batch).returning({ id: careEntries.id, kind: careEntries.kind }))),
      );
      const variants = saved
        .filter((e) => e.kind === "photo")
        .flatMap((e) => [
          { entryId: e.id, width: 480, height: 360, bytes: PHOTO_BYTES },
          { entryId: e.id, width: 960, height: 720, bytes: PHOTO_BYTES },
        ]);
      await insertAll(variants, (batch) => db.insert(carePhotoVariants).values(batch), 500);
      entries += rows.length;
      photos += variants.length / 2;
    }
  }
  // An incident on the last stay, so its log reads one.
  await db.insert(careIncidents).values({
    stayId: lastStay,
    whatHappened: "Sneezed twice",
    happenedAt: now,
    whatWasDone: "Watched her",
    vetCalled: false,
    staffInitials: "BS",
  });
  await db.execute(sql`analyze`);
  return { entries, photos, staffId: staff!.id, ownerId: owner!.id, lastStay };
}

async function bench(database: Database): Promise<Figures> {
  const { db } = database;
  const now = new Date();
  const started = performance.now();
  const seeded = await seed(db, now);
  const seconds = (performance.now() - started) / 1000;
  const version = (await rowsOf<{ server_version: string }>(db, sql`show server_version`))[0]?.server_version ?? "?";

  const view = await careToday(db, now);
  const inHotel = view.suites.reduce((n, s) => n + s.cats.length, 0);
  const today = await timed(RUNS, () => careToday(db, now));

  // The page's loader as a request reaches it: the session and roles read by the guard, then Today.
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const context = testRequestContext(env, db);
  const { token } = await createSession(db, seeded.staffId);
  const request = () => new Request("http://localhost/staff/today", { headers: { cookie: `cat_hotel_session=${token}` } });
  const page = await timed(RUNS, () => todayLoader({ request: request(), context, params: {} } as unknown as Parameters<typeof todayLoader>[0]));
  const log = await timed(RUNS, () => careLog(db, { userId: seeded.ownerId, isStaff: false }, seeded.lastStay));
  return { kind: database.kind, version, entries: seeded.entries, photos: seeded.photos, seconds, today, page, log, cats: inHotel };
}

const results: Figures[] = [];
for (const kind of KINDS) {
  if (kind === "postgres") {
    const server = await startTempPostgres("care");
    try {
      const admin = new pg.Client({ connectionString: server.url("postgres") });
      await admin.connect();
      await admin.query("create database bench");
      await admin.end();
      const database = await openDatabase({ url: server.url("bench") });
      try {
        results.push(await bench(database));
      } finally {
        await database.close();
      }
    } finally {
      server.stop();
    }
  } else {
    const database = await openDatabase({});
    try {
      results.push(await bench(database));
    } finally {
      await database.close();
    }
  }
}

const row = (label: string, cell: (f: Figures) => string, target = "") => console.log(`| ${label} | ${results.map(cell).join(" | ")} | ${target} |`);
console.log(`\n${CATS} cats in the hotel; ${DAYS} days of week-long stays behind them, ${PHOTOS_A_DAY} photos a cat a day; ${RUNS} runs each\n`);
console.log(`| figure | ${results.map((f) => (f.kind === "postgres" ? `PostgreSQL ${f.version.split(" ")[0]}` : "PGlite")).join(" | ")} | target |`);
console.log(`|---|${results.map(() => "---|").join("")}---|`);
row("care entries / of them photos (2 sizes each)", (f) => `${f.entries} / ${f.photos}`);
row("seeding", (f) => `${f.seconds.toFixed(0)} s`);
row("cats on Today", (f) => String(f.cats), String(CATS));
row("careToday p50 / p95", (f) => `${ms(f.today.p50)} / ${ms(f.today.p95)}`, "p95 < 100 ms");
row("Today's loader (session, roles, careToday) p50 / p95", (f) => `${ms(f.page.p50)} / ${ms(f.page.p95)}`, "p95 < 100 ms");
row("a stay's Care log (careLog) p50 / p95", (f) => `${ms(f.log.p50)} / ${ms(f.log.p95)}`);
