import type { Clock } from "./clock";
import type { Database, Db } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { PaymentProviders } from "./payments/provider";
import type { Telephony } from "./telephony/telephony";

/** What a periodic job may use: the app's one instance of each service. */
export interface JobDeps {
  db: Db;
  /** The open database itself, for what works on it whole (the daily backup). */
  database: Database;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  telephony: Telephony;
  payments: PaymentProviders;
}

/**
 * Work the server does on a timer, in every process: each run must be safe when several processes
 * run it at once. A job is listed in `server/jobs.ts`, which the server starts and stops.
 */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(deps: JobDeps, now: Date): Promise<void>;
}

/**
 * A job that queues a message for each thing come due (a reminder, a code, a diary), logging how many
 * when any were due. `queueDue` claims each in the database with its message, so restarts and several
 * processes are safe.
 */
export function queueingJob(name: string, everyMs: number, queueDue: (deps: JobDeps, now: Date) => Promise<{ due: number; queued: number }>): PeriodicJob {
  return {
    name,
    everyMs,
    async run(deps, now) {
      const { due, queued } = await queueDue(deps, now);
      if (due > 0) deps.logger.info({ due, queued }, `${name} queued`);
    },
  };
}

export interface RunningJobs {
  stop(): void;
  /** Runs every job once now (after one still running has finished), in the order listed. */
  runAll(): Promise<void>;
}

/**
 * Runs each job now and then every `everyMs`, never two runs of one job at once in this process,
 * logging a failed run instead of stopping. The timers do not keep the process alive.
 */
export function startPeriodicJobs(jobs: readonly PeriodicJob[], deps: JobDeps, clock: Clock): RunningJobs {
  const running = new Map<string, Promise<void>>();
  const runOnce = (job: PeriodicJob): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const run = job
      .run(deps, clock.now())
      .catch((err: unknown) => deps.logger.error({ err, job: job.name }, `${job.name} job run failed`))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };
  const timers = jobs.map((job) => {
    const timer = setInterval(() => void runOnce(job), job.everyMs);
    timer.unref();
    void runOnce(job);
    return timer;
  });
  return {
    stop: () => timers.forEach((timer) => clearInterval(timer)),
    runAll: async () => {
      for (const job of jobs) {
        await running.get(job.name);
        await runOnce(job);
      }
    },
  };
}
