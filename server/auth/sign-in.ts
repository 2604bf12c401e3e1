import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import crypto from "node:crypto";
import type { Db } from "../db/client";
import { type SignInMethod, signIns, users, verifications } from "../db/schema/index";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { queueMail, sendMailNow, withdrawMail } from "../mail/queue";
import { signInMail } from "../messages/catalogue";
import { consumeRateLimits } from "../rate-limit/rate-limit";
import { landingPath, safeRedirectPath } from "~/domain/sign-in-redirect";
import { type SignInCodeRequest, SIGN_IN_INPUT_TEXT } from "~/features/auth/schema";
import { grantAdmin, holdsAdminRole, isAdminAddress } from "./roles";
import { createSession } from "./sessions";
import { recordReferral, referralCodeOf } from "../referrals/referrals";
import { codeSecret, hashCode, hashToken, randomCode, randomToken, safeEqualHex } from "../crypto/tokens";
import { inTransaction, type Tx } from "../db/transaction";

const minute = 60_000;

/** A link and its code work this long. */
export const LINK_TTL_MS = 10 * minute;
/** Wrong codes allowed per e-mail before that e-mail's code stops working. */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * The abuse limits (security bar): shared by all server processes because they live in the database.
 * "One mail per address per minute" holds over any minute (sliding); the rest are hourly caps
 * counted per clock hour (ADR 0102).
 */
export const SIGN_IN_LIMITS = {
  perEmail: { limit: 1, windowMs: minute, window: "sliding" },
  // Limits for these two come from the environment (defaults 20 and 500, server/env.ts).
  perIpHourly: { windowMs: 60 * minute, window: "fixed" },
  globalHourly: { windowMs: 60 * minute, window: "fixed" },
  codePerIpHourly: { limit: 30, windowMs: 60 * minute, window: "fixed" },
  codePerEmailHourly: { limit: 10, windowMs: 60 * minute, window: "fixed" },
} as const;

export type SignInEnv = Pick<
  Env,
  | "PUBLIC_SITE_URL"
  | "SESSION_SECRET"
  | "ADMIN_EMAILS"
  | "isProduction"
  | "SIGN_IN_MAILS_PER_IP_PER_HOUR"
  | "SIGN_IN_MAILS_PER_HOUR"
  // The mail's link and code are sealed in the mail queue with the app's key (ADR 0143).
  | "ENCRYPTION_KEY"
  | "DATA_DIR"
>;

export interface SignInDeps {
  db: Db;
  env: SignInEnv;
  logger: Logger;
}

// Error messages are shown to people as they are; the client keys the spec's texts on "rate limit".
export const SIGN_IN_MESSAGES = {
  // What the address and the code typed are refused with, by their schema at the edge.
  ...SIGN_IN_INPUT_TEXT,
  rateLimited: "Email rate limit exceeded. Please wait before asking for another link.",
  mailFailed: "We could not send the e-mail just now. Please try again in a minute.",
  linkInvalid: "This sign-in link is not valid. Please request a new one.",
  linkUsed: "This sign-in link has already been used. Please request a new one.",
  linkExpired: "This sign-in link has expired (links work for 10 minutes). Please request a new one.",
  codeWrong: "That code is not correct. Please check the e-mail and try again.",
  codeUnavailable: "This code has expired or was already used. Please request a new link.",
  codeLocked: "Too many wrong codes. Please request a new link.",
  codeTooMany: "Too many attempts. Please wait a few minutes before trying another code.",
} as const;

export interface SignInRequest {
  /** The address as `signInEmailField` parsed it at the edge: trimmed and lower-cased. */
  email: string;
  /** The page to return to after sign-in; only same-site paths are kept. */
  redirectTo?: unknown;
  ip: string;
  /** The referral link's code the visitor came through (its cookie; ADR 0153), kept with the link. */
  referralCode?: unknown;
}

/**
 * Step 1: mails a link and a code. The answer is the same whether or not the address has an
 * account (the user row is created when the link is used), so it tells nobody who is a customer.
 */
