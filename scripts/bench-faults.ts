// Fault benchmark: two production server processes on one PostgreSQL take callback and voucher requests
// at a steady rate for 60 s while the database connections are cut five times and PostgreSQL restarts
// once. Prints what was acknowledged, stored and lost, duplicate calls, process exits and the longest
// time without service. Then the stall stage: a signed-in customer posts their cat page with
// `medications[9999].name=x` and their check-in page with `cats[9999].catId=x` over and over (one such
// post once held a process for 80 s), while /healthz on the same process is timed: its p99 (target
// under 100 ms). It asserts nothing. The PostgreSQL is one this script starts in a temporary folder
// (on a free loopback port), so the machine's own server is never touched.
//
//   npm run bench:faults [-- --no-build] [--seconds 60] [--rate 16] [--stall-seconds 15] [--stall-rate 5] [--stall-only]
import { execFileSync } from "node:child_process";
import http from "node:http";
import type net from "node:net";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { VOUCHER_CONSENT_TEXT } from "~/features/leads/schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { sessionCookieName } from "../server/auth/cookies";
import { createSession } from "../server/auth/sessions";
import { openDatabase } from "../server/db/client";
import { stayCats, staySuites, stays, suites } from "../server/db/schema/index";
import { testHousehold } from "../server/testing/households";
import { testSuiteType } from "../server/testing/suites";
import { freePort, startBuiltServer, startTempPostgres } from "./temp-postgres";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = option("seconds", 60);
// 16/s: the vouchers (half) stay under their site-wide cap of 500 an hour in a 60 s run.
const RATE = option("rate", 16);
const CUTS = 5;
const STALL_SECONDS = option("stall-seconds", 15);
// 5/s: a steady stream well below what one process serves, so /healthz measures the stall, not a queue.
const STALL_RATE = option("stall-rate", 5);
const STALL_ONLY = args.includes("--stall-only");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- The servers ---------------------------------------------------------------------------------------

function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  return new Promise<{ port: number; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ port: (server.server.address() as net.AddressInfo).port, close: () => server.close() })),
  );
}

/** A server of the benchmark; every way it ends is recorded in `exits` (the benchmark expects none). */
const startServer = (port: number, databaseUrl: string, smtpPort: number, exits: string[]) =>
  startBuiltServer({
    port,
    databaseUrl,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    // The benchmark measures faults, not the abuse limits.
    env: { CALLBACK_PER_IP_PER_HOUR: "1000000", CALLBACK_GLOBAL_PER_HOUR: "100000000" },
    onExit: (how) => exits.push(`port ${port}: ${how}`),
  });

// --- The load --------------------------------------------------------------------------------------------

let sequence = 0;
/** A distinct callable number per request (area 949, exchanges 200-999 but 555). */
function nextNumber() {
  const n = sequence++;
  let exchange = 200 + (Math.floor(n / 10_000) % 800);
  if (exchange === 555 || exchange % 100 === 11) exchange += 1;
  return `949${exchange}${String(n % 10_000).padStart(4, "0")}`;
}

interface Outcome {
  kind: "callback" | "voucher";
  key: string;
  at: number;
  status: number;
  code?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function post(port: number, urlPath: string, body: unknown, ip: string): Promise<{ status: number; code?: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: "POST",
        agent,
        timeout: 15_000,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text), "x-forwarded-for": ip },
      },
      (res) => {
        let data = "";
        res.on("data", (d) => (data += d));
        res.on("end", () => {
          let code: string | undefined;
          try {
            code = JSON.parse(data)?.error?.code;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, code });
        });
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0 }));
    req.end(text);
  });
}

/** Stored for sure: a callback answered 200, or 503 CALL_DELAYED ("we saved your number"); a voucher 201. */
const acknowledged = (o: Outcome) => (o.kind === "callback" ? o.status === 200 || o.code === "CALL_DELAYED" : o.status === 201);

// --- The stall stage -------------------------------------------------------------------------------------

