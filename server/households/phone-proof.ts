import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { business } from "~/content/business";
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MINUTES, PHONE_PROOF_TEXT, type PhoneProofStatus } from "~/domain/phone-proof";
import { codeSecret, hashCode, randomCode, safeEqualHex } from "../crypto/tokens";
import type { Db } from "../db/client";
import { households, phoneVerifications } from "../db/schema/index";
import { sqlStateOf } from "../db/sql-state";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { consumeRateLimits } from "../rate-limit/rate-limit";
import { phoneCodeText } from "../messages/catalogue";
import { queueSms, sendSmsNow, withdrawSms } from "../telephony/sms-queue";
import type { Telephony } from "../telephony/telephony";
import { householdOf } from "../db/owned";
import { inTransaction } from "../db/transaction";

/**
 * Proving that the household's mobile is the account holder's (ADR 0140): a 6-digit code texted to
 * the number through the app's telephony instance and typed back on /account. The code is stored
 * only as a keyed hash bound to its row, works for 10 minutes and for 5 tries, and sending is
 * limited per account, per number and per client. A proven number is what the privacy export and
 * deletion go by for rows kept by phone number (callback leads, voucher requests, call records);
 * a number merely typed into the household form proves nothing.
 */

const minute = 60_000;
const FOREIGN_KEY_VIOLATION = "23503";
export const PHONE_CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * minute;

/** Sending and checking limits (ADR 0102's rate-limit module): a text costs money and reaches a stranger's phone. */
export const PHONE_PROOF_LIMITS = {
  sendPerAccount: { limit: 1, windowMs: minute, window: "sliding" },
  sendPerAccountHourly: { limit: 5, windowMs: 60 * minute, window: "fixed" },
  sendPerNumberDaily: { limit: 5, windowMs: 24 * 60 * minute, window: "fixed" },
  sendPerClientHourly: { limit: 20, windowMs: 60 * minute, window: "fixed" },
  checkPerAccountHourly: { limit: 15, windowMs: 60 * minute, window: "fixed" },
} as const;

export interface PhoneProofDeps {
  db: Db;
  // The texted code is sealed in the text queue with the app's key (ADR 0143).
  env: Pick<Env, "SESSION_SECRET" | "ENCRYPTION_KEY" | "DATA_DIR" | "isProduction">;
  telephony: Pick<Telephony, "sendSms">;
  logger: Logger;
}

async function mobileOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ mobile: households.mobilePhone }).from(households).where(householdOf(userId));
  return row?.mobile ?? null;
}

/** The account's proof row, if any (it always names the household's current mobile: a foreign key holds it). */
async function proofOf(db: Db, userId: string) {
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  return row ?? null;
}

/** What /account shows next to the mobile. */
export async function phoneProofStatus(db: Db, userId: string, now: Date): Promise<PhoneProofStatus> {
  const row = await proofOf(db, userId);
  if (row?.verifiedAt) return { state: "verified", verifiedAt: row.verifiedAt.toISOString() };
  if (row && row.expiresAt > now && row.attempts < PHONE_CODE_MAX_ATTEMPTS) return { state: "code-sent", expiresAt: row.expiresAt.toISOString() };
  return { state: "none" };
}

/**
 * Texts a new code to the household's mobile; a new code replaces the one before. The number is
 * read from the household, never from the request: only the saved mobile can be proven.
 */
