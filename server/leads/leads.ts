import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import type { NewsletterSignup, UnsubscribeToken, VoucherRequest } from "~/features/leads/schema";
import type { Db } from "../db/client";
import { newsletterSignups, voucherRequests } from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { queueMail, sendMailNow, withdrawMail } from "../mail/queue";
import { newsletterWelcomeMail, voucherMail } from "../messages/catalogue";
import type { SealEnv } from "../messages/sealed";
import { type RateLimitRule, consumeRateLimits } from "../rate-limit/rate-limit";
import { inTransaction } from "../db/transaction";

const HOUR = 60 * 60 * 1000;

/**
 * Per-IP and global caps: enough for a family sharing a connection, not for a script. Counted per
 * clock hour (ADR 0102).
 */
const limits = {
  voucher: (ip: string): RateLimitRule[] => [
    { key: `leads:voucher:ip:${ip}`, limit: 5, windowMs: HOUR, window: "fixed" },
    { key: "leads:voucher:global", limit: 500, windowMs: HOUR, window: "fixed" },
  ],
  newsletter: (ip: string, email: string): RateLimitRule[] => [
    { key: `leads:newsletter:ip:${ip}`, limit: 10, windowMs: HOUR, window: "fixed" },
    { key: `leads:newsletter:email:${email}`, limit: 3, windowMs: HOUR, window: "fixed" },
    { key: "leads:newsletter:global", limit: 1000, windowMs: HOUR, window: "fixed" },
  ],
};

