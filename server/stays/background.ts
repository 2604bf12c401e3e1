import type { RequestContext } from "../context";
import { kickMessageQueues } from "../mail/kick";
import { runWaitlist } from "./waitlist";

/**
 * After a page changed a stay: offer any suite it freed to the waitlist, then send the mail and the
 * text the change queued, without making the page wait. The periodic jobs do the same if this is
 * cut short.
 */
export function settleStaysInBackground(context: Pick<RequestContext, "db" | "mailer" | "telephony" | "logger" | "env" | "clock">) {
  kickMessageQueues(context, () => runWaitlist(context.db, { siteUrl: context.env.PUBLIC_SITE_URL, logger: context.logger, now: context.clock.now() }));
}