export async function sendPhoneCode(deps: PhoneProofDeps, userId: string, client: string, now: Date): Promise<{ expiresAt: Date }> {
  const { db } = deps;
  const phone = await mobileOf(db, userId);
  if (!phone) throw new AppError(400, "NO_MOBILE", PHONE_PROOF_TEXT.noMobile);
  if ((await proofOf(db, userId))?.verifiedAt) throw new AppError(409, "PHONE_ALREADY_VERIFIED", PHONE_PROOF_TEXT.alreadyVerified);

  const limited = await consumeRateLimits(
    db,
    [
      { key: `phone-code:account:${userId}`, ...PHONE_PROOF_LIMITS.sendPerAccount },
      { key: `phone-code:account-hourly:${userId}`, ...PHONE_PROOF_LIMITS.sendPerAccountHourly },
      { key: `phone-code:number:${phone}`, ...PHONE_PROOF_LIMITS.sendPerNumberDaily },
      { key: `phone-code:client:${client}`, ...PHONE_PROOF_LIMITS.sendPerClientHourly },
    ],
    now,
  );
  if (!limited.allowed) throw new AppError(429, "PHONE_CODE_RATE_LIMITED", PHONE_PROOF_TEXT.sendTooMany).retryAfter(limited.retryAfterMs);

  const id = crypto.randomUUID();
  const code = randomCode();
  const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MS);
  const fresh = { id, phone, codeHash: hashCode(code, id, codeSecret(deps.env)), attempts: 0, createdAt: now, expiresAt, verifiedAt: null };
  const text = { to: phone, body: phoneCodeText(business, code) };
  // One row per account: a new code replaces the last (a new id, so the old code's hash no longer fits).
  // The foreign key refuses a number that is no longer the household's (saved elsewhere meanwhile).
  // The text is queued with the code (sealed: the code is never readable in the database) and sent
  // by this request at once, since the person waits for it.
  const queued = await inTransaction(db, async (tx) => {
    const stored = await tx
      .insert(phoneVerifications)
      .values({ userId, ...fresh })
      .onConflictDoUpdate({ target: phoneVerifications.userId, set: fresh, setWhere: isNull(phoneVerifications.verifiedAt) })
      .returning({ id: phoneVerifications.id });
    // Proven meanwhile (another tab): nothing to send.
    if (stored.length === 0) return null;
    return queueSms(tx, { dedupeKey: `phone-code:${id}`, ...text, sealWith: deps.env, sendNow: true }, now);
  }).catch((error: unknown) => {
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw new AppError(409, "MOBILE_CHANGED", PHONE_PROOF_TEXT.mobileChanged);
    throw error;
  });
  if (!queued) throw new AppError(409, "PHONE_ALREADY_VERIFIED", PHONE_PROOF_TEXT.alreadyVerified);

  const sent = await sendSmsNow(deps, queued, text, now, { forgetWhenSent: true });
  if (!sent.ok) {
    deps.logger.error({ err: sent.error }, "could not text a phone verification code");
    // The person is told to ask again: the code stops working and the queue does not send it later.
    await inTransaction(db, async (tx) => {
      await withdrawSms(tx, queued);
      await tx.delete(phoneVerifications).where(eq(phoneVerifications.id, id));
    });
    throw new AppError(502, "PHONE_CODE_NOT_SENT", PHONE_PROOF_TEXT.sendFailed);
  }
  return { expiresAt };
}

/**
 * Checks a typed code. Each try is counted before the code is compared (in one conditional UPDATE),
 * so concurrent guesses cannot exceed the allowed tries; the right code marks the number proven.
 */
export async function confirmPhoneCode(deps: Pick<PhoneProofDeps, "db" | "env">, userId: string, code: string, now: Date): Promise<void> {
  const { db } = deps;
  const limited = await consumeRateLimits(db, [{ key: `phone-code-check:account:${userId}`, ...PHONE_PROOF_LIMITS.checkPerAccountHourly }], now);
  if (!limited.allowed) throw new AppError(429, "PHONE_CODE_TOO_MANY", PHONE_PROOF_TEXT.codeTooMany).retryAfter(limited.retryAfterMs);

  const [attempt] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        isNull(phoneVerifications.verifiedAt),
        gt(phoneVerifications.expiresAt, now),
        lt(phoneVerifications.attempts, PHONE_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: phoneVerifications.id, codeHash: phoneVerifications.codeHash, attempts: phoneVerifications.attempts });
  if (!attempt) throw await whyNoCode(db, userId, now);
  if (!safeEqualHex(hashCode(code, attempt.id, codeSecret(deps.env)), attempt.codeHash)) {
    if (attempt.attempts >= PHONE_CODE_MAX_ATTEMPTS) throw new AppError(400, "PHONE_CODE_LOCKED", PHONE_PROOF_TEXT.codeLocked);
    throw new AppError(400, "PHONE_CODE_WRONG", PHONE_PROOF_TEXT.codeWrong);
  }
  const [proven] = await db
    .update(phoneVerifications)
    .set({ verifiedAt: now })
    .where(and(eq(phoneVerifications.id, attempt.id), isNull(phoneVerifications.verifiedAt), gt(phoneVerifications.expiresAt, now)))
    .returning({ id: phoneVerifications.id });
  // Replaced by a new code, or the number changed, between the two statements.
  if (!proven) throw await whyNoCode(db, userId, now);
}

/** Only to explain a refusal; nothing is changed here. */
async function whyNoCode(db: Db, userId: string, now: Date): Promise<AppError> {
  const row = await proofOf(db, userId);
  if (!row) return new AppError(400, "PHONE_CODE_NONE", PHONE_PROOF_TEXT.noCode);
  if (row.verifiedAt) return new AppError(409, "PHONE_ALREADY_VERIFIED", PHONE_PROOF_TEXT.alreadyVerified);
  if (row.expiresAt <= now) return new AppError(400, "PHONE_CODE_EXPIRED", PHONE_PROOF_TEXT.codeExpired);
  return new AppError(400, "PHONE_CODE_LOCKED", PHONE_PROOF_TEXT.codeLocked);
}
