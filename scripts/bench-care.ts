// Care benchmark (ADR 0157, 0163, 0165, 0169): Today with 40 cats in the hotel and a year of care
// entries behind it, on PostgreSQL (a server this script starts in a temporary folder) and on embedded
// PGlite. Each of 40 suites has had a week-long stay after another for a year (the last one checked in
// now), each suite's stays a household's of its own, and each cat's day has its two meals, two doses,
// two litter checks, water, play and three photos (the photos share a few small image bytes). Then
// p50/p95 of `careToday`, of the Today page's loader called with a staff member's session (the guard's
// reads and `careToday`), and of a stay's Care log (`careLog`, with its incidents). Last, today's
// entries are logged for the 40 cats (a day's entries and three photos each) and the evening diary
// (`runCareDiaries` at 18:00: 40 households, 40 mails queued) is timed, its claims and mails removed
// between runs. Prints figures; asserts nothing.
//
// The page itself (ADR 0197), on PostgreSQL: the production build (`npx react-router build` first) is
// served from that database on a port of its own, with each cat's two doses set 12 hours apart, the
// first one due this hour, and today's care logged up to now but that dose: the evening round, as
// Today looks on a full house. It reports Today's weight (its HTML, raw and gzip -9, and every byte the
// page loads) and, at 375 px in headless Chromium, the scroll height of Today and of "Due now", each
// per cat. `--save FILE` keeps the figures; `--before FILE` prints a saved run beside this one.
//
//   npm run bench:care [-- --runs 100] [--diary-runs 5] [--days 365] [--db postgres|pglite|both]
//                      [--port 4800] [--no-page] [--statements] [--save after.json] [--before before.json] [--screenshots DIR]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { like, sql } from "drizzle-orm";
import { addBusinessDays, businessDate, businessLocalToUtc, businessTime } from "~/lib/business-time";
import { loadEnv } from "../server/env";
import { createSession } from "../server/auth/sessions";
import { type Database, type Db, openDatabase, rowsOf } from "../server/db/client";
import {
  careDiarySends,
  careEntries,
  careIncidents,
  carePhotoVariants,
  cats,
  households,
  mailQueue,
  stayCats,
  staySuites,
  stays,
  suiteTypes,
  suites,
  userRoles,
  users,
} from "../server/db/schema/index";
import { careLog, careToday } from "../server/care/care";
import { diaryDueAt, runCareDiaries } from "../server/care/diary";
import { createLogger } from "../server/logger";
import { testRequestContext } from "../server/testing/request-context";
import { loader as todayLoader } from "../app/routes/staff/today";
import { startTempPostgres } from "./temp-postgres";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const RUNS = Number(option("runs", "100"));
const DIARY_RUNS = Number(option("diary-runs", "5"));
const DAYS = Number(option("days", "365"));
const KINDS = option("db", "both") === "both" ? (["postgres", "pglite"] as const) : ([option("db", "postgres")] as ("postgres" | "pglite")[]);
const PAGE = !args.includes("--no-page");
const PORT = Number(option("port", "4800"));
const SAVE = option("save", "");
const BEFORE = option("before", "");
const SCREENSHOTS = option("screenshots", "");
const CATS = 40;
const STAY_NIGHTS = 7;
const PHOTOS_A_DAY = 3;
/**
 * Each cat's two doses: the first due this hour (so the page is measured in a dose round, its window
 * open), the second 12 hours on; the seeded days give them at these times.
 */
const DOSE_TIMES = (() => {
  const hour = Number(businessTime(new Date()).slice(0, 2));
  return [hour, (hour + 12) % 24].map((h) => `${String(h).padStart(2, "0")}:00`);
})();
/** A tiny WebP stands for every photo's sizes: the rows are what the tables carry, and the diary decodes it. */
const PHOTO_BYTES = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#c08040" } })
  .webp()
  .toBuffer();

/**
 * The statements sent to PostgreSQL: every pooled query goes through a client's `query`, so counting
 * those calls counts what a loader asks, whatever the machine's load.
 */
