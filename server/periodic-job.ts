import type { Logger } from "./logger";

/**
 * Runs `run` now and then every `everyMs`, never two runs at once in this process, logging a failed
 * run instead of stopping. The timer does not keep the process alive. Returns the stop function.
 */
export function startPeriodicJob(run: () => Promise<void>, options: { everyMs: number; logger: Logger; failureMessage: string }) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (err) {
      options.logger.error({ err }, options.failureMessage);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
