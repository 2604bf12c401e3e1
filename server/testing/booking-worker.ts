/**
 * A second server process for the cross-process race tests (server/stays/processes.db.test.ts,
 * server/grooming/processes.db.test.ts, server/callback/processes.db.test.ts). It reads one race a line
 * on stdin (`{ url, requests, kind }`), opens the PostgreSQL database named there, runs every request at
 * once (stays, online or by staff, grooms, or callback requests with the simulated telephony) and
 * prints one line of JSON with the outcome of each; it ends when stdin closes. `booking-race.ts` starts
 * it once per test file: starting the process and loading the server was most of a race test's time.
 */
import readline from "node:readline";
import { requestCallback } from "../callback/service";
import { type Database, openDatabase } from "../db/client";
import { loadEnv } from "../env";
import { bookGroom } from "../grooming/grooming";
import { AppError } from "../http/errors";
import { createLogger } from "../logger";
import { bookStayForHousehold } from "../stays/staff";
import { bookStayForm } from "~/features/stays/schema";
import { parseBody } from "../http/validation";
import { createTelephony } from "../telephony/telephony";
import { bookStayFromForm } from "./stay-forms";

/** A customer's own booking, or (with `staff`) staff booking for the household at the desk; `input` as the form posts it. */
type StayRequest =
  { userId: string; input: Parameters<typeof bookStayFromForm>[2] } | { householdId: string; staff: string; input: Parameters<typeof bookStayFromForm>[2] };
type GroomRequest = { user: Parameters<typeof bookGroom>[1]; input: Parameters<typeof bookGroom>[2] };
/** `env`: the variables this process runs with (the abuse limits). */
type CallbackRequest = { input: Parameters<typeof requestCallback>[1]; env: Record<string, string> };
export type RaceKind = "stay" | "groom" | "callback";

/** One race, as `booking-race.ts` sends it. */
export type Race = { url: string; requests: unknown[]; kind: RaceKind };

const logger = createLogger("silent");

type Ctx = { siteUrl: string; now: Date };

function run(database: Database, kind: RaceKind, request: unknown, ctx: Ctx): Promise<{ id?: string; callSid?: string }> {
  if (kind === "groom") {
    const r = request as GroomRequest;
    return bookGroom(database.db, r.user, r.input, ctx);
  }
  if (kind === "callback") {
    const r = request as CallbackRequest;
    const env = loadEnv({ NODE_ENV: "test", ...r.env });
    return requestCallback({ db: database.db, env, logger, telephony: createTelephony(env, database.db, logger) }, r.input, new Date());
  }
  const r = request as StayRequest;
  if ("staff" in r) return bookStayForHousehold(database.db, r.householdId, parseBody(bookStayForm, r.input), r.staff, ctx);
  return bookStayFromForm(database.db, r.userId, r.input, ctx);
}

// Loaded: the first race may start (booking-race.ts waits for this line).
process.stdout.write("ready\n");
for await (const line of readline.createInterface({ input: process.stdin })) {
  const { url, requests, kind } = JSON.parse(line) as Race;
  const database = await openDatabase({ url, poolSize: requests.length });
  const ctx = { siteUrl: "http://localhost:3000", now: new Date() };
  const outcomes = await Promise.all(
    requests.map((r) =>
      run(database, kind, r, ctx).then(
        (row) => ({ ok: true, id: row.id ?? row.callSid }),
        (error: unknown) => ({ ok: false, code: error instanceof AppError ? error.code : String(error) }),
      ),
    ),
  );
  await database.close();
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
}
