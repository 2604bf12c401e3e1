import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client";
import { lockForBooking } from "../db/booking-lock";
import { mailboxSql } from "../db/mailbox";
import { households, phoneVerifications, referralCreditEntries, stays, users } from "../db/schema/index";
import type { Env } from "../env";
import { queueMail } from "../mail/queue";
import { firstNightFreeMail, referralEarnedMail } from "../messages/catalogue";
import type { PeriodicJob } from "../periodic-job";
import { householdOf } from "../db/owned";
import { inTransaction, type Tx } from "../db/transaction";

/**
 * Referrals (ADR 0153). Each household has a link (`/refer/<code>`); a visitor who opens it carries
 * the code in a cookie to the sign-in mail's request, which keeps it with the link, and the account
 * that link creates gets a household referred by the link's household. When that household checks
 * out of its first stay, the referrer earns one free night: an entry in the credits' ledger, applied
 * by itself to the referrer's next booking, returned when that stay is cancelled, expired after a
 * year. The ledger is only added to; what a credit is now is its latest entry.
 */

/** The cookie that carries a referral link's code from the link to the sign-in request. */
export const REFERRAL_COOKIE = "cat_hotel_referral";
/** How long the cookie keeps the code: a visitor may sign up some days after opening the link. */
const REFERRAL_COOKIE_DAYS = 30;
/** A credit expires this long after it was granted. */
export const REFERRAL_CREDIT_VALIDITY = "1 year";

/** The path of a household's link. */
export const referralPath = (code: string) => `/refer/${code}`;

/** The cookie that remembers `code` (Secure in production, never readable by the page's script). */
export function referralCookie(env: Pick<Env, "isProduction">, code: string): string {
  const parts = [`${REFERRAL_COOKIE}=${code}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${REFERRAL_COOKIE_DAYS * 86_400}`];
  if (env.isProduction) parts.push("Secure");
  return parts.join("; ");
}

/** A code as the database draws them (16 hex digits), or null: anything else is no code of ours. */
export function referralCodeOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toLowerCase();
  return /^[0-9a-f]{16}$/.test(code) ? code : null;
}

/**
 * One person, whatever accounts they open (ADR 0173): two accounts are one person's when their
 * addresses reach one mailbox (`mailboxSql`: a "+tag" or a Gmail dot changes nothing) or their
 * households' mobile numbers are one number the person has PROVEN (ADR 0140: a number merely typed
 * names nobody, and a stranger who typed yours would take your offer away). The first night free is
 * once per person and a referral is never of oneself: both rules ask this, here.
 */

/** Whether two addresses reach one mailbox. */
async function sameMailbox(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await rowsOf<{ same: boolean }>(db, sql`select ${mailboxSql(a)} = ${mailboxSql(b)} as same`);
  return row?.same === true;
}

/** The mailbox of a household's account, as a subquery (null for no household). */
const mailboxOfHousehold = (householdId: unknown) =>
  sql`(select ${mailboxSql(sql`u.email`)} from ${households} h join ${users} u on u.id = h.user_id where h.id = ${householdId})`;

/** A household's proven mobile number, as a subquery (null when it has proven none). */
const provenPhoneOfHousehold = (householdId: unknown) =>
  sql`(select p.phone from ${households} h join ${phoneVerifications} p on p.user_id = h.user_id and p.verified_at is not null where h.id = ${householdId})`;

/**
 * The ids of the households of the person who holds `householdId` (an id, or a column of the
 * query), itself included, as a subquery: the same mailbox, or the same proven mobile.
 */
export const householdsOfPerson = (householdId: unknown) =>
  sql`(select other.id from ${households} other join ${users} ou on ou.id = other.user_id
      where ${mailboxSql(sql`ou.email`)} = ${mailboxOfHousehold(householdId)}
    union
    select other.id from ${households} other join ${phoneVerifications} op on op.user_id = other.user_id and op.verified_at is not null
      where op.phone = ${provenPhoneOfHousehold(householdId)})`;

