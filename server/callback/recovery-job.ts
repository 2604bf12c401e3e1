import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { callMeBackForm } from "../db/schema/index";
import type { PeriodicJob } from "../periodic-job";
import { type CallbackDeps, callStoredLead } from "./service";

/** A request settles its own lead within seconds; a lead still `pending` after this was left behind. */
export const PENDING_GRACE_MS = 2 * 60_000;
/** A visitor asked to be called now: a lead older than this is not rung automatically any more. */
export const AUTO_CALL_MAX_AGE_MS = 60 * 60_000;
/** A call takes seconds to start (10 s provider time-out); `calling` for this long means the process stopped. */
export const CALLING_STALE_MS = 10 * 60_000;

export const recoveryReasons = {
  interrupted: "the server stopped while placing this call: it may or may not have rung; please call back by hand",
  tooOld: "not called automatically: the request was stored during an outage more than an hour ago; please call back by hand",
  recentlyCalled: "not called: this number was called for another request less than 15 minutes before; see the other lead",
} as const;

/**
 * Settles callback leads that a crash or a database outage left unsettled. Safe with any number of
 * processes running it at once: each lead is claimed (`pending` -> `calling`) by one conditional
 * update over `FOR UPDATE SKIP LOCKED` rows, and only the claimant calls; a lead found `calling`
 * long after the fact is never called again but marked for staff with the reason.
 */
export async function recoverUnsettledLeads(deps: CallbackDeps, now: Date, batchSize = 20) {
  const { db, logger } = deps;
  const before = (ms: number) => new Date(now.getTime() - ms);

  const interrupted = await db
    .update(callMeBackForm)
    .set({ callStatus: "failed", callError: recoveryReasons.interrupted, updatedAt: now })
    .where(and(eq(callMeBackForm.callStatus, "calling"), lt(callMeBackForm.updatedAt, before(CALLING_STALE_MS))))
    .returning({ id: callMeBackForm.id });

  const tooOld = await db
    .update(callMeBackForm)
    .set({ callStatus: "failed", callError: recoveryReasons.tooOld, updatedAt: now })
    .where(and(eq(callMeBackForm.callStatus, "pending"), lt(callMeBackForm.createdAt, before(AUTO_CALL_MAX_AGE_MS))))
    .returning({ id: callMeBackForm.id });

  const due = db
    .select({ id: callMeBackForm.id })
    .from(callMeBackForm)
    .where(
      and(
        eq(callMeBackForm.callStatus, "pending"),
        lt(callMeBackForm.createdAt, before(PENDING_GRACE_MS)),
        gte(callMeBackForm.createdAt, before(AUTO_CALL_MAX_AGE_MS)),
      ),
    )
    .orderBy(asc(callMeBackForm.createdAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(callMeBackForm)
    .set({ callStatus: "calling", updatedAt: now })
    .where(and(inArray(callMeBackForm.id, due), eq(callMeBackForm.callStatus, "pending")))
    .returning({ id: callMeBackForm.id, phoneNumber: callMeBackForm.phoneNumber });

  const outcomes: Record<string, number> = {};
  for (const lead of claimed) {
    const outcome = await callStoredLead(deps, lead, now);
    if (outcome.kind === "recently-called") {
      await db
        .update(callMeBackForm)
        .set({ callStatus: "failed", callError: recoveryReasons.recentlyCalled, updatedAt: now })
        .where(eq(callMeBackForm.id, lead.id));
    }
    outcomes[outcome.kind] = (outcomes[outcome.kind] ?? 0) + 1;
  }
  const summary = { interrupted: interrupted.length, tooOld: tooOld.length, claimed: claimed.length, outcomes };
  if (interrupted.length + tooOld.length + claimed.length > 0) logger.info(summary, "callback recovery: settled leads left behind");
  return summary;
}

/** Runs the recovery every minute in every server process (they share the work, see above). */
export const callbackRecoveryJob: PeriodicJob = {
  name: "callback recovery",
  everyMs: 60_000,
  async run(deps, now) {
    await recoverUnsettledLeads(deps, now);
  },
};
