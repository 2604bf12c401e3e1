/**
 * What the cross-process booking tests share: twenty customers, each with one cat whose required
 * vaccine is verified, and the race itself, half of the requests in each of two worker processes
 * (`booking-worker.ts`) on one PostgreSQL database.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import type { Race, RaceKind } from "./booking-worker";
import { testHousehold } from "./households";

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

type Outcome = { ok: boolean; code?: string };

/**
 * Two worker processes for a test file's races, started once (`beforeAll`) and stopped at its end
 * (`afterAll`): each race runs `requests` at once, half in each process, and gives every request's
 * outcome. Starting a process loads the server's code, which took longer than the race itself.
 */
export function twoProcesses() {
  let workers: Worker[] = [];
  return {
    async start() {
      workers = [startWorker(), startWorker()];
      await Promise.all(workers.map((w) => w.ready));
    },
    async race(url: string, requests: unknown[], kind: RaceKind): Promise<Outcome[]> {
      const half = Math.ceil(requests.length / 2);
      const batches = [requests.slice(0, half), requests.slice(half)];
      const outcomes = await Promise.all(workers.map((w, i) => w.run({ url, requests: batches[i]!, kind })));
      return outcomes.flat();
    },
    stop: () => Promise.all(workers.map((w) => w.stop())),
  };
}

type Worker = { ready: Promise<void>; run(race: Race): Promise<Outcome[]>; stop(): Promise<void> };

/** One `booking-worker.ts` process: a race is one line in, its outcomes one line out. */
function startWorker(): Worker {
  const child: ChildProcessWithoutNullStreams = spawn(tsx, [worker]);
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await Promise.race([lines.next(), exited.then(() => ({ done: true as const, value: undefined }))]);
    if (line.done) throw new Error(`the race's worker process ended: ${stderr}`);
    return line.value;
  };
  return {
    ready: nextLine().then(() => undefined),
    async run(race) {
      child.stdin.write(`${JSON.stringify(race)}\n`);
      return JSON.parse(await nextLine()) as Outcome[];
    },
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}
