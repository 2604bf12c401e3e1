import { describe, expect, it, vi } from "vitest";
import { adjustableClock } from "./clock";
import { periodicJobs } from "./jobs";
import { type JobDeps, type PeriodicJob, startPeriodicJobs } from "./periodic-job";

const isPeriodicJob = (value: unknown): value is PeriodicJob =>
  typeof value === "object" && value !== null && "name" in value && "everyMs" in value && typeof (value as PeriodicJob).run === "function";

describe("periodic jobs", () => {
  it("the server starts every job defined in a server module", () => {
    const modules = import.meta.glob<Record<string, unknown>>(["./**/*.ts", "!./**/*.test.ts", "!./testing/**", "!./main.ts"], { eager: true });
    const defined = Object.values(modules).flatMap((exports) => Object.values(exports).filter(isPeriodicJob));
    expect(defined.length).toBeGreaterThan(0);
    for (const job of defined) expect(periodicJobs, `${job.name} is not in server/jobs.ts`).toContain(job);
  });

  it("runs each job at start and on runAll with the clock's time, and one failing job does not stop the others", async () => {
    const seen: string[] = [];
    const jobs: PeriodicJob[] = [
      { name: "first", everyMs: 3_600_000, run: async () => Promise.reject(new Error("boom")) },
      { name: "second", everyMs: 3_600_000, run: async (_deps, now) => void seen.push(now.toISOString()) },
    ];
    const error = vi.fn();
    const clock = adjustableClock();
    const running = startPeriodicJobs(jobs, { logger: { error } } as unknown as JobDeps, clock);
    clock.advance(60 * 60_000);
    await running.runAll();
    running.stop();
    expect(seen).toHaveLength(2);
    expect(Date.parse(seen[1]!) - Date.parse(seen[0]!)).toBeGreaterThanOrEqual(60 * 60_000);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: "first" }), "first job run failed");
  });
});