export async function requestSignIn(deps: SignInDeps & { mailer: Mailer }, request: SignInRequest, now: Date): Promise<void> {
  const { db, env, mailer, logger } = deps;
  const { email } = request;
  // The site-wide cap stops a flood from mailing the world; it must not lock the owners out while it
  // lasts, so an admin's address is held only to its own and its network's limits.
  const owner = await isAdminAddress(db, env.ADMIN_EMAILS, email, logger);
  const limited = await consumeRateLimits(
    db,
    [
      { key: `sign-in:email:${email}`, ...SIGN_IN_LIMITS.perEmail },
      { key: `sign-in:ip:${request.ip}`, ...SIGN_IN_LIMITS.perIpHourly, limit: env.SIGN_IN_MAILS_PER_IP_PER_HOUR },
      ...(owner ? [] : [{ key: "sign-in:global", ...SIGN_IN_LIMITS.globalHourly, limit: env.SIGN_IN_MAILS_PER_HOUR }]),
    ],
    now,
  );
  if (!limited.allowed) {
    throw new AppError(429, "RATE_LIMITED", SIGN_IN_MESSAGES.rateLimited, { retryAfterSeconds: Math.ceil(limited.retryAfterMs / 1000) });
  }

  const id = crypto.randomUUID();
  const token = randomToken();
  const code = randomCode();
  const link = `${env.PUBLIC_SITE_URL}/auth/verify?token=${token}`;
  const mail = signInMail({ to: email, link, code, validMinutes: LINK_TTL_MS / minute, siteUrl: env.PUBLIC_SITE_URL });
  // The link and its mail are written together (the mail sealed: its link and code are never
  // readable in the database); the person waits, so this request sends the mail itself at once.
  const queued = await inTransaction(db, async (tx) => {
    // One live request per address: a new mail replaces the previous link and code.
    await tx.delete(verifications).where(and(eq(verifications.email, email), isNull(verifications.consumedAt)));
    // Tidy: rows a day past their expiry are of no use, not even for explaining an old link.
    await tx.delete(verifications).where(lt(verifications.expiresAt, new Date(now.getTime() - 24 * 60 * minute)));
    await tx.insert(verifications).values({
      id,
      email,
      tokenHash: hashToken(token),
      codeHash: hashCode(code, id, codeSecret(env)),
      redirectTo: safeRedirectPath(request.redirectTo),
      referralCode: referralCodeOf(request.referralCode),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_TTL_MS),
    });
    return queueMail(tx, { dedupeKey: `sign-in:${id}`, message: mail, sealWith: env, sendNow: true }, now);
  });

  const sent = await sendMailNow({ db, mailer }, queued!, mail, now, { forgetWhenSent: true });
  if (!sent.ok) {
    logger.error({ err: sent.error, verificationId: id }, "could not send the sign-in mail");
    // The person is told to ask again: no usable link is left behind, and the queue does not send it later.
    await inTransaction(db, async (tx) => {
      await withdrawMail(tx, queued!);
      await tx.delete(verifications).where(eq(verifications.id, id));
    });
    throw new AppError(502, "MAIL_FAILED", SIGN_IN_MESSAGES.mailFailed);
  }
  logger.info({ verificationId: id }, "sign-in mail sent");
}

export interface SignedIn {
  /** The new session's cookie token (never stored). */
  token: string;
  userId: string;
  email: string;
  isAdmin: boolean;
  absoluteExpiresAt: Date;
  /** Where to go now: the page the visitor started from, else /admin for admins and / for others. */
  redirectTo: string;
}

/**
 * Creates or finds the user, applies ADMIN_EMAILS, opens a session and logs the sign-in, inside the
 * consuming transaction: a sign-in is logged exactly when its session exists.
 */
