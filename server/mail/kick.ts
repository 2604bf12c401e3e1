import type { JobDeps } from "../periodic-job";
import { deliverQueuedMail } from "./queue";
import { deliverQueuedSms } from "../telephony/sms-queue";

type KickDeps = Pick<JobDeps, "db" | "mailer" | "telephony" | "logger" | "env">;

/**
 * After a request has committed the messages its change queued: one pass of the mail queue and of
 * the text queue, in the background, so they go out at once instead of at the queue jobs' next pass
 * (ADR 0143). `first` runs before the pass (a stay's change offers a freed suite to the waitlist,
 * whose offer is itself a queued message). The jobs retry whatever this does not send.
 */
export function kickMessageQueues(deps: KickDeps, first?: () => Promise<unknown>): void {
  void (async () => {
    if (first) await first();
    await Promise.all([deliverQueuedMail(deps), deliverQueuedSms(deps)]);
  })().catch((err: unknown) => deps.logger.warn({ err }, "sending queued messages after a change failed; the queue jobs will retry"));
}