/**
 * The locks of a household's person, for `lockForBooking`: its mailbox and its proven mobile, read by
 * the lock's own statement. Two households of one person share one of them, so their bookings queue.
 */
export const personLocks = (householdId: string) => ({ mailbox: [mailboxOfHousehold(householdId)], phone: [provenPhoneOfHousehold(householdId)] });

/** The household whose link has `code`, with its account's e-mail; null for a code that is no link of ours. */
export async function referrerByCode(db: Db, code: unknown) {
  const valid = referralCodeOf(code);
  if (!valid) return null;
  const [row] = await db
    .select({ householdId: households.id, userId: households.userId, email: users.email })
    .from(households)
    .innerJoin(users, eq(users.id, households.userId))
    .where(eq(households.referralCode, valid));
  return row ?? null;
}

export type ReferralLinkState =
  /** No household has this link. */
  | "unknown"
  /** The signed-in account's own link. */
  | "own"
  /** Someone signed in already has an account: a link refers new customers only. */
  | "member"
  /** A visitor: the code is remembered until they sign up. */
  | "welcome";

/** What opening a referral link means for whoever opened it (`userId`: signed in). Nothing is written. */
export async function referralLinkState(db: Db, code: string, userId: string | null): Promise<ReferralLinkState> {
  const referrer = await referrerByCode(db, code);
  if (!referrer) return "unknown";
  if (!userId) return "welcome";
  return referrer.userId === userId ? "own" : "member";
}

/**
 * In the sign-in's transaction, for an account this sign-in created: its household, referred by the
 * link's household. Nothing is recorded for a code that is no link, or the referrer's own e-mail
 * (a "+tag" copy of it too). The household is created here, once: `referred_by` is never set later.
 * The new friend is mailed that their own first night is free, once (ADR 0197).
 */