async function completeSignIn(
  tx: Tx,
  deps: SignInDeps,
  verified: { email: string; redirectTo: string | null; referralCode: string | null },
  method: SignInMethod,
  now: Date,
): Promise<SignedIn> {
  const { email, redirectTo } = verified;
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [user] = await tx
    .insert(users)
    .values({ email, emailConfirmedAt: now, lastSignInAt: now, createdAt: now })
    .onConflictDoUpdate({
      target: users.email,
      set: { lastSignInAt: now, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, excluded.email_confirmed_at)` },
    })
    .returning({ id: users.id });
  if (deps.env.ADMIN_EMAILS.includes(email)) await grantAdmin(tx, user!.id);
  // A new account that came through a referral link: its household is the referred one (ADR 0153).
  if (!existing) await recordReferral(tx, { userId: user!.id, email, code: verified.referralCode, now, siteUrl: deps.env.PUBLIC_SITE_URL });
  const { token, session } = await createSession(tx, user!.id, now);
  await tx.insert(signIns).values({ userId: user!.id, method, signedInAt: now });
  const admin = await holdsAdminRole(tx, user!.id);
  return { token, userId: user!.id, email, isAdmin: admin, absoluteExpiresAt: session.absoluteExpiresAt, redirectTo: landingPath(redirectTo, admin) };
}

/**
 * Step 2 by link. A single conditional UPDATE marks the row used; under any number of concurrent
 * requests exactly one of them gets the row back and signs in.
 */
export async function signInWithLink(deps: SignInDeps, token: unknown, now: Date): Promise<SignedIn> {
  if (typeof token !== "string" || token.length === 0 || token.length > 100) {
    throw new AppError(400, "LINK_INVALID", SIGN_IN_MESSAGES.linkInvalid);
  }
  const tokenHash = hashToken(token);
  const signedIn = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(verifications)
      .set({ consumedAt: now })
      .where(and(eq(verifications.tokenHash, tokenHash), isNull(verifications.consumedAt), gt(verifications.expiresAt, now)))
      .returning({ email: verifications.email, redirectTo: verifications.redirectTo, referralCode: verifications.referralCode });
    return row ? completeSignIn(tx, deps, row, "link", now) : null;
  });
  if (signedIn) return signedIn;

  // Only to explain the refusal; nothing is changed here.
  const [row] = await deps.db
    .select({ consumedAt: verifications.consumedAt, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.tokenHash, tokenHash))
    .limit(1);
  if (!row) throw new AppError(400, "LINK_INVALID", SIGN_IN_MESSAGES.linkInvalid);
  if (row.consumedAt) throw new AppError(400, "LINK_USED", SIGN_IN_MESSAGES.linkUsed);
  throw new AppError(400, "LINK_EXPIRED", SIGN_IN_MESSAGES.linkExpired);
}

/**
 * Step 2 by typed code (another device). Each attempt is counted before the code is compared, so
 * concurrent guesses cannot exceed MAX_CODE_ATTEMPTS; hourly caps per address and per IP on top.
 */
export async function signInWithCode(deps: SignInDeps, input: SignInCodeRequest & { ip: string }, now: Date): Promise<SignedIn> {
  const { email, code } = input;

  const limited = await consumeRateLimits(
    deps.db,
    [
      { key: `sign-in-code:email:${email}`, ...SIGN_IN_LIMITS.codePerEmailHourly },
      { key: `sign-in-code:ip:${input.ip}`, ...SIGN_IN_LIMITS.codePerIpHourly },
    ],
    now,
  );
  if (!limited.allowed) throw new AppError(429, "CODE_TOO_MANY", SIGN_IN_MESSAGES.codeTooMany).retryAfter(limited.retryAfterMs);

  const live = deps.db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.email, email), isNull(verifications.consumedAt), gt(verifications.expiresAt, now)))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  const [attempt] = await deps.db
    .update(verifications)
    .set({ codeAttempts: sql`${verifications.codeAttempts} + 1` })
    .where(and(inArray(verifications.id, live), lt(verifications.codeAttempts, MAX_CODE_ATTEMPTS)))
    .returning({ id: verifications.id, codeHash: verifications.codeHash, attempts: verifications.codeAttempts });
  if (!attempt) throw new AppError(400, "CODE_UNAVAILABLE", SIGN_IN_MESSAGES.codeUnavailable);
  if (!safeEqualHex(hashCode(code, attempt.id, codeSecret(deps.env)), attempt.codeHash)) {
    if (attempt.attempts >= MAX_CODE_ATTEMPTS) throw new AppError(400, "CODE_LOCKED", SIGN_IN_MESSAGES.codeLocked);
    throw new AppError(400, "CODE_WRONG", SIGN_IN_MESSAGES.codeWrong);
  }

  const signedIn = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(verifications)
      .set({ consumedAt: now })
      .where(and(eq(verifications.id, attempt.id), isNull(verifications.consumedAt), gt(verifications.expiresAt, now)))
      .returning({ email: verifications.email, redirectTo: verifications.redirectTo, referralCode: verifications.referralCode });
    return row ? completeSignIn(tx, deps, row, "code", now) : null;
  });
  if (!signedIn) throw new AppError(400, "CODE_UNAVAILABLE", SIGN_IN_MESSAGES.codeUnavailable);
  return signedIn;
}
