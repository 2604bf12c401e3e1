import { RUN_TIME_LIMIT_MS } from "~/features/wordpress/schema";

/**
 * One overall time limit for a run against the site (the validator, the API tests), and the
 * admin's Cancel (the browser going away). Every call to the site takes the run's signal, so the
 * run ends within the limit however the site behaves; the per-request time-outs and retries only
 * decide how the time inside it is spent.
 */

export { RUN_TIME_LIMIT_MS };

export interface RunOptions {
  /** Aborted when the admin cancels (the request's connection closed). */
  signal?: AbortSignal;
  /** The overall limit; tests drive it down. */
  timeLimitMs?: number;
}

export interface RunLimit {
  readonly signal: AbortSignal;
  /** Why the run was stopped (a sentence), or null while it may go on. */
  stopReason(): string | null;
  finish(): void;
}

export function formatSeconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

export function startRun(options: RunOptions = {}): RunLimit {
  const limitMs = options.timeLimitMs ?? RUN_TIME_LIMIT_MS;
  const controller = new AbortController();
  let reason: string | null = null;
  const stop = (why: string) => {
    if (reason !== null) return;
    reason = why;
    controller.abort(new Error(why));
  };
  const timer = setTimeout(() => stop(`Stopped at the ${formatSeconds(limitMs)}-second time limit.`), limitMs);
  const onCancel = () => stop("Cancelled.");
  if (options.signal?.aborted) onCancel();
  else options.signal?.addEventListener("abort", onCancel, { once: true });
  return {
    signal: controller.signal,
    stopReason: () => reason,
    finish() {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onCancel);
    },
  };
}