async function requireWithinLimits(db: Db, rules: RateLimitRule[], now: Date) {
  const result = await consumeRateLimits(db, rules, now);
  if (!result.allowed) {
    throw new AppError(429, "RATE_LIMITED", "Too many requests. Please wait a little and try again.", {
      retryAfterSeconds: Math.ceil(result.retryAfterMs / 1000),
    });
  }
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** "FN-7KQ2MX": short enough to read out on the phone, without the look-alikes 0/O and 1/I. */
function newVoucherCode(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  return `FN-${Array.from(crypto.randomBytes(6), (b) => alphabet[b % alphabet.length]).join("")}`;
}

/** Stores a voucher request the edge parsed (`voucherRequestSchema`), within the client's limits. */
export async function createVoucherRequest(db: Db, data: VoucherRequest, ip: string, now: Date) {
  await requireWithinLimits(db, limits.voucher(ip), now);
  const [row] = await db
    .insert(voucherRequests)
    .values({
      name: data.name,
      email: data.email,
      phone: data.phone,
      consentText: data.consentText,
      consentedAt: now,
      sourcePage: data.sourcePage,
      voucherCode: newVoucherCode(),
      createdAt: now,
    })
    .returning({ id: voucherRequests.id });
  return { id: row!.id };
}

/**
 * E-mails the voucher of a stored request through the mail queue, at once (the visitor waits to hear
 * whether it is in their inbox), and records the outcome with the lead (staff see a failed send in
 * the leads inbox and send it by hand, so a failed mail is taken out of the queue rather than retried
 * behind their back). Resolves whether the mail went out; a mail server that is down never loses the
 * request, which is already stored.
 */
export async function sendVoucherMail(deps: { db: Db; mailer: Mailer; logger: Logger; siteUrl: string }, id: string, now: Date): Promise<boolean> {
  const { db, logger, siteUrl } = deps;
  const [lead] = await db.select().from(voucherRequests).where(eq(voucherRequests.id, id));
  if (!lead?.voucherCode) throw new AppError(404, "NOT_FOUND", "This voucher request does not exist.");
  const { business } = await loadSiteContent(db, logger);
  const mail = voucherMail({ to: lead.email, name: lead.name, code: lead.voucherCode, business, siteUrl });
  const queued = await inTransaction(db, (tx) => queueMail(tx, { dedupeKey: `voucher:${id}`, message: mail, sendNow: true }, now));
  // Queued before (a second call for the same lead): its outcome is already recorded.
  if (!queued) return lead.mailStatus === "sent";
  const sent = await sendMailNow(deps, queued, mail, now);
  if (!sent.ok) {
    logger.error({ err: sent.error, leadId: id }, "could not send the voucher mail");
    await withdrawMail(db, queued);
  }
  await db
    .update(voucherRequests)
    .set({ mailStatus: sent.ok ? "sent" : "failed", mailedAt: sent.ok ? now : null, updatedAt: now })
    .where(eq(voucherRequests.id, id));
  return sent.ok;
}

/** What a sign-up needs besides the database: the key its sealed welcome mail is stored with, and the site's address. */
export interface NewsletterDeps {
  db: Db;
  env: SealEnv & Pick<Env, "PUBLIC_SITE_URL">;
}

/**
 * Stores a sign-up, and for a new address queues the welcome mail with its unsubscribe link in the
 * same transaction: once an address, however often it signs up (its key is the row's, and only the
 * request whose token was stored sends it). The mail is sealed: the link's token is stored only as a
 * hash. The answer is the same whether the address was new or known, so the endpoint does not reveal
 * who is subscribed; the queue is kicked after the commit (`inTransaction`). `unsubscribeToken` is
 * set only when a new token was made; it is never sent to the browser.
 */
export async function signUpForNewsletter({ db, env }: NewsletterDeps, data: NewsletterSignup, ip: string, now: Date) {
  await requireWithinLimits(db, limits.newsletter(ip, data.email), now);
  const token = crypto.randomBytes(32).toString("base64url");
  const { business } = await loadSiteContent(db);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(newsletterSignups)
      .values({
        email: data.email,
        consentText: data.consentText,
        consentedAt: now,
        sourcePage: data.sourcePage,
        unsubscribeTokenHash: hashToken(token),
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: newsletterSignups.email,
        // Signing up again renews the consent and re-subscribes; the existing link keeps working.
        set: { consentText: data.consentText, consentedAt: now, sourcePage: data.sourcePage, unsubscribedAt: null },
      })
      .returning({ id: newsletterSignups.id, tokenHash: newsletterSignups.unsubscribeTokenHash });
    const isNew = row!.tokenHash === hashToken(token);
    if (isNew) {
      const unsubscribeUrl = `${env.PUBLIC_SITE_URL}/unsubscribe?token=${token}`;
      const message = newsletterWelcomeMail({ to: data.email, unsubscribeUrl, business, siteUrl: env.PUBLIC_SITE_URL });
      await queueMail(tx, { dedupeKey: `newsletter-welcome:${row!.id}`, message, sealWith: env }, now);
    }
    return { id: row!.id, unsubscribeToken: isNew ? token : null };
  });
}

/** The sign-up an unsubscribe link is for, or null: the page parsed the token (`unsubscribeTokenSchema`). */
export async function findSignupByUnsubscribeToken(db: Db, token: UnsubscribeToken) {
  const [row] = await db
    .select({ id: newsletterSignups.id, email: newsletterSignups.email, unsubscribedAt: newsletterSignups.unsubscribedAt })
    .from(newsletterSignups)
    .where(eq(newsletterSignups.unsubscribeTokenHash, hashToken(token)));
  return row ?? null;
}

/** Idempotent: unsubscribing twice keeps the first time. */
export async function unsubscribe(db: Db, token: UnsubscribeToken, now: Date) {
  const signup = await findSignupByUnsubscribeToken(db, token);
  if (!signup) throw new AppError(404, "UNKNOWN_TOKEN", "This unsubscribe link is not valid.");
  if (!signup.unsubscribedAt) {
    await db.update(newsletterSignups).set({ unsubscribedAt: now }).where(eq(newsletterSignups.id, signup.id));
  }
  return { email: signup.email };
}

/** Masks an address for display on the unsubscribe page: a***@example.com. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, "$1***$2");