export async function recordReferral(tx: Tx, input: { userId: string; email: string; code: string | null; now: Date; siteUrl: string }): Promise<boolean> {
  if (!input.code) return false;
  const referrer = await referrerByCode(tx, input.code);
  if (!referrer || referrer.userId === input.userId || (await sameMailbox(tx, referrer.email, input.email))) return false;
  const created = await tx
    .insert(households)
    .values({ userId: input.userId, referredBy: referrer.householdId, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing({ target: households.userId })
    .returning({ id: households.id });
  if (created.length === 0) return false;
  await queueMail(
    tx,
    { dedupeKey: `referral-first-night:${created[0]!.id}`, message: firstNightFreeMail({ to: input.email, siteUrl: input.siteUrl }) },
    input.now,
  );
  return true;
}

export interface ReferralSummary {
  /** The household's link (null: the account has no household yet). */
  link: string | null;
  /** Free nights earned and not yet used or expired, soonest to expire first. */
  available: { grantedAt: Date; expiresAt: Date }[];
  /** Free nights earned in all. */
  earned: number;
}

/** The "Refer a friend" section of /account. */
export async function referralSummary(db: Db, userId: string, siteUrl: string, now: Date): Promise<ReferralSummary> {
  const [home] = await db.select({ id: households.id, code: households.referralCode }).from(households).where(householdOf(userId));
  if (!home) return { link: null, available: [], earned: 0 };
  const [credits, [earned]] = await Promise.all([
    availableCredits(db, home.id, now),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(referralCreditEntries)
      .where(and(eq(referralCreditEntries.householdId, home.id), eq(referralCreditEntries.kind, "granted"))),
  ]);
  return {
    link: `${siteUrl}${referralPath(home.code)}`,
    available: credits.map((c) => ({ grantedAt: c.grantedAt, expiresAt: c.expiresAt })),
    earned: earned?.n ?? 0,
  };
}

/** Gives the account its household (empty, as a first cat would), so it has a link to share. */
export async function createReferralLink(db: Db, userId: string): Promise<void> {
  await db.insert(households).values({ userId }).onConflictDoNothing({ target: households.userId });
}

/**
 * In the check-out's transaction: when `stayId` is the first stay its household checked out of and
 * the household was referred, the referrer earns a credit. Nothing for a referral of oneself: the
 * referrer's own person (`householdsOfPerson`: the same mailbox or proven mobile), or the same mobile
 * number as the referrer's household even unproven (withholding a reward may rest on a number the
 * households gave; ADR 0153). Once per
 * referred household, held by the unique index `referral_credit_entries_one_per_referred`; the
 * referrer is mailed that the night is earned in the same transaction, once (ADR 0197).
 */
export async function grantReferralCredit(tx: Tx, stayId: string, now: Date, siteUrl: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    select friend.id as friend_id, friend.mobile_phone as friend_phone,
      referrer.id as referrer_id, referrer.mobile_phone as referrer_phone,
      (select u.email from ${users} u where u.id = referrer.user_id) as referrer_email,
      friend.id in ${householdsOfPerson(sql`referrer.id`)} as same_person,
      (select count(*) from ${stays} other where other.household_id = friend.id and other.status = 'checked_out' and other.id <> ${stayId}) as earlier
    from ${stays} s
    join ${households} friend on friend.id = s.household_id
    join ${households} referrer on referrer.id = friend.referred_by
    where s.id = ${stayId}`)) as unknown as {
    rows: {
      friend_id: string;
      friend_phone: string | null;
      referrer_id: string;
      referrer_phone: string | null;
      referrer_email: string;
      same_person: boolean;
      earlier: number | string;
    }[];
  };
  const row = result.rows[0];
  if (!row || Number(row.earlier) > 0) return false;
  if (row.same_person) return false;
  if (row.friend_phone && row.friend_phone === row.referrer_phone) return false;
  const id = crypto.randomUUID();
  const granted = await tx
    .insert(referralCreditEntries)
    .values({ id, creditId: id, seq: 1, householdId: row.referrer_id, kind: "granted", referredHouseholdId: row.friend_id, at: now })
    .onConflictDoNothing()
    .returning({ id: referralCreditEntries.id });
  if (granted.length === 0) return false;
  await queueMail(tx, { dedupeKey: `referral-earned:${row.friend_id}`, message: referralEarnedMail({ to: row.referrer_email, siteUrl }) }, now);
  return true;
}

type Credit = { creditId: string; seq: number; grantedAt: Date; expiresAt: Date };

/**
 * The household's credits that may be used at `now`: whose latest entry is "granted" or "returned",
 * granted less than a year ago (whether or not the expiry job has written it yet), oldest first.
 */
async function availableCredits(db: Db, householdId: string, now: Date): Promise<Credit[]> {
  return (await rowsOf<CreditRow>(db, availableCreditsQuery(householdId, now))).map(creditOf);
}

/** `availableCredits`' read, not yet sent: to send it, or to make it part of another statement. */
const availableCreditsQuery = (householdId: string, now: Date) => sql`
    select g.id as credit_id, last.seq, g.at as granted_at, g.at + ${REFERRAL_CREDIT_VALIDITY}::interval as expires_at
    from ${referralCreditEntries} g
    join lateral (
      select e.seq, e.kind from ${referralCreditEntries} e where e.credit_id = g.id order by e.seq desc limit 1
    ) last on true
    where g.household_id = ${householdId} and g.kind = 'granted' and last.kind in ('granted', 'returned')
      and g.at + ${REFERRAL_CREDIT_VALIDITY}::interval > ${now.toISOString()}::timestamptz
    order by g.at, g.id`;

/** A credit's row as read, its times as `Date`s or (from JSON) as text. */
export type CreditRow = { credit_id: string; seq: number; granted_at: Date | string; expires_at: Date | string };

export const creditOf = (r: CreditRow): Credit => ({
  creditId: r.credit_id,
  seq: Number(r.seq),
  grantedAt: new Date(r.granted_at),
  expiresAt: new Date(r.expires_at),
});

/**
 * The credit a booking of the household's would use now (the oldest usable one), as a value of
 * another statement: its row as JSON (`creditOf` reads it), or null. A booking reads it under the
 * household's lock to decide, in the statement after its locks with what they decide; a quote with
 * its other reads.
 */
export const usableReferralCreditJson = (householdId: string, now: Date) =>
  sql`(select row_to_json(credit) from (${availableCreditsQuery(householdId, now)} limit 1) credit)`;

/**
 * In the booking's transaction, under the household's lock: the credit applied to the stay being
 * written, as an insert not yet sent, to be part of the statement that writes the stay (`writeTogether`).
 */
export function referralCreditApplied(tx: Tx, credit: Credit, stay: { id: string; householdId: string | null }, cents: number, now: Date) {
  return tx
    .insert(referralCreditEntries)
    .values({
      creditId: credit.creditId,
      seq: credit.seq + 1,
      householdId: stay.householdId!,
      kind: "applied",
      stayId: stay.id,
      cents,
      at: now,
    })
    .returning({ id: referralCreditEntries.id });
}

/**
 * In the transaction that cancels, declines or releases stays: a credit applied to one of them (and
 * still applied: its latest entry) is returned, usable again (until it expires).
 */
export async function returnReferralCredits(tx: Tx, stayIds: readonly string[], now: Date): Promise<number> {
  if (stayIds.length === 0) return 0;
  const applied = await tx
    .select()
    .from(referralCreditEntries)
    .where(
      and(
        inArray(referralCreditEntries.stayId, [...stayIds]),
        eq(referralCreditEntries.kind, "applied"),
        sql`${referralCreditEntries.seq} = (select max(e.seq) from ${referralCreditEntries} e where e.credit_id = ${referralCreditEntries.creditId})`,
      ),
    );
  for (const entry of applied)
    await tx.insert(referralCreditEntries).values({
      creditId: entry.creditId,
      seq: entry.seq + 1,
      householdId: entry.householdId,
      kind: "returned",
      stayId: entry.stayId,
      cents: entry.cents,
      at: now,
    });
  return applied.length;
}

/**
 * Writes "expired" for every credit granted a year or more before `now` that is not in use (its
 * latest entry "granted" or "returned"). Under the households' locks, as a booking applies a credit:
 * a booking and the job never both take the credit's next entry; and two processes running the job
 * at once collide on (credit, seq), where the second writes nothing.
 */
export async function expireReferralCredits(db: Db, now: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    const due = sql`
      select g.id as credit_id, g.household_id, last.seq
      from ${referralCreditEntries} g
      join lateral (
        select e.seq, e.kind from ${referralCreditEntries} e where e.credit_id = g.id order by e.seq desc limit 1
      ) last on true
      where g.kind = 'granted' and last.kind in ('granted', 'returned')
        and g.at + ${REFERRAL_CREDIT_VALIDITY}::interval <= ${now.toISOString()}::timestamptz`;
    const found = (await tx.execute(due)) as unknown as { rows: { household_id: string }[] };
    if (found.rows.length === 0) return 0;
    await lockForBooking(tx, { household: found.rows.map((r) => r.household_id) });
    // Read again under the locks: a credit applied meanwhile is in use, not expired.
    const written = (await tx.execute(sql`
      insert into ${referralCreditEntries} (credit_id, seq, household_id, kind, at)
      select credit_id, seq + 1, household_id, 'expired', ${now.toISOString()}::timestamptz from (${due}) d
      on conflict do nothing
      returning id`)) as unknown as { rows: unknown[] };
    return written.rows.length;
  });
}

/** Records the credits that reached their year (the booking already refuses them at that moment). */
export const referralCreditsJob: PeriodicJob = {
  name: "referral-credits",
  everyMs: 60 * 60_000,
  run: async ({ db }, now) => {
    await expireReferralCredits(db, now);
  },
};
