import { eq, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { CALLBACK_CONSENT_TEXT, type CallbackResponse, callbackMessages, formatPhone } from "~/features/callback/schema";
import type { Db } from "../db/client";
import { callMeBackForm } from "../db/schema/index";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { consumeRateLimits } from "../rate-limit/rate-limit";
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
const businessPhone = (env: Env) => formatPhone(env.BUSINESS_PHONE.replace(/^\+1/, ""));

/**
 * The callback flow, in the order the lead must survive it:
 * 1. the per-number and per-IP limits (a refusal stores nothing: the earlier request is the lead);
 * 2. the lead is stored — if that fails nothing is called;
 * 3. the global cap: above it the lead stays stored as `paused` and nobody is called;
 * 4. the call; its outcome (placed, simulated, failed with the reason) is written to the lead.
 */
export async function requestCallback(deps: CallbackDeps, input: CallbackInput, now = new Date()): Promise<CallbackResponse> {
  const { db, env, logger, telephony } = deps;
  const ipHash = hashIp(input.ip, env);

  let limit;
  try {
    limit = await consumeRateLimits(
      db,
      [
        // "Once per 15 minutes" must hold over any 15 minutes, so this one slides (ADR 0102).
        { key: `callback:number:${input.phoneNumber}`, limit: 1, windowMs: NUMBER_COOLDOWN_MS, window: "sliding" },
        { key: `callback:ip:${ipHash}`, limit: env.CALLBACK_PER_IP_PER_HOUR, windowMs: HOUR_MS, window: "fixed" },
      ],
      now,
    );
  } catch (error) {
    logger.error({ err: error }, "callback: rate limit check failed");
    throw new AppError(503, "SAVE_FAILED", callbackMessages.saveFailed);
  }
  if (!limit.allowed) {
    const wait = minutes(limit.retryAfterMs);
    if (limit.key.startsWith("callback:number:")) {
      throw new AppError(
        429,
        "NUMBER_RECENTLY_CALLED",
        `We already received a call request for this number in the last 15 minutes. Please wait for our call, or try again in ${wait} minute${wait === 1 ? "" : "s"}.`,
        { retryAfterSeconds: Math.ceil(limit.retryAfterMs / 1000) },
      );
    }
    throw new AppError(
      429,
      "TOO_MANY_CALL_REQUESTS",
      `Too many call requests from your connection. Please try again in ${wait} minute${wait === 1 ? "" : "s"}, or call us at ${businessPhone(env)}.`,
      { retryAfterSeconds: Math.ceil(limit.retryAfterMs / 1000) },
    );
  }

  let leadId: string;
  try {
    const [row] = await db
      .insert(callMeBackForm)
      .values({
        phoneNumber: input.phoneNumber,
        sourcePage: input.sourcePage ?? null,
        consentText: CALLBACK_CONSENT_TEXT,
        ipHash,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: callMeBackForm.id });
    if (!row) throw new Error("insert returned no row");
    leadId = row.id;
  } catch (error) {
    logger.error({ err: error }, "callback: could not store the lead");
    throw new AppError(503, "SAVE_FAILED", callbackMessages.saveFailed);
  }

  const recordOutcome = async (outcome: Partial<typeof callMeBackForm.$inferInsert>) => {
    try {
      await db
        .update(callMeBackForm)
        .set({ ...outcome, updatedAt: sql`now()` })
        .where(eq(callMeBackForm.id, leadId));
    } catch (error) {
      // The lead itself is stored; only its outcome is missing. Staff still see it as pending.
      logger.error({ err: error, leadId, outcome: outcome.callStatus }, "callback: could not record the call outcome");
    }
  };

  // Every request shares this key: a per-hour counter, one row update (ADR 0102).
  const global = await consumeRateLimits(
    db,
    [{ key: "callback:global", limit: env.CALLBACK_GLOBAL_PER_HOUR, windowMs: HOUR_MS, window: "fixed" }],
    now,
  );
  if (!global.allowed) {
    await recordOutcome({ callStatus: "paused", callError: "global hourly call cap reached" });
    logger.warn({ leadId }, "callback: global hourly cap reached; calls paused, lead stored");
    throw new AppError(
      503,
      "CALLS_PAUSED",
      `We saved your number and will call you back as soon as we can: our lines are very busy right now. You can also call us at ${businessPhone(env)}.`,
    );
  }

  let sid: string | undefined;
  try {
    ({ sid } = await telephony.placeCall({ to: input.phoneNumber, connectTo: env.BUSINESS_PHONE }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await recordOutcome({ callStatus: "failed", callError: reason.slice(0, 1000) });
    logger.error({ err: error, leadId }, "callback: the call could not be placed");
    const publicMessage = error instanceof TelephonyError ? error.publicMessage : undefined;
    throw new AppError(502, "CALL_FAILED", publicMessage ?? callbackMessages.callFailed);
  }
  if (!sid) {
    await recordOutcome({ callStatus: "failed", callError: "the call service returned no call id" });
    logger.error({ leadId }, "callback: the call service returned no call id");
    throw new AppError(502, "INVALID_CALL_RESPONSE", callbackMessages.invalidResponse);
  }

  const status = telephony.provider === "simulated" ? "simulated" : "placed";
  await recordOutcome({ callStatus: status, callSid: sid, callError: null });
  logger.info({ leadId, status }, "callback: call started");
  return { callSid: sid, status };
}
