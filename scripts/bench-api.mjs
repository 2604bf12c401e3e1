// API benchmark: the callback endpoint under load on PostgreSQL, next to pgbench doing the same insert
// on the same server in the same run; Twilio's incoming-text webhook (signed, each text a new
// MessageSid) at a fixed rate and at its ceiling; then the time from a sign-in-link request to the
// mail arriving; and the memory of the server on the embedded database (its RSS at rest, at the peak
// of a rush of callbacks and after it). The callbacks' ceiling also prints the CPU time per answer (the
// server's and its database processes'), which a shared machine disturbs less than the rate. Prints
// figures; it asserts nothing. Everything runs on this machine (loopback only).
//
// The callbacks' ceiling and pgbench take turns (--rounds, 3 by default) and the ratio printed is the
// median of the rounds': on a shared machine pgbench alone moves by a third from one run to the next.
//
//   npm run bench:api [-- --no-build] [--rate 200] [--seconds 15] [--concurrency 32] [--rounds 3] [--only callback|incoming|mail|memory]
import { spawn, execFileSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { performance } from "node:perf_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import twilio from "twilio";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RATE = option("rate", 200);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;
/** The incoming webhook's signing secret: only the auth token, so outbound texts and calls stay simulated. */
const TWILIO_AUTH_TOKEN = "bench-auth-token";
const SECONDS = option("seconds", 15);
const CONCURRENCY = option("concurrency", 32);
const ROUNDS = Math.max(1, option("rounds", 3));
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Another name keeps two benchmarks on one PostgreSQL apart.
const DB_NAME = process.env.BENCH_DATABASE_NAME ?? "cathotel_bench";

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (n) => `${n.toFixed(1)} ms`;

/** A distinct valid North American number per request: 949-2XX-XXXX (area 949, exchange 200-999). */
let counter = 0;
function nextNumber() {
  const n = counter++;
  const exchange = 200 + (Math.floor(n / 10_000) % 800);
  return `949${exchange}${String(n % 10_000).padStart(4, "0")}`;
}
/** A distinct client address per request, as a proxy would pass it on. */
const clientIp = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** `databaseUrl` null: the embedded database, in a data folder of its own. */
async function startServer(port, databaseUrl, smtpPort, dataDir) {
  // As `npm run serve` starts it (ADR 0198, 0212).
  const child = spawn(process.execPath, ["--max-semi-space-size=2", "--wasm-lazy-compilation", "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "",
      PORT: String(port),
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      TWILIO_AUTH_TOKEN,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "", DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, "backups") }),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: "warn",
      BACKUP_KEEP: "0",
      // The benchmark measures the endpoint, not the abuse limits.
      CALLBACK_PER_IP_PER_HOUR: "1000000",
      CALLBACK_GLOBAL_PER_HOUR: "100000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Up to 2 minutes: a first start on the embedded database creates and migrates it, slow on a busy machine.
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return child;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error("server did not start");
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function postCallback(port, n) {
  const body = JSON.stringify({ phoneNumber: nextNumber(), sourcePage: "/bench" });
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/callback",
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-forwarded-for": clientIp(n) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/** Twilio's delivery of a text that came in: form-encoded, signed over the public URL and the fields. */
function postIncomingText(port, n) {
  const fields = { MessageSid: `SM${String(n).padStart(32, "0")}`, From: `+1${nextNumber()}`, To: "+19495550100", Body: `Is my cat eating? (${n})` };
  const body = new URLSearchParams(fields).toString();
  const signature = twilio.getExpectedTwilioSignature(TWILIO_AUTH_TOKEN, `http://127.0.0.1:${port}/api/telephony/incoming`, fields);
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/telephony/incoming",
        method: "POST",
        agent,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "x-twilio-signature": signature },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/** Open loop: requests start on schedule whether or not earlier ones have finished. */
async function fixedRate(port, seconds = SECONDS, post = postCallback, first = 0) {
  const total = RATE * seconds;
  const interval = 1000 / RATE;
  const start = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(post(port, first + i));
  }
  const results = await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  return { results, elapsed };
}

/** Closed loop: CONCURRENCY clients send back to back; the throughput ceiling. */
async function maxThroughput(port, post = postCallback, first = 1_000_000) {
  const end = performance.now() + SECONDS * 1000;
  const results = [];
  let n = first;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) results.push(await post(port, n++));
    }),
  );
  return { results, elapsed: (performance.now() - start) / 1000 };
}