let statements: string[] | null = null;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof clientQuery>) {
  const [text] = args as unknown[];
  statements?.push(typeof text === "string" ? text : String((text as { text?: string } | null)?.text));
  return clientQuery.apply(this, args);
} as typeof clientQuery;
/** The statements `run` sends, each printed with `--statements`. */
async function statementsOf(run: () => Promise<unknown>) {
  statements = [];
  await run();
  const sent = statements;
  statements = null;
  if (args.includes("--statements")) for (const text of sent) console.log(`  ${text.replace(/\s+/g, " ").slice(0, 160)}`);
  return sent.length;
}

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
  loader: { p50: number; p95: number };
  /** The statements one call of Today's loader sends (PostgreSQL only). */
  loaderStatements: number | null;
  log: { p50: number; p95: number };
  cats: number;
  page: PageFigures | null;
  diary: { p50: number; max: number; households: number; queued: number };
}

async function seed(db: Db, now: Date) {
  const today = businessDate(now);
  const [type] = await db.insert(suiteTypes).values({ name: "Bench Suite", maxCats: 1, nightlyRateCents: 5000, extraCatRateCents: 0 }).returning();
  const lanes = await db
    .insert(suites)
    .values(Array.from({ length: CATS }, (_, i) => ({ suiteTypeId: type!.id, name: `Bench ${String(i + 1).padStart(2, "0")}`, sortOrder: 100 + i })))
    .returning();
  // A household a suite, so 40 households are in the house now: the diary sends 40 mails.
  const owners = await db
    .insert(users)
    .values(lanes.map((_, i) => ({ email: `bench-care-owner-${i + 1}@example.com` })))
    .returning();
  const homes = await db
    .insert(households)
    .values(owners.map((o, i) => ({ userId: o.id, name: `Bench Household ${i + 1}`, mobilePhone: "+19492491234" })))
    .returning();
  const guests = await db
    .insert(cats)
    .values(
      lanes.map((_, i) => ({
        householdId: homes[i]!.id,
        name: `Cat ${i + 1}`,
        sex: "female" as const,
        feedingInstructions: "1/4 can at 7am and 6pm",
        medications: [{ name: "Methimazole", dose: "2.5 mg", times: DOSE_TIMES.join(" and ") }],
      })),
    )
    .returning();
  const [staff] = await db.insert(users).values({ email: "bench-care-staff@example.com" }).returning();
  await db.insert(userRoles).values({ userId: staff!.id, role: "care" });

  // Week-long stays laid end to end in each suite over the year; the last one, in the hotel now, began three days ago.
  let entries = 0;
  let photos = 0;
  let lastStay = "";
  const inHouse: { stayId: string; catId: string }[] = [];
  const first = addBusinessDays(today, -DAYS);
  for (let lane = 0; lane < CATS; lane++) {
    const cat = guests[lane]!;
    for (let checkOut = addBusinessDays(today, STAY_NIGHTS - 3); checkOut > first; checkOut = addBusinessDays(checkOut, -STAY_NIGHTS)) {
      const checkIn = addBusinessDays(checkOut, -STAY_NIGHTS);
      const current = checkOut > today;
      const [stay] = await db
        .insert(stays)
        .values({
          householdId: homes[lane]!.id,
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
      if (current) {
        lastStay = stay!.id;
        inHouse.push({ stayId: stay!.id, catId: cat.id });
      }
      // Each day of the stay that has begun, up to yesterday for the stay in the hotel (today's day is still to be logged).
      const rows: (typeof careEntries.$inferInsert)[] = [];
      for (let day = checkIn; day < checkOut && day < today; day = addBusinessDays(day, 1))
        rows.push(...dayOfCare({ stayId: stay!.id, catId: cat.id }, day, staff!.id));
      const saved = await saveEntries(db, rows);
      entries += saved.entries;
      photos += saved.photos;
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
  return { entries, photos, staffId: staff!.id, ownerId: owners.at(-1)!.id, lastStay, inHouse };
}

/** A cat's day of care: two meals, two doses, two litter checks, water, play and the photos. */
function dayOfCare(guest: { stayId: string; catId: string }, day: string, staffUserId: string): (typeof careEntries.$inferInsert)[] {
  const base = { ...guest, day, staffUserId, staffInitials: "BS" };
  const time = (t: string) => businessLocalToUtc(day, t);
  return [
    { ...base, kind: "meal", meal: "Breakfast", eaten: "all", at: time("07:05") },
    { ...base, kind: "meal", meal: "Dinner", eaten: "half", at: time("18:05") },
    ...DOSE_TIMES.map((t) => ({
      ...base,
      kind: "dose" as const,
      medication: "Methimazole",
      dose: "2.5 mg",
      dueAt: time(t),
      outcome: "given" as const,
      at: time(t),
    })),
    { ...base, kind: "litter", urine: true, stool: "normal", at: time("09:00") },
    { ...base, kind: "litter", urine: true, stool: "normal", at: time("19:00") },
    { ...base, kind: "water", at: time("09:05") },
    { ...base, kind: "play", remark: "Chased the feather", at: time("15:00") },
    ...Array.from({ length: PHOTOS_A_DAY }, (_, p) => ({ ...base, kind: "photo" as const, remark: `Photo ${p + 1}`, at: time(`1${p}:30`) })),
  ];
}

/** Saves entries and two sizes of each photo entry's image; answers how many of each. */
async function saveEntries(db: Db, rows: (typeof careEntries.$inferInsert)[]) {
  const saved: { id: string; kind: string }[] = [];
  await insertAll(rows, async (batch) => saved.push(...(await db.insert(careEntries).values(batch).returning({ id: careEntries.id, kind: careEntries.kind }))));
  const variants = saved
    .filter((e) => e.kind === "photo")
    .flatMap((e) => [
      { entryId: e.id, width: 480, height: 360, bytes: PHOTO_BYTES },
      { entryId: e.id, width: 960, height: 720, bytes: PHOTO_BYTES },
    ]);
  await insertAll(variants, (batch) => db.insert(carePhotoVariants).values(batch), 500);
  return { entries: rows.length, photos: variants.length / 2 };
}

/**
 * The evening diary for today with the 40 households in the house: the rest of today's entries are
 * logged for each cat, then `runCareDiaries` runs at 18:00 (or now, when later), and its claims and
 * queued mails are removed before the next run, so each run queues the 40 mails again.
 */
async function benchDiary(db: Db, now: Date, rest: (typeof careEntries.$inferInsert)[], env: ReturnType<typeof loadEnv>) {
  const today = businessDate(now);
  await saveEntries(db, rest);
  await db.execute(sql`analyze care_entries`);
  const at = new Date(Math.max(now.getTime(), diaryDueAt(today).getTime()));
  const deps = { db, env, logger: createLogger("silent") };
  const forget = async () => {
    await db.delete(careDiarySends);
    await db.delete(mailQueue).where(like(mailQueue.dedupeKey, "care-diary:%"));
  };
  const times: number[] = [];
  let last = { due: 0, queued: 0 };
  for (let i = 0; i < DIARY_RUNS; i++) {
    await forget();
    const started = performance.now();
    last = await runCareDiaries(deps, at);
    times.push(performance.now() - started);
  }
  return { p50: quantile(times, 0.5), max: Math.max(...times), households: last.due, queued: last.queued };
}

interface PageFigures {
  htmlBytes: number;
  htmlGzipBytes: number;
  /** Of the HTML, the scripts that carry the loader's data to the page's script (the router's context and its stream). */
  dataBytes: number;
  /** Every response body the page loaded at 375 px (the HTML, scripts, styles, images), as sent. */
  loadedBytes: number;
  scrollHeight: number;
  dueNowHeight: number;
  dueNowRows: number;
  notDoneYetHeight: number;
}

/**
 * Today as a phone shows it: the production build served from `databaseUrl` on PORT, the page fetched
 * with the staff member's session (its HTML's weight), then opened at 375 px in headless Chromium for
 * the scroll heights. Null when there is no build to serve.
 */
async function benchPage(databaseUrl: string, token: string): Promise<PageFigures | null> {
  if (!fs.existsSync("build/server/index.js")) {
    console.error("No production build: run `npx react-router build` for the page's figures.");
    return null;
  }
  const origin = `http://127.0.0.1:${PORT}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-care-page-"));
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      BACKUP_KEEP: "0",
      PUBLIC_SITE_URL: origin,
      NODE_ENV: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  // Its errors only, not the warnings a busy compression stream prints.
  server.stderr.on("data", (chunk: Buffer) => {
    if (!chunk.toString().includes("MaxListenersExceededWarning") && !chunk.toString().includes("--trace-warnings")) process.stderr.write(chunk);
  });
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
      if (
        await fetch(`${origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 300) throw new Error("the server did not answer in 60 s");
      await new Promise((r) => setTimeout(r, 200));
    }
    const cookie = `cat_hotel_session=${token}`;
    const answer = await fetch(`${origin}/staff/today`, { headers: { cookie } });
    if (!answer.ok) throw new Error(`Today answered ${answer.status}`);
    const html = Buffer.from(await answer.arrayBuffer());
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, extraHTTPHeaders: { cookie } });
      const page = await context.newPage();
      let loadedBytes = 0;
      page.on(
        "response",
        (r) =>
          void r.body().then(
            (b) => (loadedBytes += b.length),
            () => undefined,
          ),
      );
      await page.goto(`${origin}/staff/today`, { waitUntil: "networkidle" });
      // A string, not a function: the script runner's helpers would not exist in the page.
      const heights = (await page.evaluate(`(() => {
        const section = (id) => document.getElementById(id)?.closest("section");
        return {
          scrollHeight: document.documentElement.scrollHeight,
          dueNowHeight: section("due-now")?.getBoundingClientRect().height ?? 0,
          dueNowRows: section("due-now")?.querySelectorAll("li").length ?? 0,
          notDoneYetHeight: section("not-done-yet")?.getBoundingClientRect().height ?? 0,
        };
      })()`)) as Pick<PageFigures, "scrollHeight" | "dueNowHeight" | "dueNowRows" | "notDoneYetHeight">;
      // To look at: the top of Today at 375 px and at 1280 px.
      if (SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, "today-375.png"), clip: { x: 0, y: 0, width: 375, height: 2600 } });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: path.join(SCREENSHOTS, "today-1280.png"), clip: { x: 0, y: 0, width: 1280, height: 2200 } });
      }
      const dataBytes = [...html.toString("utf8").matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
        .filter((m) => m[1]!.includes("__reactRouterContext"))
        .reduce((n, m) => n + Buffer.byteLength(m[0]), 0);
      return { htmlBytes: html.length, htmlGzipBytes: zlib.gzipSync(html, { level: 9 }).length, dataBytes, loadedBytes, ...heights };
    } finally {
      await browser.close();
    }
  } finally {
    server.kill();
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bench(database: Database, databaseUrl?: string): Promise<Figures> {
  const { db } = database;
  const now = new Date();
  const started = performance.now();
  const seeded = await seed(db, now);
  // Today's care logged up to now, but the dose due this hour: the round the page is measured in.
  const todays = seeded.inHouse.flatMap((guest) => dayOfCare(guest, businessDate(now), seeded.staffId));
  const dueThisHour = businessLocalToUtc(businessDate(now), DOSE_TIMES[0]!).getTime();
  const soFar = todays.filter((e) => e.at! <= now && !(e.kind === "dose" && e.dueAt!.getTime() === dueThisHour));
  await saveEntries(db, soFar);
  await db.execute(sql`analyze care_entries`);
  const seconds = (performance.now() - started) / 1000;
  const version = (await rowsOf<{ server_version: string }>(db, sql`show server_version`))[0]?.server_version ?? "?";

  const view = await careToday(db, now);
  const inHotel = view.suites.reduce((n, s) => n + s.cats.length, 0);
  const today = await timed(RUNS, () => careToday(db, now));

  // The page's loader as a request reaches it: the session and roles read by the guard, then Today.
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const context = testRequestContext(env, db);
  const { token } = await createSession(db, seeded.staffId, now);
  const request = () => new Request("http://localhost/staff/today", { headers: { cookie: `cat_hotel_session=${token}` } });
  const callLoader = () => todayLoader({ request: request(), context, params: {} } as unknown as Parameters<typeof todayLoader>[0]);
  const loader = await timed(RUNS, callLoader);
  const loaderStatements = database.kind === "postgres" ? await statementsOf(callLoader) : null;
  const log = await timed(RUNS, () => careLog(db, { userId: seeded.ownerId, isStaff: false }, seeded.lastStay, now));
  const page = databaseUrl && PAGE ? await benchPage(databaseUrl, token) : null;
  const diary = await benchDiary(
    db,
    now,
    todays.filter((e) => !soFar.includes(e)),
    env,
  );
  return {
    kind: database.kind,
    version,
    entries: seeded.entries,
    photos: seeded.photos,
    seconds,
    today,
    loader,
    log,
    cats: inHotel,
    page,
    diary,
    loaderStatements,
  };
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
        results.push(await bench(database, server.url("bench")));
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

if (SAVE) fs.writeFileSync(SAVE, JSON.stringify(results, null, 2));
/** A saved run to print beside this one, per database: "before → now". */
const before: Figures[] = BEFORE ? JSON.parse(fs.readFileSync(BEFORE, "utf8")) : [];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const px = (height: number) => `${Math.round(height)} px`;
const row = (label: string, cell: (f: Figures) => string, target = "") => {
  const shown = (f: Figures) => {
    const then = before.find((b) => b.kind === f.kind);
    const was = then ? cell(then) : null;
    return was && was !== "–" ? `${was} → ${cell(f)}` : cell(f);
  };
  console.log(`| ${label} | ${results.map(shown).join(" | ")} | ${target} |`);
};
const onPage = (show: (p: PageFigures, f: Figures) => string) => (f: Figures) => (f.page ? show(f.page, f) : "–");
console.log(`\n${CATS} cats in the hotel; ${DAYS} days of week-long stays behind them, ${PHOTOS_A_DAY} photos a cat a day; ${RUNS} runs each`);
console.log(`Doses at ${DOSE_TIMES.join(" and ")}: the page is measured in the first one's window, today's care logged up to now but that dose.`);
if (BEFORE) console.log(`Before → now: the figures of ${path.basename(BEFORE)}, then this run's.`);
console.log(`\n| figure | ${results.map((f) => (f.kind === "postgres" ? `PostgreSQL ${f.version.split(" ")[0]}` : "PGlite")).join(" | ")} | target |`);
console.log(`|---|${results.map(() => "---|").join("")}---|`);
row("care entries / of them photos (2 sizes each)", (f) => `${f.entries} / ${f.photos}`);
row("seeding", (f) => `${f.seconds.toFixed(0)} s`);
row("cats on Today", (f) => String(f.cats), String(CATS));
row("careToday p50 / p95", (f) => `${ms(f.today.p50)} / ${ms(f.today.p95)}`, "p95 < 100 ms");
row("Today's loader (session, roles, careToday) p50 / p95", (f) => `${ms(f.loader.p50)} / ${ms(f.loader.p95)}`, "p95 < 100 ms");
row("statements one call of Today's loader sends", (f) => (f.loaderStatements === null ? "–" : String(f.loaderStatements)));
row("a stay's Care log (careLog) p50 / p95", (f) => `${ms(f.log.p50)} / ${ms(f.log.p95)}`);
row(
  "Today's HTML / gzip -9",
  onPage((p) => `${kb(p.htmlBytes)} / ${kb(p.htmlGzipBytes)}`),
);
row(
  "of Today's HTML, the loader's data",
  onPage((p) => (p.dataBytes === undefined ? "–" : `${kb(p.dataBytes)} (${Math.round((100 * p.dataBytes) / p.htmlBytes)} %)`)),
);
row(
  "Today's page weight (every response at 375 px)",
  onPage((p) => kb(p.loadedBytes)),
);
row(
  "Today's scroll height at 375 px / per cat",
  onPage((p, f) => `${px(p.scrollHeight)} / ${px(p.scrollHeight / f.cats)}`),
);
row(
  '"Due now" at 375 px: rows / height / per cat',
  onPage((p, f) => `${p.dueNowRows} / ${px(p.dueNowHeight)} / ${px(p.dueNowHeight / f.cats)}`),
  "< 2,000 px",
);
row(
  '"Not done yet" at 375 px',
  onPage((p) => px(p.notDoneYetHeight)),
);
row("households sent the diary / mails queued", (f) => `${f.diary.households} / ${f.diary.queued}`, String(CATS));
row(`the diary run (runCareDiaries) p50 / max of ${DIARY_RUNS}`, (f) => `${ms(f.diary.p50)} / ${ms(f.diary.max)}`, "< 5 s");
