import crypto from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { addBusinessDays, businessDate, businessLocalToUtc, businessTime } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { codeSecret } from "../crypto/tokens";
import { careIncidents, households, reviewRequests, stayEvents, stayReleases, stays, users } from "../db/schema/index";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { queueMail } from "../mail/queue";
import { reviewRequestMail } from "../messages/catalogue";
import { queueingJob } from "../periodic-job";
import { catNamesByStay } from "./guests";
import { inTransaction } from "../db/transaction";

/**
 * The review request after a stay (ADR 0167): the day after the cat went home (its release at pickup,
 * ADR 0197; the check-out day for a stay without one), from 10:00 Los Angeles time, one mail thanks the
 * owner and links to the review page set in Content (none is sent without one). None after a stay that
 * had an incident, a satisfaction guarantee or an overdue pickup: a thank-you asking for stars then
 * reads as not having listened (`HELD_BACK_AFTER`).
 * At most one per household in REVIEW_REQUEST_DAYS: the job locks the household's row, then reads
 * its last request, so two processes running the job at once send one. Each mail carries a signed
 * unsubscribe link; a household that followed it gets no more.
 */

/** The earliest Los Angeles time of the day after check-out at which the mail goes. */
export const REVIEW_REQUEST_FROM = "10:00";
/** At most one review request per household in this many days. */
export const REVIEW_REQUEST_DAYS = 90;
/** A stay's events after which no review request is sent: its guarantee, and the overdue pickup's nights, fee and text (ADR 0182). */
const HELD_BACK_AFTER = ["guarantee", "overdue_night", "late_pickup_fee", "overdue_pickup_texted"];

type TokenEnv = Pick<Env, "SESSION_SECRET">;

/** The unsubscribe link's signature, keyed as the codes' HMACs are. */
const signatureOf = (env: TokenEnv, householdId: string) =>
  crypto.createHmac("sha256", codeSecret(env)).update(`review-requests-unsubscribe:${householdId}`).digest("base64url");

/** "r.<household id>.<signature>": the household it stops, signed so no other can be guessed. */
export const reviewUnsubscribeToken = (env: TokenEnv, householdId: string) => `r.${householdId}.${signatureOf(env, householdId)}`;

/** Whether a token is a review request's (the unsubscribe page serves the newsletter's too). */
export const isReviewUnsubscribeToken = (token: string) => token.startsWith("r.");