function summarize(label, { results, elapsed }) {
  const ok = results.filter((r) => r.status === 200);
  const sorted = ok.map((r) => r.ms).sort((a, b) => a - b);
  const other = results.length - ok.length;
  const rps = ok.length / elapsed;
  console.log(
    `${label.padEnd(34)} ${String(ok.length).padStart(6)} ok ${String(other).padStart(5)} other  ${rps.toFixed(0).padStart(6)} req/s  p50 ${ms(quantile(sorted, 0.5))}  p99 ${ms(quantile(sorted, 0.99))}  max ${ms(sorted.at(-1) ?? NaN)}`,
  );
  return rps;
}

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/** The CPU time (ms) a process of this machine has used so far; 0 once it has ended. */
function cpuMsOf(pid) {
  try {
    // utime and stime, the 14th and 15th fields: counted after the command's closing parenthesis.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop().trim().split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The server's CPU time so far, and each of the bench database's server processes' (PostgreSQL runs on this machine). */
async function cpuTimes(serverPid) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query("select pid from pg_stat_activity where datname = $1", [DB_NAME]);
    return { server: cpuMsOf(serverPid), database: new Map(rows.map(({ pid }) => [pid, cpuMsOf(pid)])) };
  } finally {
    await admin.end();
  }
}

/**
 * CPU time per answer between two readings: a shared machine disturbs it far less than the answers
 * per second. A database process started in between counts from zero.
 */
function printCpuPerAnswer(label, before, after, answers) {
  const database = [...after.database].reduce((sum, [pid, ms]) => sum + ms - (before.database.get(pid) ?? 0), 0);
  const perAnswer = (ms) => `${(ms / answers).toFixed(2)} ms`;
  console.log(`${label.padEnd(34)} server ${perAnswer(after.server - before.server)}  database ${perAnswer(database)}`);
}

function pgbench(databaseUrl) {
  const script = path.join(os.tmpdir(), "bench-callback-insert.sql");
  // The same row the endpoint stores for a lead.
  fs.writeFileSync(
    script,
    [
      "\\set n random(2000000, 9999999)",
      "INSERT INTO call_me_back_form (phone_number, source_page, consent_text, ip_hash, user_agent) VALUES ('+1949' || :n, '/bench', 'consent', 'hash', 'pgbench') RETURNING id;",
      "",
    ].join("\n"),
  );
  const out = execFileSync("pgbench", ["-n", "-f", script, "-c", String(CONCURRENCY), "-j", "2", "-T", String(SECONDS), databaseUrl], { encoding: "utf8" });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  console.log(`${"pgbench (same insert, same server)".padEnd(34)} ${tps.toFixed(0).padStart(27)} tx/s   avg ${latency} ms`);
  return tps;
}

