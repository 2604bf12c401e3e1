import type { RequestContext } from "../context";
import { deliverQueuedMail } from "./queue";
import { deliverQueuedSms } from "../telephony/sms-queue";

type KickDeps = Pick<RequestContext, "db" | "mailer" | "telephony" | "logger" | "env" | "clock">;

/**
 * After a transaction that queued a message has committed (`inTransaction`, which the app points
 * here at start: `afterMessagesQueued`): one pass of the mail queue and of the text queue, in the
 * background, so they go out at once instead of at the queue jobs' next pass (ADR 0143, 0202), at
 * the server's clock. The jobs retry whatever this does not send.
 */
export function kickMessageQueues(deps: KickDeps): void {
  void (async () => {
    const now = deps.clock.now();
    await Promise.all([deliverQueuedMail(deps, now), deliverQueuedSms(deps, now)]);
  })().catch((err: unknown) => deps.logger.warn({ err }, "sending queued messages after a change failed; the queue jobs will retry"));
}
