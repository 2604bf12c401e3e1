import type { RequestContext } from "../context";
import { deliverQueuedMail } from "../mail/queue";
import { deliverQueuedSms } from "../telephony/sms-queue";
import { runWaitlist } from "./waitlist";

/**
 * After a page changed a stay: offer any suite it freed to the waitlist, then send the mail and the
 * text the change queued, without making the page wait. The periodic jobs do the same if this is
 * cut short.
 */
export function settleStaysInBackground(context: Pick<RequestContext, "db" | "mailer" | "telephony" | "logger" | "env">) {
  void (async () => {
    await runWaitlist(context.db, { siteUrl: context.env.PUBLIC_SITE_URL, logger: context.logger });
    await deliverQueuedMail(context.db, context.mailer);
    await deliverQueuedSms(context.db, context.telephony);
  })().catch((err: unknown) => context.logger.warn({ err }, "settling stays after a change failed; the periodic jobs will retry"));
}