async function magicLinkToMail(port, smtp) {
  const times = [];
  for (let i = 0; i < 10; i++) {
    const email = `bench-${Date.now()}-${i}@example.com`;
    const arrived = new Promise((resolve) => smtp.waiters.set(email, resolve));
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/magic-link`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port}`, "x-forwarded-for": clientIp(5_000_000 + i) },
      body: JSON.stringify({ email }),
    });
    if (!res.ok) throw new Error(`magic-link request answered ${res.status}`);
    await arrived;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${"sign-in link -> mail received".padEnd(34)} n=10  p50 ${ms(quantile(times, 0.5))}  max ${ms(times.at(-1))}`);
}

function startSmtp() {
  const waiters = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) waiters.get(rcpt.address)?.();
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: server.server.address().port, waiters })));
}

/** A process's resident memory in MB, as the system counts it (what a small server's limit applies to). */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

/**
 * The server on the embedded database (what `npm start` runs without DATABASE_URL). Its first start
 * creates and migrates the database, which grows PGlite's memory for good; a server runs most of its
 * life restarted on its folder, so that is measured: its RSS at rest once a page and the API have
 * been served, the highest sampled through a rush of callbacks at the fixed rate, and after it.
 */
async function memoryOnEmbeddedDatabase(smtpPort) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cathotel-bench-api-"));
  const settle = () => new Promise((r) => setTimeout(r, 10_000));
  const stop = async (server) => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  };
  const startAtRest = async () => {
    const port = await freePort();
    const server = await startServer(port, null, smtpPort, dataDir);
    for (const page of ["/", "/book-online", "/healthz"]) await (await fetch(`http://127.0.0.1:${port}${page}`)).arrayBuffer();
    await settle();
    return { port, server, rest: rssOf(server.pid) };
  };
  try {
    const first = await startAtRest();
    await stop(first.server);
    const { port, server, rest } = await startAtRest();
    try {
      let peak = rest;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 100);
      const rush = await fixedRate(port, SECONDS, postCallback, 40_000_000);
      clearInterval(sampler);
      await settle();
      const after = rssOf(server.pid);
      console.log(`\nServer memory on the embedded database (PGlite), a rush of callbacks at ${RATE}/s for ${SECONDS} s\n`);
      summarize(`POST /api/callback at ${RATE} req/s`, rush);
      console.log(`${"RSS at rest, first start (creating)".padEnd(34)} ${first.rest.toFixed(0)} MB`);
      console.log(
        `${"RSS at rest / rush peak / after".padEnd(34)} ${rest.toFixed(0)} MB / ${peak.toFixed(0)} MB / ${after.toFixed(0)} MB   (target: 256 MB at rest, 400 MB at the peak)`,
      );
    } finally {
      await stop(server);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!args.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const databaseUrl = await recreateDatabase();
  const smtp = await startSmtp();
  const port = await freePort();
  const server = await startServer(port, databaseUrl, smtp.port);
  try {
    if (!only || only === "callback") {
      console.log(`\nCallback endpoint on PostgreSQL (simulated telephony), ${os.cpus().length} cores, ${SECONDS} s per phase\n`);
      await fixedRate(port, 2); // warm-up: JIT, connection pool
      summarize(`POST /api/callback at ${RATE} req/s`, await fixedRate(port));
      const ratios = [];
      for (let round = 0; round < ROUNDS; round++) {
        const cpuBefore = await cpuTimes(server.pid);
        const rush = await maxThroughput(port, postCallback, 1_000_000 * (round + 1));
        const cpuAfter = await cpuTimes(server.pid);
        const api = summarize(`POST /api/callback, ${CONCURRENCY} clients`, rush);
        printCpuPerAnswer("  CPU time per answer", cpuBefore, cpuAfter, rush.results.filter((r) => r.status === 200).length);
        const raw = pgbench(databaseUrl);
        ratios.push(api / raw);
        console.log(`${"  ratio, this round".padEnd(34)} ${(api / raw).toFixed(2)}`);
      }
      const sorted = ratios.toSorted((a, b) => a - b);
      console.log(
        `\nratio callback endpoint / pgbench: ${quantile(sorted, 0.5).toFixed(2)} (median of ${ROUNDS} rounds; ${sorted.map((r) => r.toFixed(2)).join(", ")})\n`,
      );
    }
    if (!only || only === "incoming") {
      // Target (ADR 0191): at least 200 texts a second on PostgreSQL, p99 under 100 ms.
      console.log(`\nIncoming-text webhook on PostgreSQL (signed, a new MessageSid each), ${SECONDS} s per phase\n`);
      await fixedRate(port, 2, postIncomingText, 10_000_000); // warm-up
      summarize(`POST /api/telephony/incoming at ${RATE}/s`, await fixedRate(port, SECONDS, postIncomingText, 20_000_000));
      summarize(`POST /api/telephony/incoming, ${CONCURRENCY} cl.`, await maxThroughput(port, postIncomingText, 30_000_000));
    }
    if (!only || only === "mail") await magicLinkToMail(port, smtp);
    if (!only || only === "memory") await memoryOnEmbeddedDatabase(smtp.port);
  } finally {
    server.kill("SIGTERM");
    smtp.server.close();
    agent.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
