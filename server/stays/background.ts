import type { RequestContext } from "../context";
import { runWaitlist } from "./waitlist";

/**
 * After a page changed a stay: offer any suite it freed to the waitlist, without making the page wait
 * (an offer, like the change's own mail, is sent by `inTransaction`'s kick after its commit). The
 * periodic jobs do the same if this is cut short.
 */
export function settleStaysInBackground(context: Pick<RequestContext, "db" | "logger" | "env" | "clock">) {
  runWaitlist(context.db, { siteUrl: context.env.PUBLIC_SITE_URL, logger: context.logger, now: context.clock.now() }).catch((err: unknown) =>
    context.logger.warn({ err }, "offering freed suites to the waitlist failed; the waitlist job will retry"),
  );
}