/** A request's status and how long it took, in ms (status 0: no answer in 15 s). */
function timed(port: number, method: "GET" | "POST", urlPath: string, headers: Record<string, string> = {}, body?: string) {
  const started = performance.now();
  return new Promise<{ status: number; ms: number }>((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, method, agent, timeout: 15_000, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * A customer with a cat and a confirmed stay ten days ahead, signed in: the two pages of the stall
 * (issue 41, item 1) are theirs, so each post reaches the page's form parsing.
 */
async function stallCustomer(databaseUrl: string) {
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  const { db } = database;
  const now = new Date();
  const home = await testHousehold(db, now);
  const checkIn = addBusinessDays(businessDate(now), 10);
  const dates = { checkIn, checkOut: addBusinessDays(checkIn, 2) };
  const type = await testSuiteType(db, 1, { maxCats: 4 });
  const [suite] = await db.select().from(suites).where(eq(suites.suiteTypeId, type.id));
  const [stay] = await db
    .insert(stays)
    .values({ householdId: home.householdId, status: "confirmed", ...dates, totalCents: 10_000, priceLines: [], cancellationTiers: [] })
    .returning();
  const [room] = await db
    .insert(staySuites)
    .values({ stayId: stay!.id, suiteId: suite!.id, suiteTypeId: type.id, ...dates })
    .returning();
  await db.insert(stayCats).values({ stayId: stay!.id, staySuiteId: room!.id, catId: home.catIds[0]!, catName: "Miso", ...dates });
  const { token } = await createSession(db, home.user.id, now);
  await database.close();
  return { catId: home.catIds[0]!, stayId: stay!.id, cookie: `${sessionCookieName({ isProduction: true })}=${token}` };
}

interface Load {
  method: "GET" | "POST";
  urlPath: string;
  body?: string;
}

/**
 * `load` sent at `rate` requests a second (each in turn, not waiting for the one before) for `seconds`
 * while /healthz on the same process is asked every 20 ms; prints both latencies. At rate 0, /healthz
 * alone: the machine's own baseline.
 */
async function phase(port: number, cookie: string, title: string, load: Load[], rate: number, seconds: number) {
  const started = performance.now();
  const end = started + seconds * 1000;
  const health: number[] = [];
  let healthFailures = 0;
  const sent: Array<{ status: number; ms: number }> = [];
  const pendingSends: Promise<void>[] = [];
  const sender = (async () => {
    for (let n = 0; rate > 0 && n < rate * seconds; n++) {
      await sleep(Math.max(0, started + (n * 1000) / rate - performance.now()));
      const { method, urlPath, body } = load[n % load.length]!;
      const headers: Record<string, string> = { cookie };
      if (body !== undefined)
        Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) });
      pendingSends.push(timed(port, method, urlPath, headers, body).then((r) => void sent.push(r)));
    }
  })();
  const prober = (async () => {
    while (performance.now() < end) {
      const r = await timed(port, "GET", "/healthz");
      if (r.status === 200) health.push(r.ms);
      else healthFailures++;
      await sleep(20);
    }
  })();
  await Promise.all([sender, prober]);
  await Promise.all(pendingSends);

  const sortedHealth = health.toSorted((a, b) => a - b);
  const sortedSent = sent.map((s) => s.ms).toSorted((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const s of sent) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`\n  ${title} (${seconds} s)`);
  if (rate > 0) {
    console.log(`    requests        ${sent.length}   answers: ${[...statuses].map(([status, n]) => `${status} ×${n}`).join(", ")}`);
    console.log(`    their latency   p50 ${ms(percentile(sortedSent, 50))}, p99 ${ms(percentile(sortedSent, 99))}, max ${ms(sortedSent.at(-1) ?? NaN)}`);
  }
  console.log(`    /healthz        ${health.length} answered, ${healthFailures} failed`);
  console.log(`    /healthz        p50 ${ms(percentile(sortedHealth, 50))}, p99 ${ms(percentile(sortedHealth, 99))}, max ${ms(sortedHealth.at(-1) ?? NaN)}`);
  return percentile(sortedHealth, 99);
}

/**
 * The stall (issue 41, item 1) beside its baselines: /healthz alone, then beside the cat page opened
 * STALL_RATE times a second (an ordinary page render), then beside the two stalling forms posted as often.
 */
async function stallStage(port: number, databaseUrl: string) {
  const customer = await stallCustomer(databaseUrl);
  console.log(`\nStall stage: /healthz on one process while a signed-in customer's pages are requested`);
  await phase(port, customer.cookie, "/healthz alone", [], 0, 5);
  await phase(
    port,
    customer.cookie,
    `the cat page opened ${STALL_RATE}/s (GET)`,
    [{ method: "GET", urlPath: `/cats/${customer.catId}` }],
    STALL_RATE,
    STALL_SECONDS,
  );
  const p99 = await phase(
    port,
    customer.cookie,
    `medications[9999].name=x (cat page) and cats[9999].catId=x (check-in page) posted ${STALL_RATE}/s`,
    [
      { method: "POST", urlPath: `/cats/${customer.catId}`, body: "intent=save&medications%5B9999%5D.name=x" },
      { method: "POST", urlPath: `/trips/${customer.stayId}/check-in`, body: "intent=plan&cats%5B9999%5D.catId=x" },
    ],
    STALL_RATE,
    STALL_SECONDS,
  );
  console.log(`\n  /healthz p99 beside the stalling posts: ${p99.toFixed(1)} ms   (target under 100 ms)`);
}

