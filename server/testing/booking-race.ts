/**
 * What the cross-process booking tests share: twenty customers, each with one cat whose required
 * vaccine is verified, and the race itself, half of the requests in each of two worker processes
 * (`booking-worker.ts`) on one PostgreSQL database.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import type { RaceKind } from "./booking-worker";
import { testHousehold } from "./households";

const run = promisify(execFile);
const worker = path.resolve("server/testing/booking-worker.ts");
const tsx = path.resolve("node_modules/.bin/tsx");

/**
 * `count` new customers, each with a cat (Miso) whose FVRCP is verified for the next 400 days. Made side
 * by side: each is a household of its own, and one after another they were most of a race test's set-up.
 */
export async function verifiedCustomers(db: Db, count: number, now: Date) {
  const fvrcpUntil = addBusinessDays(businessDate(now), 400);
  return Promise.all(
    Array.from({ length: count }, async () => {
      const { user, householdId, catIds } = await testHousehold(db, now, { fvrcpUntil });
      return { user, householdId, catId: catIds[0]! };
    }),
  );
}

/** Runs `requests` at once, half in each of two processes, and gives every request's outcome. */
export async function bookInTwoProcesses(url: string, requests: unknown[], kind: RaceKind) {
  const half = Math.ceil(requests.length / 2);
  const outputs = await Promise.all(
    [requests.slice(0, half), requests.slice(half)].map((batch) => run(tsx, [worker, url, JSON.stringify(batch), kind], { timeout: 90_000 })),
  );
  return outputs.flatMap((o) => JSON.parse(o.stdout.trim().split("\n").pop()!) as { ok: boolean; code?: string }[]);
}
