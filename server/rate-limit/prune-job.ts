import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { pruneRateLimits } from "./rate-limit";

/**
 * Deletes rate-limit rows whose window has passed, every few minutes, so the tables hold only the
 * windows still deciding something. Several server processes may run this at once: a row is
 * deleted by whichever gets there first.
 */
export function startRateLimitPruning(deps: { db: Db; logger: Logger }, everyMs = 10 * 60_000) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await pruneRateLimits(deps.db);
    } catch (err) {
      deps.logger.error({ err }, "rate limit pruning failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
