/**
 * A second server process for the cross-process booking tests (server/stays/processes.db.test.ts,
 * server/grooming/processes.db.test.ts): opens the PostgreSQL database named on the command line,
 * books every request it is given at once (stays, or grooms when told "groom"; `booking-race.ts` starts it), and prints one line
 * of JSON with the outcome of each.
 */
import { openDatabase } from "../db/client";
import { bookGroom } from "../grooming/grooming";
import { AppError } from "../http/errors";
import { bookStay } from "../stays/stays";

type StayRequest = { userId: string; input: Parameters<typeof bookStay>[2] };
type GroomRequest = { user: Parameters<typeof bookGroom>[1]; input: Parameters<typeof bookGroom>[2] };

const [url, json, kind = "stay"] = process.argv.slice(2) as [string, string, string?];
const requests = JSON.parse(json) as (StayRequest | GroomRequest)[];
const database = await openDatabase({ url, poolSize: requests.length });
const ctx = { siteUrl: "http://localhost:3000" };
const book = (r: StayRequest | GroomRequest) =>
  kind === "groom" ? bookGroom(database.db, (r as GroomRequest).user, (r as GroomRequest).input, ctx) : bookStay(database.db, (r as StayRequest).userId, (r as StayRequest).input, ctx);
const outcomes = await Promise.all(
  requests.map((r) =>
    book(r).then(
      (row) => ({ ok: true, id: row.id }),
      (error: unknown) => ({ ok: false, code: error instanceof AppError ? error.code : String(error) }),
    ),
  ),
);
await database.close();
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
