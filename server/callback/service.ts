import { type SQL, eq, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { CALLBACK_CONSENT_TEXT, type CallbackResponse, callbackMessages } from "~/features/callback/schema";
import { formatUsPhone } from "~/lib/phone";
import type { Db } from "../db/client";
import { callMeBackForm, telephonyEvents } from "../db/schema/index";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { preparedStatement, rowsOf } from "../db/client";
import {
  type RateLimitRule,
  addCountingPlaceholderValues,
  countInSpareShard,
  countingStep,
  countingStepWithPlaceholders,
  oldestEventInWindowSql,
  oldestEventInWindowWithPlaceholders,
  releaseSlidingEvent,
  retryAfterMs,
} from "../rate-limit/rate-limit";
import { type RecordEvent, TelephonyError, type Telephony } from "../telephony/telephony";

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

const ipRule = (ipHash: string, env: Env): RateLimitRule => ({
  key: `callback:ip:${ipHash}`,
  limit: env.CALLBACK_PER_IP_PER_HOUR,
  windowMs: HOUR_MS,
  window: "fixed",
});
// Every request counts against this cap: a per-hour counter (ADR 0102) kept in shards, so that
// requests do not queue for one row lock until each one's commit (ADR 0216).
const globalRule = (env: Env): RateLimitRule => ({
  key: "callback:global",
  limit: env.CALLBACK_GLOBAL_PER_HOUR,
  windowMs: HOUR_MS,
  window: "fixed",
  shards: GLOBAL_CAP_SHARDS,
});
/** More than the connections of a few server processes, so two requests seldom meet on one shard. */
const GLOBAL_CAP_SHARDS = 32;

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
  | { kind: "deferred" };

type Lead = { id: string; phoneNumber: string };

const PAUSED_REASON = "global hourly call cap reached";

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

type CallSlot = { numberFree: false; numberRetryAfterMs: number } | { numberFree: true; globalAllowed: boolean };

/**
 * For a lead the recovery job has claimed (`calling`): the per-number cooldown, then (only if it
 * was free) the global cap, in one statement. Each step is gated by the rows of the one before, so
 * the row locks are taken in that order in every process (as in the request's statement).
 */
async function takeCallSlot(db: Db, env: Env, lead: Lead, now: Date): Promise<CallSlot> {
  const number = numberRule(lead.phoneNumber);
  const [row] = await rowsOf<{ number_free: boolean; global_allowed: boolean; oldest_call: number | null }>(
    db,
    sql`with number_cooldown as (${countingStep(number, now)}),
      global_cap as (${countingStep(globalRule(env), now, sql`number_cooldown`)})
      select exists (select 1 from number_cooldown) as number_free, exists (select 1 from global_cap) as global_allowed,
        ${oldestEventInWindowSql(number, now)} as oldest_call`,
  );
  if (!row) throw new Error("the call slot statement returned no row");
  if (!row.number_free) return { numberFree: false, numberRetryAfterMs: retryAfterMs(number, now, row.oldest_call) };
  return { numberFree: true, globalAllowed: row.global_allowed || (await countInSpareShard(db, globalRule(env), now)) };
}

/**
 * Calls a lead the recovery job found left `pending` and has claimed (`calling`), in the order that
 * keeps every promise true: the per-number cooldown and the global cap (takeCallSlot), then the call
 * (placeClaimedCall). A database failure before the call puts the lead back to `pending`.
 */
export async function callStoredLead(deps: CallbackDeps, lead: Lead, now: Date): Promise<CallOutcome> {
  let slot: CallSlot;
  try {
    slot = await takeCallSlot(deps.db, deps.env, lead, now);
  } catch (error) {
    deps.logger.error({ err: error, leadId: lead.id }, "callback: the number's cooldown or the global cap could not be decided; the lead stays pending");
    await setCallStatus(deps, lead.id, { callStatus: "pending" });
    return { kind: "deferred" };
  }
  if (!slot.numberFree) return { kind: "recently-called", retryAfterMs: slot.numberRetryAfterMs };
  if (!slot.globalAllowed) {
    await pauseCalls(deps, lead, now);
    return { kind: "paused" };
  }
  return placeClaimedCall(deps, lead, now);
}

/** Above the global cap: nobody is called, the number's cooldown is given back, the lead says why. */
async function pauseCalls(deps: CallbackDeps, lead: Lead, takenAt: Date) {
  await releaseCooldown(deps, lead, takenAt);
  await setCallStatus(deps, lead.id, { callStatus: "paused", callError: PAUSED_REASON });
  deps.logger.warn({ leadId: lead.id }, "callback: global hourly cap reached; calls paused, lead stored");
}

/** A placed call's event row and its lead's outcome: every called request runs it, so it is prepared once (ADR 0221). */
const callRecordStatement = preparedStatement("callback_call_record", () => {
  const value = (name: string) => sql.placeholder(name);
  return sql`with event as (
      insert into telephony_events (kind, provider, "to", "from", body, sid)
      values (${value("kind")}, ${value("provider")}, ${value("to")}, ${value("from")}, ${value("body")}, ${value("sid")})
    )
    update call_me_back_form set call_status = ${value("status")}, call_sid = ${value("sid")}, call_error = null, updated_at = now()
    where id = ${value("leadId")}`;
});

/**
 * The call for a lead that is `calling` (claimed by this process alone) with the number's cooldown
 * taken at `takenAt`; its outcome (placed, simulated, failed with the reason) is written to the lead.
 */
async function placeClaimedCall(deps: CallbackDeps, lead: Lead, takenAt: Date): Promise<CallOutcome> {
  const { env, logger, telephony } = deps;
  const status = telephony.provider === "simulated" ? "simulated" : "placed";
  let outcomeStored = false;
  // A call that started: its event row and the lead's outcome in one statement (one round trip).
  const recordWithOutcome: RecordEvent = async (event) => {
    if (!event.sid || event.error) return void (await deps.db.insert(telephonyEvents).values(event));
    const { kind, provider, to, from, body, sid } = event;
    await callRecordStatement(deps.db, { kind, provider, to, from, body, sid, status, leadId: lead.id });
    outcomeStored = true;
  };
  let sid: string | undefined;
  try {
    ({ sid } = await telephony.placeCall({ to: lead.phoneNumber, connectTo: env.BUSINESS_PHONE }, recordWithOutcome));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // No call was placed: the number's "wait for our call" would not be true, so it is given back.
    await releaseCooldown(deps, lead, takenAt);
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

  // Written above with the event, unless that statement failed and the provider went on (Twilio's audit).
  if (!outcomeStored) await setCallStatus(deps, lead.id, { callStatus: status, callSid: sid, callError: null });
  logger.info({ leadId: lead.id, status }, "callback: call started");
  return { kind: "called", sid, status };
}

const inMinutes = (ms: number) => {
  const wait = minutes(ms);
  return `${wait} minute${wait === 1 ? "" : "s"}`;
};

/** The columns of a new lead, as SQL for an insert's select list, with its first call status. */
function leadValues(input: CallbackInput, ipHash: string, now: Date, callStatus: SQL, callError: SQL) {
  return leadValuesSql((field) => leadFields(input, ipHash, now)[field], callStatus, callError);
}

type LeadField = "phoneNumber" | "sourcePage" | "consentText" | "ipHash" | "userAgent" | "at";

function leadFields(input: CallbackInput, ipHash: string, now: Date): Record<LeadField, string | null> {
  return {
    phoneNumber: input.phoneNumber,
    sourcePage: input.sourcePage ?? null,
    consentText: CALLBACK_CONSENT_TEXT,
    ipHash,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    at: now.toISOString(),
  };
}

function leadValuesSql(value: (field: LeadField) => unknown, callStatus: SQL, callError: SQL) {
  const at = sql`${value("at")}::timestamptz`;
  return sql`${value("phoneNumber")}, ${value("sourcePage")}, ${value("consentText")}, ${value("ipHash")}, ${value("userAgent")},
    ${callStatus}, ${callError}, ${at}, ${at}`;
}
const leadColumns = sql`(phone_number, source_page, consent_text, ip_hash, user_agent, call_status, call_error, created_at, updated_at)`;

type Decision = {
  ipAllowed: boolean;
  numberFree: boolean;
  /** The number's cooldown: when its oldest call in the window was (epoch ms), read only when refused. */
  oldestCall: number | null;
  lead: { id: string; status: "calling" | "paused" } | null;
};

/**
 * The whole decision in one statement (ADR 0136), each step gated by the rows of the one before so
 * the row locks are taken in the same order in every process: the per-IP limit (its refusal stores
 * nothing); the per-number cooldown ("we already received a call request ... wait for our call": the
 * earlier request is the lead, so a repeat stores nothing); the global cap; and the lead, inserted
 * already claimed (`calling`) when the cap allowed it, else `paused`. The lead and the cooldown that
 * promises its call commit together or not at all. Every request runs it: built once and prepared
 * (ADR 0221), its values given by name.
 */
const decisionStatement = preparedStatement<{
  ip_allowed: boolean;
  number_free: boolean;
  oldest_call: number | null;
  id: string | null;
  status: "calling" | "paused" | null;
}>("callback_decision", () => {
  const allowedByCap = sql`exists (select 1 from global_cap)`;
  // The lead's fields by their own names (leadFields); the counting steps' are `<step>.<field>`.
  const lead = (field: LeadField) => sql.placeholder(field);
  return sql`with ip_limit as (${countingStepWithPlaceholders("fixed", "ip")}),
      number_cooldown as (${countingStepWithPlaceholders("sliding", "number", sql`ip_limit`)}),
      global_cap as (${countingStepWithPlaceholders("fixed", "global", sql`number_cooldown`)}),
      lead as (
        insert into call_me_back_form ${leadColumns}
        select ${leadValuesSql(lead, sql`case when ${allowedByCap} then 'calling' else 'paused' end`, sql`case when ${allowedByCap} then null else ${sql.placeholder("pausedReason")} end`)}
        from number_cooldown
        returning id, call_status
      )
      select exists (select 1 from ip_limit) as ip_allowed, exists (select 1 from number_cooldown) as number_free,
        case when exists (select 1 from ip_limit) and not exists (select 1 from number_cooldown) then ${oldestEventInWindowWithPlaceholders("number")} end as oldest_call,
        (select id from lead) as id, (select call_status from lead) as status`;
});

async function storeLeadAndTakeCallSlot(db: Db, env: Env, input: CallbackInput, ipHash: string, now: Date): Promise<Decision> {
  const values: Record<string, unknown> = leadFields(input, ipHash, now);
  values.pausedReason = PAUSED_REASON;
  addCountingPlaceholderValues(values, "ip", ipRule(ipHash, env), now);
  addCountingPlaceholderValues(values, "number", numberRule(input.phoneNumber), now);
  addCountingPlaceholderValues(values, "global", globalRule(env), now);
  const [row] = await decisionStatement(db, values);
  if (!row) throw new Error("the callback statement returned no row");
  return {
    ipAllowed: row.ip_allowed,
    numberFree: row.number_free,
    oldestCall: row.oldest_call,
    lead: row.id && row.status ? { id: row.id, status: row.status } : null,
  };
}

/**
 * When the decision itself failed: the per-IP limit and the lead alone, `pending`, so the lead is
 * not lost and the recovery job calls it (a failed insert takes back the count with it).
 */
async function storePendingLead(db: Db, env: Env, input: CallbackInput, ipHash: string, now: Date) {
  const [row] = await rowsOf<{ ip_allowed: boolean; id: string | null }>(
    db,
    sql`with ip_limit as (${countingStep(ipRule(ipHash, env), now)}),
      lead as (
        insert into call_me_back_form ${leadColumns}
        select ${leadValues(input, ipHash, now, sql`'pending'`, sql`null`)} from ip_limit
        returning id
      )
      select exists (select 1 from ip_limit) as ip_allowed, (select id from lead) as id`,
  );
  if (!row) throw new Error("the lead statement returned no row");
  return { ipAllowed: row.ip_allowed, id: row.id };
}

/**
 * The global cap counts in shards (ADR 0216): when the one a request drew is full, the call is
 * counted in another with room, if any. Not knowing counts as no room: the lead stays paused for staff.
 */
async function capHasRoomElsewhere(deps: CallbackDeps, lead: Lead, now: Date): Promise<boolean> {
  try {
    return await countInSpareShard(deps.db, globalRule(deps.env), now);
  } catch (error) {
    deps.logger.error({ err: error, leadId: lead.id }, "callback: could not look for room under the global cap; the lead stays paused");
    return false;
  }
}

/**
 * The callback request: one statement decides everything and stores the lead
 * (storeLeadAndTakeCallSlot), then the call. Only a paused request (the global cap) needs another
 * statement before its answer, to give the number's cooldown back. A request that fails before the
 * lead is stored has taken no "wait for our call" cooldown, so the visitor can simply retry.
 */
export async function requestCallback(deps: CallbackDeps, input: CallbackInput, now: Date): Promise<CallbackResponse> {
  const { db, env, logger } = deps;
  const ipHash = hashIp(input.ip, env);
  const tooManyFromIp = () => {
    const wait = retryAfterMs(ipRule(ipHash, env), now, null);
    return new AppError(
      429,
      "TOO_MANY_CALL_REQUESTS",
      `Too many call requests from your connection. Please try again in ${inMinutes(wait)}, or call us at ${businessPhone(env)}.`,
      { retryAfterSeconds: Math.ceil(wait / 1000) },
    );
  };

  let decision: Decision;
  try {
    decision = await storeLeadAndTakeCallSlot(db, env, input, ipHash, now);
  } catch (error) {
    logger.error({ err: error }, "callback: the call could not be decided; storing the lead for the recovery job");
    let stored: Awaited<ReturnType<typeof storePendingLead>>;
    try {
      stored = await storePendingLead(db, env, input, ipHash, now);
    } catch (storeError) {
      logger.error({ err: storeError }, "callback: could not store the lead");
      throw new AppError(503, "SAVE_FAILED", callbackMessages.saveFailed);
    }
    if (!stored.ipAllowed) throw tooManyFromIp();
    if (!stored.id) throw new AppError(503, "SAVE_FAILED", callbackMessages.saveFailed);
    throw new AppError(503, "CALL_DELAYED", `We saved your number and will call you back shortly. You can also call us at ${businessPhone(env)}.`);
  }
  if (!decision.ipAllowed) throw tooManyFromIp();
  if (!decision.numberFree) {
    const wait = retryAfterMs(numberRule(input.phoneNumber), now, decision.oldestCall);
    throw new AppError(
      429,
      "NUMBER_RECENTLY_CALLED",
      `We already received a call request for this number in the last 15 minutes. Please wait for our call, or try again in ${inMinutes(wait)}.`,
      { retryAfterSeconds: Math.ceil(wait / 1000) },
    );
  }
  if (!decision.lead) throw new AppError(503, "SAVE_FAILED", callbackMessages.saveFailed);
  const lead: Lead = { id: decision.lead.id, phoneNumber: input.phoneNumber };

  if (decision.lead.status === "paused" && (await capHasRoomElsewhere(deps, lead, now))) {
    // The cap's shard this request drew was full and another had room: the lead is called after all.
    await setCallStatus(deps, lead.id, { callStatus: "calling", callError: null });
  } else if (decision.lead.status === "paused") {
    await releaseCooldown(deps, lead, now);
    logger.warn({ leadId: lead.id }, "callback: global hourly cap reached; calls paused, lead stored");
    throw new AppError(
      503,
      "CALLS_PAUSED",
      `We saved your number and will call you back as soon as we can: our lines are very busy right now. You can also call us at ${businessPhone(env)}.`,
    );
  }
  const outcome = await placeClaimedCall(deps, lead, now);
  if (outcome.kind === "call-failed") throw new AppError(502, outcome.code, outcome.publicMessage);
  if (outcome.kind !== "called") throw new Error(`unexpected call outcome ${outcome.kind}`);
  return { callSid: outcome.sid, status: outcome.status };
}
