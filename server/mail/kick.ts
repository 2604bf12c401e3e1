import type { RequestContext } from "../context";
import { deliverQueuedMail } from "./queue";
import { deliverQueuedSms } from "../telephony/sms-queue";

type KickDeps = Pick<RequestContext, "db" | "mailer" | "telephony" | "logger" | "env" | "clock">;

/**
 * After a request has committed the messages its change queued: one pass of the mail queue and of
 * the text queue, in the background, so they go out at once instead of at the queue jobs' next pass
 * (ADR 0143), at the server's clock. `first` runs before the pass (a stay's change offers a freed suite to the waitlist,
 * whose offer is itself a queued message). The jobs retry whatever this does not send.
 */
export function kickMessageQueues(deps: KickDeps, first?: () => Promise<unknown>): void {
  void (async () => {
    if (first) await first();
    const now = deps.clock.now();
    await Promise.all([deliverQueuedMail(deps, now), deliverQueuedSms(deps, now)]);
  })().catch((err: unknown) => deps.logger.warn({ err }, "sending queued messages after a change failed; the queue jobs will retry"));
}
