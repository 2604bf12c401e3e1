import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { startPeriodicJob } from "../periodic-job";
import { pruneRateLimits } from "./rate-limit";

/**
 * Deletes rate-limit rows whose window has passed, every few minutes, so the tables hold only the
 * windows still deciding something. Several server processes may run this at once: a row is
 * deleted by whichever gets there first.
 */
export function startRateLimitPruning(deps: { db: Db; logger: Logger }, everyMs = 10 * 60_000) {
  return startPeriodicJob(() => pruneRateLimits(deps.db), { everyMs, logger: deps.logger, failureMessage: "rate limit pruning failed" });
}