/** The household a review request's unsubscribe token names, when its signature is right. */
export function householdOfReviewToken(env: TokenEnv, token: string): string | null {
  const match = /^r\.([0-9a-fA-F-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !isUuid(match[1]!)) return null;
  const expected = Buffer.from(signatureOf(env, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? match[1]! : null;
}

/** The household behind an unsubscribe link: its address (for the page to show, masked) and whether it has stopped already. */
export async function findReviewUnsubscribe(db: Db, env: TokenEnv, token: string): Promise<{ email: string; stoppedAt: Date | null } | null> {
  const householdId = householdOfReviewToken(env, token);
  if (!householdId) return null;
  const [row] = await db
    .select({ email: users.email, stoppedAt: households.reviewRequestsStoppedAt })
    .from(households)
    .innerJoin(users, eq(users.id, households.userId))
    .where(eq(households.id, householdId));
  return row ?? null;
}

/** Stops the review requests of the token's household (once: a second click keeps the first time). */
export async function stopReviewRequests(db: Db, env: TokenEnv, token: string, now: Date): Promise<boolean> {
  const householdId = householdOfReviewToken(env, token);
  if (!householdId) return false;
  const rows = await db
    .update(households)
    .set({ reviewRequestsStoppedAt: sql`coalesce(${households.reviewRequestsStoppedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(households.id, householdId))
    .returning({ id: households.id });
  return rows.length > 0;
}

export interface ReviewRequestDeps {
  db: Db;
  env: Pick<Env, "SESSION_SECRET" | "PUBLIC_SITE_URL">;
  logger?: Logger;
}

/**
 * Queues the review requests due at `now`: stays whose cats went home yesterday (Los Angeles: the
 * release, or the check-out day of a stay released before releases were kept), checked out, once it
 * is REVIEW_REQUEST_FROM; nothing without a review page address, nor for a stay held back (an
 * incident, a guarantee, an overdue pickup). Each is claimed in its own transaction
 * under the household's row lock: a household that stopped them, or was asked in the last
 * REVIEW_REQUEST_DAYS, is skipped; the claim row and the mail are written together.
 */
export async function runReviewRequests(deps: ReviewRequestDeps, now: Date): Promise<{ due: number; queued: number }> {
  const { db } = deps;
  if (businessTime(now) < REVIEW_REQUEST_FROM) return { due: 0, queued: 0 };
  const { business } = await loadSiteContent(db, deps.logger);
  if (business.reviewPageUrl === "") return { due: 0, queued: 0 };
  const today = businessDate(now);
  const checkedOutOn = addBusinessDays(today, -1);
  const due = await db
    .select({ id: stays.id, householdId: households.id, checkIn: stays.checkIn, checkOut: stays.checkOut, email: users.email, name: households.name })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .innerJoin(users, eq(users.id, households.userId))
    .leftJoin(stayReleases, eq(stayReleases.stayId, stays.id))
    .where(
      and(
        eq(stays.status, "checked_out"),
        // Counted from the release: a cat collected a day late is thanked the day after it went home.
        or(
          and(gte(stayReleases.releasedAt, businessLocalToUtc(checkedOutOn, "00:00")), lt(stayReleases.releasedAt, businessLocalToUtc(today, "00:00"))),
          and(isNull(stayReleases.stayId), eq(stays.checkOut, checkedOutOn)),
        ),
        isNull(households.reviewRequestsStoppedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(careIncidents)
            .where(eq(careIncidents.stayId, stays.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(stayEvents)
            .where(and(eq(stayEvents.stayId, stays.id), inArray(stayEvents.kind, HELD_BACK_AFTER))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reviewRequests)
            .where(eq(reviewRequests.stayId, stays.id)),
        ),
      ),
    )
    .orderBy(asc(stays.checkIn), asc(stays.id));
  if (due.length === 0) return { due: 0, queued: 0 };
  const guests = await catNamesByStay(
    db,
    due.map((s) => s.id),
  );
  const askedSince = new Date(now.getTime() - REVIEW_REQUEST_DAYS * 24 * 60 * 60_000);
  let queued = 0;
  for (const stay of due) {
    const sent = await inTransaction(db, async (tx) => {
      // The household's lock queues a second process here; it then reads the first one's claim.
      const [household] = await tx
        .select({ stoppedAt: households.reviewRequestsStoppedAt })
        .from(households)
        .where(eq(households.id, stay.householdId))
        .for("update");
      if (!household || household.stoppedAt) return false;
      const [last] = await tx
        .select({ sentAt: reviewRequests.sentAt })
        .from(reviewRequests)
        .where(eq(reviewRequests.householdId, stay.householdId))
        .orderBy(desc(reviewRequests.sentAt))
        .limit(1);
      if (last && last.sentAt > askedSince) return false;
      const [claim] = await tx
        .insert(reviewRequests)
        .values({ householdId: stay.householdId, stayId: stay.id, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: reviewRequests.id });
      if (!claim) return false;
      const siteUrl = deps.env.PUBLIC_SITE_URL;
      await queueMail(
        tx,
        {
          dedupeKey: `review-request:${stay.id}`,
          stayId: stay.id,
          message: reviewRequestMail({
            to: stay.email,
            name: stay.name,
            catNames: (guests.get(stay.id) ?? []).filter((name): name is string => name !== null),
            stay,
            reviewPageUrl: business.reviewPageUrl,
            unsubscribeUrl: `${siteUrl}/unsubscribe?token=${encodeURIComponent(reviewUnsubscribeToken(deps.env, stay.householdId))}`,
            business,
            siteUrl,
          }),
        },
        now,
      );
      return true;
    });
    if (sent) queued++;
  }
  return { due: due.length, queued };
}

/** Every hour: the mails of yesterday's check-outs from 10:00; what was sent is in the database, so restarts and several processes are safe. */
export const reviewRequestJob = queueingJob("review requests", 60 * 60_000, runReviewRequests);
