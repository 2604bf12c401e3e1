import { and, eq, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { CALLBACK_CONSENT_TEXT, type CallbackResponse, callbackMessages } from "~/features/callback/schema";
import { formatUsPhone } from "~/lib/phone";
import type { Db } from "../db/client";
import { callMeBackForm } from "../db/schema/index";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { rowsOf } from "../db/client";
import { type RateLimitRule, countingStep, oldestEventInWindowSql, releaseSlidingEvent, retryAfterMs } from "../rate-limit/rate-limit";
import { TelephonyError, type Telephony } from "../telephony/telephony";

export const NUMBER_COOLDOWN_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

export interface CallbackDeps {
  db: Db;
  env: Env;
  logger: Logger;
  telephony: Telephony;
}

export interface CallbackInput {
  /** Already normalised to +1XXXXXXXXXX by the shared schema. */
  phoneNumber: string;
  sourcePage?: string;
  ip: string;
  userAgent?: string;
}

/** A keyed hash: the same address always maps to the same value, but the address is not stored. */
export function hashIp(ip: string, env: Env): string {
  const key = env.SESSION_SECRET ?? "cat-hotel-ip-hash";
  return crypto.createHmac("sha256", key).update(ip).digest("hex").slice(0, 32);
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const businessPhone = (env: Env) => formatUsPhone(env.BUSINESS_PHONE);

const ipRule = (ipHash: string, env: Env): RateLimitRule => ({ key: `callback:ip:${ipHash}`, limit: env.CALLBACK_PER_IP_PER_HOUR, windowMs: HOUR_MS, window: "fixed" });
// Every request shares this key: a per-hour counter, one row update (ADR 0102).
const globalRule = (env: Env): RateLimitRule => ({ key: "callback:global", limit: env.CALLBACK_GLOBAL_PER_HOUR, windowMs: HOUR_MS, window: "fixed" });

const numberRule = (phoneNumber: string): RateLimitRule => ({
  key: `callback:number:${phoneNumber}`,
  limit: 1,
  // "Once per 15 minutes" must hold over any 15 minutes, so this one slides (ADR 0102).
  windowMs: NUMBER_COOLDOWN_MS,
  window: "sliding",
});

/** How a stored lead's call went; the request and the recovery job each turn it into their own answer. */
export type CallOutcome =
  | { kind: "called"; sid: string; status: "placed" | "simulated" }
  /** A call to this number was placed (or is being placed) for another lead within 15 minutes. */
  | { kind: "recently-called"; retryAfterMs: number }
  | { kind: "paused" }
  | { kind: "call-failed"; code: "CALL_FAILED" | "INVALID_CALL_RESPONSE"; publicMessage: string }
  /** The database failed before the call: the lead stays `pending` and the recovery job calls later. */
  | { kind: "deferred" }
  /** Another process claimed the lead first and is calling. */
  | { kind: "claimed-elsewhere" };

type Lead = { id: string; phoneNumber: string };

async function setCallStatus(deps: CallbackDeps, leadId: string, outcome: Partial<typeof callMeBackForm.$inferInsert>) {
  try {
    await deps.db
      .update(callMeBackForm)
      .set({ ...outcome, updatedAt: sql`now()` })
      .where(eq(callMeBackForm.id, leadId));
  } catch (error) {
    // The lead itself is stored; only its outcome is missing (the recovery job settles what it can).
    deps.logger.error({ err: error, leadId, outcome: outcome.callStatus }, "callback: could not record the call outcome");
  }
}

/** Best effort: a cooldown left in place only delays a retry, it never calls anyone. */
async function releaseCooldown(deps: CallbackDeps, lead: Lead, takenAt: Date) {
  try {
    await releaseSlidingEvent(deps.db, numberRule(lead.phoneNumber).key, takenAt);
  } catch (error) {
    deps.logger.warn({ err: error, leadId: lead.id }, "callback: could not release the number's cooldown");
  }
}

type CallSlot = { numberFree: false; numberRetryAfterMs: number } | { numberFree: true; globalAllowed: boolean; claimed: boolean };

/**
 * Steps 1 to 3 below in one statement (one round trip, ADR 0118): the per-number cooldown, then
 * (only if it was free) the global cap, then (only if that allowed it) the claim. Each step is gated
 * by the rows of the one before, so the row locks are taken in that order in every process. What
 * the statement cannot do is give the cooldown back when the cap refuses (one row is changed once
 * per statement): that rare case takes a second statement.
 */
async function takeCallSlot(db: Db, env: Env, lead: Lead, options: { claimed: boolean }, now: Date): Promise<CallSlot> {
  const number = numberRule(lead.phoneNumber);
  const claim = options.claimed
    ? sql`select ${lead.id}::uuid as id from global_cap`
    : sql`update call_me_back_form set call_status = 'calling', updated_at = now()
        where id = ${lead.id} and call_status = 'pending' and exists (select 1 from global_cap) returning id`;
  const [row] = await rowsOf<{ number_free: boolean; global_allowed: boolean; claimed: boolean; oldest_call: number | null }>(
    db,
    sql`with number_cooldown as (${countingStep(number, now)}),
      global_cap as (${countingStep(globalRule(env), now, sql`number_cooldown`)}),
      claim as (${claim})
      select exists (select 1 from number_cooldown) as number_free, exists (select 1 from global_cap) as global_allowed,
        exists (select 1 from claim) as claimed, ${oldestEventInWindowSql(number, now)} as oldest_call`,
  );
  if (!row) throw new Error("the call slot statement returned no row");
  if (!row.number_free) return { numberFree: false, numberRetryAfterMs: retryAfterMs(number, now, row.oldest_call) };
  return { numberFree: true, globalAllowed: row.global_allowed, claimed: row.claimed };
}

/**
 * Calls a stored lead, in the order that keeps every promise true:
 * 1. the per-number cooldown ("we already received a call request ... wait for our call"), taken
 *    only now that the lead is stored, and given back below whenever no call results;
 * 2. the global cap: above it the lead is `paused` and nobody is called;
 * 3. the claim `pending` -> `calling` (skipped when the recovery job already claimed it): one
 *    conditional update, so two processes never both call one lead;
 * 4. the call; its outcome (placed, simulated, failed with the reason) is written to the lead.
 * A database failure before the claim leaves (or puts back) the lead `pending` for the recovery job.
 */
export async function callStoredLead(deps: CallbackDeps, lead: Lead, options: { claimed: boolean }, now = new Date()): Promise<CallOutcome> {
  const { db, env, logger, telephony } = deps;
  const deferred = async (error: unknown, what: string): Promise<CallOutcome> => {
    logger.error({ err: error, leadId: lead.id }, `callback: ${what}; the lead stays pending for the recovery job`);
    if (options.claimed) await setCallStatus(deps, lead.id, { callStatus: "pending" });
    return { kind: "deferred" };
  };

  let slot: CallSlot;
  try {
    slot = await takeCallSlot(db, env, lead, options, now);
  } catch (error) {
    return deferred(error, "the number's cooldown, the global cap or the claim could not be decided");
  }
  if (!slot.numberFree) return { kind: "recently-called", retryAfterMs: slot.numberRetryAfterMs };
  if (!slot.globalAllowed) {
    await releaseCooldown(deps, lead, now);
    await setCallStatus(deps, lead.id, { callStatus: "paused", callError: "global hourly call cap reached" });
    logger.warn({ leadId: lead.id }, "callback: global hourly cap reached; calls paused, lead stored");
    return { kind: "paused" };
  }
  if (!slot.claimed) {
    await releaseCooldown(deps, lead, now);
    return { kind: "claimed-elsewhere" };
  }

  let sid: string | undefined;
  try {
    ({ sid } = await telephony.placeCall({ to: lead.phoneNumber, connectTo: env.BUSINESS_PHONE }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // No call was placed: the number's "wait for our call" would not be true, so it is given back.
    await releaseCooldown(deps, lead, now);
    await setCallStatus(deps, lead.id, { callStatus: "failed", callError: reason.slice(0, 1000) });
    logger.error({ err: error, leadId: lead.id }, "callback: the call could not be placed");
    const publicMessage = error instanceof TelephonyError ? error.publicMessage : undefined;
    return { kind: "call-failed", code: "CALL_FAILED", publicMessage: publicMessage ?? callbackMessages.callFailed };
  }
  if (!sid) {
    // The provider may have placed it; the cooldown stays so the number is not rung twice.
    await setCallStatus(deps, lead.id, { callStatus: "failed", callError: "the call service returned no call id" });
    logger.error({ leadId: lead.id }, "callback: the call service returned no call id");
    return { kind: "call-failed", code: "INVALID_CALL_RESPONSE", publicMessage: callbackMessages.invalidResponse };
  }

  const status = telephony.provider === "simulated" ? "simulated" : "placed";
  await setCallStatus(deps, lead.id, { callStatus: status, callSid: sid, callError: null });
  logger.info({ leadId: lead.id, status }, "callback: call started");
  return { kind: "called", sid, status };
}

const inMinutes = (ms: number) => {
  const wait = minutes(ms);
  return `${wait} minute${wait === 1 ? "" : "s"}`;
};

/**
 * The callback request: the per-IP limit (abuse; its refusal stores nothing) and the lead, stored
 * before anything that depends on it, in one statement; then callStoredLead. A request that fails before the
 * lead is stored has taken no "wait for our call" cooldown, so the visitor can simply retry.
 */
export async function requestCallback(deps: CallbackDeps, input: CallbackInput, now = new Date()): Promise<CallbackResponse> {
  const { db, env, logger } = deps;
  const ipHash = hashIp(input.ip, env);

  const ip = ipRule(ipHash, env);
  let stored: { allowed: boolean; id: string | null };
  try {
    // The per-IP limit and the lead in one statement: the lead is inserted only if the limit allowed
    // it, and a failed insert takes back the count with it (ADR 0118).
    const [row] = await rowsOf<{ allowed: boolean; id: string | null }>(
      db,
      sql`with ip_limit as (${countingStep(ip, now)}),
        lead as (
          insert into call_me_back_form (phone_number, source_page, consent_text, ip_hash, user_agent, created_at, updated_at)
          select ${input.phoneNumber}, ${input.sourcePage ?? null}, ${CALLBACK_CONSENT_TEXT}, ${ipHash}, ${input.userAgent?.slice(0, 300) ?? null},
            ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from ip_limit
          returning id
        )
        select exists (select 1 from ip_limit) as allowed, (select id from lead) as id`,
    );
    if (!row) throw new Error("the lead statement returned no row");
    stored = row;
  } catch (error) {
    logger.error({ err: error }, "callback: could not store the lead");
    throw new AppError(503, "SAVE_FAILED", callbackMessages.saveFailed);
  }
  if (!stored.allowed) {
    const wait = retryAfterMs(ip, now, null);
    throw new AppError(
      429,
      "TOO_MANY_CALL_REQUESTS",
      `Too many call requests from your connection. Please try again in ${inMinutes(wait)}, or call us at ${businessPhone(env)}.`,
      { retryAfterSeconds: Math.ceil(wait / 1000) },
    );
  }
  if (!stored.id) throw new AppError(503, "SAVE_FAILED", callbackMessages.saveFailed);
  const lead: Lead = { id: stored.id, phoneNumber: input.phoneNumber };

  const outcome = await callStoredLead(deps, lead, { claimed: false }, now);
  switch (outcome.kind) {
    case "called":
      return { callSid: outcome.sid, status: outcome.status };
    case "recently-called":
      // The earlier request is the lead; this one is a repeat. If it cannot be removed now, the
      // recovery job finds the number's cooldown taken and marks it for staff instead of calling.
      await db
        .delete(callMeBackForm)
        .where(and(eq(callMeBackForm.id, lead.id), eq(callMeBackForm.callStatus, "pending")))
        .catch((error: unknown) => logger.warn({ err: error, leadId: lead.id }, "callback: could not remove a repeated request"));
      throw new AppError(
        429,
        "NUMBER_RECENTLY_CALLED",
        `We already received a call request for this number in the last 15 minutes. Please wait for our call, or try again in ${inMinutes(outcome.retryAfterMs)}.`,
        { retryAfterSeconds: Math.ceil(outcome.retryAfterMs / 1000) },
      );
    case "paused":
      throw new AppError(
        503,
        "CALLS_PAUSED",
        `We saved your number and will call you back as soon as we can: our lines are very busy right now. You can also call us at ${businessPhone(env)}.`,
      );
    case "deferred":
    case "claimed-elsewhere":
      throw new AppError(
        503,
        "CALL_DELAYED",
        `We saved your number and will call you back shortly. You can also call us at ${businessPhone(env)}.`,
      );
    case "call-failed":
      throw new AppError(502, outcome.code, outcome.publicMessage);
  }
}
