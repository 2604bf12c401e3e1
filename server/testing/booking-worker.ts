/**
 * A second server process for the cross-process race tests (server/stays/processes.db.test.ts,
 * server/grooming/processes.db.test.ts, server/callback/processes.db.test.ts): opens the PostgreSQL
 * database named on the command line, runs every request it is given at once (stays, online or by
 * staff, grooms, or callback requests with the simulated telephony; `booking-race.ts` starts it),
 * and prints one line of JSON with the outcome of each.
 */
import { requestCallback } from "../callback/service";
import { openDatabase } from "../db/client";
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

const [url, json, kind = "stay"] = process.argv.slice(2) as [string, string, RaceKind?];
const requests = JSON.parse(json) as unknown[];
const database = await openDatabase({ url, poolSize: requests.length });
const ctx = { siteUrl: "http://localhost:3000", now: new Date() };
const logger = createLogger("silent");

function run(request: unknown): Promise<{ id?: string; callSid?: string }> {
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

const outcomes = await Promise.all(
  requests.map((r) =>
    run(r).then(
      (row) => ({ ok: true, id: row.id ?? row.callSid }),
      (error: unknown) => ({ ok: false, code: error instanceof AppError ? error.code : String(error) }),
    ),
  ),
);
await database.close();
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
