// Data benchmark: five years of a busy small business in a fresh PostgreSQL database (200k page-view
// rows, 50k callbacks, 20k vouchers, 30k newsletter sign-ups, 20k appointments over 2,000 customers,
// 50k sign-ins, 8,000 stays with their deposits, balances and refunds), the production server started
// on it, an admin signed in through the real sign-in mail; then p50/p95 and response size of every
// admin API and page, the CSV export's peak memory (RSS of the server process) and GET / latency while
// exports run. Prints figures; asserts two things: the revenue report's CSV, over every year it offers,
// adds up to the sums of the payment rows (ADR 0155), and the ledger of the stays checked out
// reconciles (charges − credits = payments − refunds + owed, with the lines added at check-out and the
// grooms, ADR 0192), or the script fails.
// The PostgreSQL is one this script starts in a temporary folder, so the machine's own is never touched.
//
//   npm run bench:data [-- --no-build] [--runs 40]
import { type ChildProcess, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { revenueYears } from "~/domain/revenue";
import { businessDate, businessLocalToUtc } from "~/lib/business-time";
import { formatCents } from "~/lib/money";
import { openDatabase } from "../server/db/client";
import { fiveYearsOfData } from "../server/testing/five-years";
import { paymentRowSums, paymentRowSumsSql } from "../server/testing/payment-row-sums";
import { signInDetails, startTestSmtp } from "../server/testing/test-smtp";
import { freePort, startBuiltServer, startTempPostgres } from "./temp-postgres";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = option("runs", 40);
const WARMUP = 3;
const ADMIN_EMAIL = "owner@bench.example.com";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- The server ------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One GET, read to the end; no Accept-Encoding, so the size is the uncompressed body. */
function get(port: number, urlPath: string, cookie?: string): Promise<{ status: number; bytes: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, agent, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      const keep = !(res.headers["content-type"] ?? "").startsWith("text/csv");
      res.on("data", (d: Buffer) => {
        bytes += d.length;
        if (keep) chunks.push(d);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const kb = (bytes: number) => (bytes >= 10_240 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024).toFixed(1)} KB`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function measure(port: number, urlPath: string, cookie: string | undefined, runs = RUNS) {
  for (let i = 0; i < WARMUP; i++) await get(port, urlPath, cookie);
  const times: number[] = [];
  let last = { status: 0, bytes: 0 };
  for (let i = 0; i < runs; i++) {
    const r = await get(port, urlPath, cookie);
    times.push(r.ms);
    last = r;
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), status: last.status, bytes: last.bytes };
}

/** The server process's resident memory, and its peak since the last resetPeak() (Linux /proc). */
const memory = (pid: number) => {
  const status = () => fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status())?.[1] ?? Number.NaN) * 1024;
  return {
    rss: () => field("VmRSS"),
    peak: () => field("VmHWM"),
    /** Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS. */
    resetPeak: () => fs.writeFileSync(`/proc/${pid}/clear_refs`, "5"),
  };
};

// --- The run ---------------------------------------------------------------------------------------------

async function main() {
  if (!args.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const postgres = await startTempPostgres("data");
  const smtp = await startTestSmtp();
  let server: ChildProcess | undefined;
  try {
    const admin = new pg.Client({ connectionString: postgres.url("postgres") });
    await admin.connect();
    await admin.query("create database cathotel_data");
    await admin.end();
    const databaseUrl = postgres.url("cathotel_data");
    const migrated = await openDatabase({ url: databaseUrl });
    await migrated.close();

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    console.log("Filling a fresh PostgreSQL database with five years of data:");
    for (const { label, sql } of fiveYearsOfData()) {
      const started = performance.now();
      await client.query(sql);
      console.log(`  ${label.padEnd(26)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await client.query("vacuum analyze");

    const port = await freePort();
    server = await startBuiltServer({ port, databaseUrl, smtpUrl: smtp.url, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    const mem = memory(server.pid!);

    // The admin signs in as a person does: the mail's code, typed in.
    await fetch(`http://127.0.0.1:${port}/api/auth/magic-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    const { code } = signInDetails(await smtp.waitForMail(ADMIN_EMAIL));
    const verified = await fetch(`http://127.0.0.1:${port}/api/auth/verify-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL, code }),
    });
    const cookie = verified.headers.getSetCookie()[0]?.split(";")[0];
    if (!verified.ok || !cookie) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);

    // The inbox 100,000 leads down (the last 25 of 100,000, page 4,000 of 25): older than the 99,975th.
    const { rows: deepest } = await client.query<{ cursor: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id as cursor from (
         select created_at, id from call_me_back_form union all select created_at, id from voucher_requests union all select created_at, id from newsletter_signups
       ) leads order by created_at desc, id desc offset 99974 limit 1`,
    );
    const deep = `before=${encodeURIComponent(deepest[0]!.cursor)}`;
    await client.end();

    const today = businessDate(new Date());
    const daysAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const apis: [string, string][] = [
      ["me", "/api/admin/me"],
      ["analytics, 30 days", `/api/admin/analytics?from=${daysAgo(29)}&to=${today}`],
      ["analytics, 365 days", `/api/admin/analytics?from=${daysAgo(364)}&to=${today}`],
    ];
    const pages: [string, string][] = [
      ["dashboard", "/admin"],
      ["bookings", "/admin/bookings"],
      ["leads inbox", "/admin/leads"],
      ["leads, 100,000 back", `/admin/leads?${deep}`],
      ["leads, search name", "/admin/leads?q=nguyen"],
      ["leads, newsletter only", "/admin/leads?kind=newsletter"],
      ["leads, status new", "/admin/leads?staffStatus=new"],
      ["leads, search e-mail", "/admin/leads?q=reader2941"],
      ["leads, search phone", "/admin/leads?q=2012345"],
      ["analytics, 30 days", "/admin/analytics"],
      ["analytics, 90 days", "/admin/analytics?days=90"],
      ["analytics, 365 days", `/admin/analytics?from=${daysAgo(364)}&to=${today}`],
      ["revenue, last 12 months", "/admin/analytics/revenue"],
      ["revenue, last year", `/admin/analytics/revenue?year=${Number(today.slice(0, 4)) - 1}`],
      ["revenue CSV, last year", `/admin/analytics/revenue.csv?year=${Number(today.slice(0, 4)) - 1}`],
      ["content", "/admin/content"],
      ["integrations", "/admin/integrations"],
    ];

    const row = (label: string, r: { p50: number; p95: number; status: number; bytes: number }) =>
      console.log(
        `| ${label.padEnd(24)} | ${r.p50.toFixed(1).padStart(7)} | ${r.p95.toFixed(1).padStart(7)} | ${kb(r.bytes).padStart(8)} |${r.status === 200 ? "" : ` status ${r.status}`}`,
      );
    console.log(`\n${RUNS} sequential requests each, after ${WARMUP} to warm up; times in ms, sizes uncompressed.\n`);
    console.log("| Admin API                | p50 ms  | p95 ms  | size     |\n|---|---:|---:|---:|");
    for (const [label, urlPath] of apis) row(label, await measure(port, urlPath, cookie));
    console.log("\n| Admin page               | p50 ms  | p95 ms  | size     |\n|---|---:|---:|---:|");
    for (const [label, urlPath] of pages) row(label, await measure(port, urlPath, cookie));

    // The revenue report, every year it offers, against the payment rows from the first of them.
    const years = revenueYears(today);
    const report = { deposits: 0, balances: 0, refunds: 0, net: 0 };
    for (const year of years) {
      const csv = await (await fetch(`http://127.0.0.1:${port}/admin/analytics/revenue.csv?year=${year}`, { headers: { cookie } })).text();
      const [header, ...lines] = csv.trimEnd().split("\r\n");
      const column = (name: string) => header!.split(",").indexOf(`"${name}"`);
      const total = lines.find((l) => l.startsWith("Total,Stays,"))!.split(",");
      const cents = (name: string) => Math.round(Number(total[column(name)]) * 100);
      report.deposits += cents("Deposits");
      report.balances += cents("Balances");
      report.refunds += cents("Refunds");
      report.net += cents("Net");
    }
    const sumsClient = new pg.Client({ connectionString: databaseUrl });
    await sumsClient.connect();
    const since = businessLocalToUtc(`${years.at(-1)}-01-01`, "00:00").toISOString();
    const { rows: sumRows } = await sumsClient.query(paymentRowSumsSql(since));
    const { rows: count } = await sumsClient.query(
      "select (select count(*) from payments)::int as payments, (select count(*) from payment_refunds)::int as refunds",
    );
    await sumsClient.end();
    const rows = paymentRowSums(sumRows[0]!);
    console.log(
      `\nRevenue report (CSV, ${years.at(-1)}–${years[0]}) against the ${count[0].payments.toLocaleString("en-US")} payment and ${count[0].refunds.toLocaleString("en-US")} refund rows:`,
    );
    console.log("| Figure   | report | payment rows |   |\n|---|---:|---:|---|");
    let reconciled = true;
    for (const key of ["deposits", "balances", "refunds", "net"] as const) {
      const same = report[key] === rows[key];
      reconciled &&= same;
      console.log(`| ${key.padEnd(8)} | ${formatCents(report[key])} | ${formatCents(rows[key])} | ${same ? "equal" : "DIFFERENT"} |`);
    }
    if (!reconciled) process.exitCode = 1;

    // The ledger of the stays checked out (ADR 0182, 0192): charges − credits = payments − refunds + owed,
    // the charges being the booked price before offers and every line added at check-out, the credits
    // the offers and discounts; and the grooms' money, paid at the desk or on a stay's bill.
    const ledgerClient = new pg.Client({ connectionString: databaseUrl });
    await ledgerClient.connect();
    const { rows: ledgerRows } = await ledgerClient.query<Record<string, string>>(`
      with stay_ledger as (
        select s.total_cents as total, s.first_night_free_cents + s.referral_credit_cents as offers,
          coalesce((select -sum(cents) from stay_bill_lines l where l.stay_id = s.id and l.cents < 0), 0) as discounts,
          coalesce((select sum(cents) from stay_bill_lines l where l.stay_id = s.id and l.cents > 0), 0) as added,
          coalesce((select sum(amount_cents) from payments p where p.stay_id = s.id and p.status = 'paid'), 0) as paid,
          coalesce((select sum(refunded_cents) from payments p where p.stay_id = s.id and p.status = 'paid'), 0) as refunded
        from stays s where s.status = 'checked_out')
      select count(*)::int as stays, sum(total + offers + discounts)::bigint as charges, sum(added)::bigint as added, sum(offers + discounts)::bigint as credits,
        sum(discounts)::bigint as discounts, sum(paid)::bigint as paid, sum(refunded)::bigint as refunded,
        sum(greatest(0, total - paid + refunded))::bigint as owed, sum(greatest(0, paid - refunded - total))::bigint as overpaid,
        (select count(*) from stay_bill_lines)::int as lines,
        (select coalesce(sum(cents), 0) from stay_bill_lines where kind = 'groom')::bigint as grooms_billed,
        (select coalesce(sum(amount_cents), 0) from groom_payments)::bigint as grooms_paid,
        (select coalesce(sum(amount_cents), 0) from groom_guarantees)::bigint as grooms_given_back
      from stay_ledger`);
    await ledgerClient.end();
    const ledger = Object.fromEntries(Object.entries(ledgerRows[0]!).map(([k, v]) => [k, Number(v)]));
    const left = ledger.charges! - ledger.credits!;
    const right = ledger.paid! - ledger.refunded! + ledger.owed! - ledger.overpaid!;
    console.log(
      `\nThe ledger of the ${ledger.stays!.toLocaleString("en-US")} stays checked out (${ledger.lines!.toLocaleString("en-US")} lines added at check-out, grooms billed on stays included):`,
    );
    console.log("| Figure | amount |\n|---|---:|");
    for (const [label, cents] of [
      ["charges (booked price before offers, lines added)", ledger.charges!],
      ["  of which added at check-out", ledger.added!],
      ["credits (offers, discounts)", ledger.credits!],
      ["  of which discounts", ledger.discounts!],
      ["payments", ledger.paid!],
      ["refunds", ledger.refunded!],
      ["owed", ledger.owed!],
      ["paid beyond the price", ledger.overpaid!],
      ["charges − credits", left],
      ["payments − refunds + owed − paid beyond", right],
      ["grooms billed on stays", ledger.grooms_billed!],
      ["grooms paid at the desk", ledger.grooms_paid!],
      ["grooms given back (guarantee)", ledger.grooms_given_back!],
      ["grooms' net at the desk", ledger.grooms_paid! - ledger.grooms_given_back!],
    ] as const)
      console.log(`| ${label} | ${formatCents(cents)} |`);
    const ledgerHolds = left === right && ledger.grooms_paid! >= ledger.grooms_given_back!;
    console.log(ledgerHolds ? "The ledger reconciles to the cent." : "The ledger does NOT reconcile.");
    if (!ledgerHolds) process.exitCode = 1;

    // The export, and the home page beside it.
    const exportPath = "/api/admin/leads/export.csv?kind=callback";
    const homeWhile = async (work: Promise<unknown>) => {
      let done = false;
      void work.finally(() => (done = true));
      const times: number[] = [];
      while (!done) times.push((await get(port, "/")).ms);
      return times;
    };

    /**
     * `rounds` times `parallel` exports at once, GET / asked again and again meanwhile; GET / is also
     * measured idle just before, so both figures see the same machine (others may be using it too).
     */
    const exportRuns = async (parallel: number, rounds: number) => {
      await sleep(1000);
      const idle = await measure(port, "/", undefined);
      const before = mem.rss();
      mem.resetPeak();
      const started = performance.now();
      const exports = (async () => {
        let bytes = 0;
        for (let i = 0; i < rounds; i++) bytes = (await Promise.all(Array.from({ length: parallel }, () => get(port, exportPath, cookie))))[0]!.bytes;
        return bytes;
      })();
      const home = await homeWhile(exports);
      const bytes = await exports;
      const seconds = (performance.now() - started) / 1000 / rounds;
      const peak = mem.peak();
      await sleep(3000);
      return { before, peak, after: mem.rss(), seconds, bytes, home, idle };
    };
    const one = await exportRuns(1, 5);
    const four = await exportRuns(4, 1);

    console.log(`\nCSV export of 50,000 callbacks (${kb(one.bytes)}), five times one after the other, then four at once:`);
    console.log(
      "| Export            | s each | RSS before | peak RSS | peak − before | RSS 3 s after | GET / idle p50, p95 ms | GET / during: n, p50, p95 ms |\n|---|---:|---:|---:|---:|---:|---|---|",
    );
    for (const [label, r] of [
      ["one at a time", one],
      ["four at once", four],
    ] as const) {
      console.log(
        `| ${label.padEnd(17)} | ${r.seconds.toFixed(1)} | ${mb(r.before)} | ${mb(r.peak)} | ${mb(r.peak - r.before)} | ${mb(r.after)} | ${r.idle.p50.toFixed(1)}, ${r.idle.p95.toFixed(1)} | ${r.home.length}, ${quantile(r.home, 0.5).toFixed(1)}, ${quantile(r.home, 0.95).toFixed(1)} |`,
      );
    }
  } finally {
    server?.kill("SIGTERM");
    await sleep(500);
    await smtp.close();
    agent.destroy();
    postgres.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