async function main() {
  if (!args.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const postgres = await startTempPostgres("faults");
  const smtp = await startSmtp();
  const admin = new pg.Client({ connectionString: postgres.url("postgres") });
  await admin.connect();
  await admin.query("create database cathotel_faults");
  await admin.end();
  const databaseUrl = postgres.url("cathotel_faults");

  const exits: string[] = [];
  const ports = [await freePort(), await freePort()];
  // Both start together on the empty database: the migrations take turns under their lock.
  const servers = await Promise.all(ports.map((port) => startServer(port, databaseUrl, smtp.port, exits)));
  const startExits = exits.length;

  if (!STALL_ONLY) await faultStage(ports, postgres, databaseUrl, exits, startExits);
  await stallStage(ports[0]!, databaseUrl);

  for (const s of servers) s.kill("SIGTERM");
  await sleep(1000);
  smtp.close();
  postgres.stop();
  agent.destroy();
}

async function faultStage(ports: number[], postgres: Awaited<ReturnType<typeof startTempPostgres>>, databaseUrl: string, exits: string[], startExits: number) {
  const outcomes: Outcome[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = RATE * SECONDS;
  const faults: string[] = [];
  const faultTimes = [...Array.from({ length: CUTS }, (_, i) => ((i + 1) * SECONDS) / (CUTS + 2)), ((CUTS + 1) * SECONDS) / (CUTS + 2)];
  const faultsDone = (async () => {
    for (const [i, t] of faultTimes.entries()) {
      await sleep(Math.max(0, start + t * 1000 - performance.now()));
      try {
        if (i < CUTS) {
          const c = new pg.Client({ connectionString: postgres.url("postgres") });
          await c.connect();
          const { rowCount } = await c.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = 'cathotel_faults'");
          await c.end();
          faults.push(`${t.toFixed(0)} s: cut ${rowCount} connections`);
        } else {
          const before = performance.now();
          postgres.restart();
          faults.push(`${t.toFixed(0)} s: PostgreSQL restarted (${((performance.now() - before) / 1000).toFixed(1)} s down)`);
        }
      } catch (error) {
        faults.push(`${t.toFixed(0)} s: fault failed: ${(error as Error).message}`);
      }
    }
  })();

  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const port = ports[i % 2]!;
    const ip = `10.9.${(i >> 8) & 255}.${i & 255}`;
    const at = (performance.now() - start) / 1000;
    if (i % 2 === 0) {
      const digits = nextNumber();
      pending.push(
        post(port, "/api/callback", { phoneNumber: digits, sourcePage: "/bench" }, ip).then(
          (r) => void outcomes.push({ kind: "callback", key: `+1${digits}`, at, ...r }),
        ),
      );
    } else {
      const email = `faults-${i}@example.com`;
      const body = { name: "Fault Bench", email, phone: "+19492497788", consent: true, consentText: VOUCHER_CONSENT_TEXT, sourcePage: "/bench" };
      pending.push(post(port, "/api/leads/voucher", body, ip).then((r) => void outcomes.push({ kind: "voucher", key: email, at, ...r })));
    }
  }
  await Promise.all(pending);
  await faultsDone;

  // What the database holds, read after the run.
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const storedCallbacks = new Set(
    (await check.query<{ phone_number: string }>("select phone_number from call_me_back_form where source_page = '/bench'")).rows.map((r) => r.phone_number),
  );
  const storedVouchers = new Set((await check.query<{ email: string }>("select email from voucher_requests")).rows.map((r) => r.email));
  const duplicateCalls = (await check.query<{ n: string }>("select count(*) - count(distinct \"to\") as n from telephony_events where kind = 'call'")).rows[0]!
    .n;
  const pendingLeads = (
    await check.query<{ status: string; n: string }>("select call_status as status, count(*) as n from call_me_back_form group by 1 order by 1")
  ).rows;
  await check.end();

  const acked = outcomes.filter(acknowledged);
  const lost = acked.filter((o) => !(o.kind === "callback" ? storedCallbacks : storedVouchers).has(o.key));
  const successTimes = acked.map((o) => o.at).sort((a, b) => a - b);
  let longestGap = successTimes.length ? successTimes[0]! : SECONDS;
  for (let i = 1; i < successTimes.length; i++) longestGap = Math.max(longestGap, successTimes[i]! - successTimes[i - 1]!);
  longestGap = Math.max(longestGap, SECONDS - (successTimes.at(-1) ?? 0));
  const byStatus = new Map<string, number>();
  for (const o of outcomes)
    byStatus.set(`${o.kind} ${o.status}${o.code ? ` ${o.code}` : ""}`, (byStatus.get(`${o.kind} ${o.status}${o.code ? ` ${o.code}` : ""}`) ?? 0) + 1);

  console.log(`\nFault benchmark: 2 production processes, one PostgreSQL, ${RATE} requests/s for ${SECONDS} s (half callbacks, half vouchers)`);
  for (const f of faults) console.log(`  fault   ${f}`);
  for (const [k, n] of [...byStatus].sort()) console.log(`  answer  ${k.padEnd(34)} ${n}`);
  console.log(`  leads by call status afterwards: ${pendingLeads.map((r) => `${r.status} ${r.n}`).join(", ")}`);
  console.log("");
  console.log(`  requests sent              ${outcomes.length}`);
  console.log(`  acknowledged leads         ${acked.length}`);
  console.log(`  stored leads               ${storedCallbacks.size + storedVouchers.size}`);
  console.log(`  lost leads                 ${lost.length}   (acknowledged but not stored; must be 0)`);
  console.log(`  duplicate calls            ${duplicateCalls}   (must be 0)`);
  console.log(`  process exits              ${exits.length - startExits}   (must be 0)`);
  console.log(`  longest time without service  ${longestGap.toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
