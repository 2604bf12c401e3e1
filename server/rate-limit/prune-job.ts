import type { PeriodicJob } from "../periodic-job";
import { pruneRateLimits } from "./rate-limit";

/**
 * Deletes rate-limit rows whose window has passed, every few minutes, so the tables hold only the
 * windows still deciding something. Several server processes may run this at once: a row is
 * deleted by whichever gets there first.
 */
export const rateLimitPruningJob: PeriodicJob = {
  name: "rate limit pruning",
  everyMs: 10 * 60_000,
  run: (deps, now) => pruneRateLimits(deps.db, now),
};
