import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { type StaySettings, dateProblems, nightsOf } from "~/domain/calendar";
import type { WaitlistRequest } from "~/features/stays/schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { households, staySuites, stayCats, stayEvents, stays, waitlistEntries } from "../db/schema/index";
import { EXCLUSION_VIOLATION, sqlStateOf } from "../db/sql-state";
import { vaccineCoverage } from "../households/vaccines";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import type { PeriodicJob } from "../periodic-job";
import { type SuiteType, freeSuiteCounts, listSuiteTypes, loadStaySettings, rulesBetween } from "./calendar";
import { queueArrivalReminders, queueStayMail } from "./stay-mail";
import { returnReferralCredits } from "../referrals/referrals";
import { passOnFirstNightFree } from "./first-night";
import { medicatedCats } from "./medication";
import { holdStay } from "./book";
import { catAlreadyBooked, householdCats } from "./household-cats";
import { optionsFor } from "./quote";
import { STAY_NOT_FOUND, type Stay, checkedDates, coverageRefusal, datesRefused, withSuiteRetry } from "./stay";
import { householdOf, ownedBy } from "../db/owned";
import { inTransaction, type Tx } from "../db/transaction";

/**
 * The waitlist (ADR 0125): a household waiting for nights that were full. When a suite frees up,
 * the first entry it fits gets an offer: a stay that holds the suite for a while (the house rules'
 * hours), confirmed when accepted; an offer not accepted in time expires, frees the suite, and the
 * next entry gets its turn. Each entry is claimed with a row lock that other processes skip, so an
 * entry gets one offer however many processes run the job.
 */

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

const ENTRY_NOT_FOUND = () => new AppError(404, "WAITLIST_ENTRY_NOT_FOUND", "We couldn't find that waitlist entry.");

/** Joins the waitlist for dates that were full: the same checks of the cats and the dates as booking, in the same words. */
export async function joinWaitlist(db: Db, userId: string, request: WaitlistRequest, now: Date): Promise<WaitlistEntry> {
  const cats = await householdCats(db, userId, request.catIds);
  const { problems } = await checkedDates(db, request.checkIn, request.checkOut, businessDate(now));
  if (problems.length > 0) throw datesRefused(problems);
  // Waiting for nights a cat is booked for already could only end in an offer it cannot take.
  const booked = await catAlreadyBooked(db, cats, request);
  if (booked) throw booked;
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      householdId: cats[0]!.householdId,
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      flexDays: request.flexDays,
      catIds: request.catIds,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** The household's entries still waiting or holding an offer. */
export async function listWaitlist(db: Db, userId: string): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({ entry: waitlistEntries })
    .from(waitlistEntries)
    .innerJoin(households, eq(households.id, waitlistEntries.householdId))
    .where(and(householdOf(userId), inArray(waitlistEntries.status, ["waiting", "offered"])))
    .orderBy(asc(waitlistEntries.checkIn));
  return rows.map((r) => r.entry);
}

export async function leaveWaitlist(db: Db, userId: string, entryId: string, now: Date) {
  const rows = await db
    .update(waitlistEntries)
    .set({ status: "withdrawn", updatedAt: now })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, "waiting"), ownedBy(waitlistEntries.householdId, userId)))
    .returning();
  if (rows.length === 0) throw ENTRY_NOT_FOUND();
}

/** The dates to try for an entry: as asked first, then a day earlier, a day later, and so on up to its flexibility. */
function candidateDates(entry: WaitlistEntry) {
  const length = nightsOf(entry.checkIn, entry.checkOut).length;
  const shifts = [0, ...Array.from({ length: entry.flexDays }, (_, i) => [-(i + 1), i + 1]).flat()];
  return shifts.map((shift) => {
    const checkIn = addBusinessDays(entry.checkIn, shift);
    return { checkIn, checkOut: addBusinessDays(checkIn, length) };
  });
}

/**
 * Offers a held suite to one entry if any of its dates now fit; true when an offer was made. Dates
 * on which one of its cats is booked already are passed over; when only such dates had a suite, that
 * refusal is thrown, for the pass to record on the entry.
 */
async function offerTo(tx: Tx, entry: WaitlistEntry, ctx: { siteUrl: string; now: Date; settings: StaySettings; types: SuiteType[] }): Promise<boolean> {
  const { settings, types } = ctx;
  const today = businessDate(ctx.now);
  const [owner] = await tx.select({ userId: households.userId }).from(households).where(eq(households.id, entry.householdId));
  const cats = await householdCats(tx, owner!.userId, entry.catIds).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "CAT_NOT_FOUND") return null;
    throw error; // anything else is this entry's failure, recorded by the pass
  });
  if (!cats) return false; // a cat was archived since: the entry waits for the customer to book again
  let catBooked: AppError | null = null;
  for (const dates of candidateDates(entry)) {
    const rules = await rulesBetween(tx, dates.checkIn, dates.checkOut);
    if (dateProblems(settings, rules, dates.checkIn, dates.checkOut, today).length > 0) continue;
    const free = await freeSuiteCounts(tx, dates.checkIn, dates.checkOut);
    const [option] = optionsFor(settings, rules, types, free, dates, cats.length, 0, today);
    if (!option) continue;
    const booked = await catAlreadyBooked(tx, cats, dates);
    if (booked) {
      catBooked ??= booked;
      continue;
    }
    const coverage = await vaccineCoverage(tx, { userId: owner!.userId, catIds: entry.catIds, through: dates.checkOut, now: ctx.now });
    if (coverage.some((c) => c.state === "not-covered")) return false;
    const stay = await holdStay(tx, {
      cats,
      type: types.find((t) => t.id === option.suiteTypeId)!,
      arrangement: option.arrangement,
      ...dates,
      medicationCats: (await medicatedCats(tx, { catIds: entry.catIds })).size,
      notes: "",
      status: "offered",
      offerExpiresAt: new Date(ctx.now.getTime() + settings.waitlistOfferHours * 3_600_000),
      settings,
      rules,
      today,
      now: ctx.now,
      actor: "system:waitlist",
    });
    await tx
      .update(waitlistEntries)
      .set({ status: "offered", offeredStayId: stay.id, lastError: null, updatedAt: ctx.now })
      .where(eq(waitlistEntries.id, entry.id));
    await queueStayMail(tx, stay.id, "offered", ctx.siteUrl, ctx.now);
    return true;
  }
  if (catBooked) throw catBooked;
  return false;
}

/**
 * Ends holds that were not taken up in time (a waitlist offer not accepted, a deposit not paid): the
 * stays expire and their suites are free again, in the caller's transaction, which has locked them.
 */
export async function releaseLapsedHolds(tx: Tx, stayIds: string[], event: { kind: string; actor: string; now: Date }) {
  if (stayIds.length === 0) return;
  const { now } = event;
  await tx.update(stays).set({ status: "expired", updatedAt: now }).where(inArray(stays.id, stayIds));
  await tx
    .update(staySuites)
    .set({ releasedAt: now })
    .where(and(inArray(staySuites.stayId, stayIds), isNull(staySuites.releasedAt)));
  await tx.update(waitlistEntries).set({ status: "expired", updatedAt: now }).where(inArray(waitlistEntries.offeredStayId, stayIds));
  await tx.insert(stayEvents).values(stayIds.map((stayId) => ({ stayId, kind: event.kind, actor: event.actor, at: now })));
  // A deposit never paid gives back the referral credit the booking used (ADR 0153).
  await returnReferralCredits(tx, stayIds, now);
  // And the first night free one of them held goes to the person's next booked stay (ADR 0194).
  await passOnFirstNightFree(tx, stayIds, { actor: event.actor, now });
}

/**
 * A suite, or one of the entry's cats, taken by a booking at the same moment: the entry simply waits
 * for the next pass (which records a cat booked meanwhile in that refusal's words).
 */
const lostSuiteRace = (error: unknown) => sqlStateOf(error) === EXCLUSION_VIOLATION || (error instanceof AppError && error.code === "NO_SUITE_FREE");

/**
 * What an entry records of a failed offer: a refusal's own words, or the database's error code and
 * constraint. Never a failed query's text, whose values hold the customer's cats' names (the log has it).
 */
function failureText(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const state = sqlStateOf(error);
  if (state) {
    let cause: unknown = error;
    while (cause instanceof Error && cause.cause) cause = cause.cause;
    const { constraint } = cause as { constraint?: unknown };
    return `Database error ${state}${typeof constraint === "string" ? ` (${constraint})` : ""}`;
  }
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
}

/**
 * One pass of the waitlist: offers past their hold expire (their suites are freed), then each
 * waiting entry, oldest first, gets an offer if a suite now fits. Each entry's offer is its own unit
 * (a savepoint): an entry whose offer fails is undone alone, its error recorded on it and logged, and
 * the next entry still gets its offer. Safe to run in several processes at once. Returns how many
 * offers expired and how many were made.
 */
export async function runWaitlist(db: Db, ctx: { siteUrl: string; now: Date; logger?: Logger }): Promise<{ expired: number; offered: number }> {
  const now = ctx.now;
  const today = businessDate(now);
  const expired = await inTransaction(db, async (tx) => {
    const lapsed = await tx
      .select({ id: stays.id })
      .from(stays)
      .where(and(eq(stays.status, "offered"), lte(stays.offerExpiresAt, now)))
      .for("update", { skipLocked: true });
    if (lapsed.length === 0) return 0;
    await releaseLapsedHolds(
      tx,
      lapsed.map((s) => s.id),
      { kind: "offer_expired", actor: "system:waitlist", now },
    );
    return lapsed.length;
  });
  // Entries whose dates have passed stop waiting.
  await db
    .update(waitlistEntries)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(waitlistEntries.status, "waiting"), sql`${waitlistEntries.checkIn} + ${waitlistEntries.flexDays} < ${today}::date`));

  // The house rules and suite types, read once for the pass.
  const [settings, types] = await Promise.all([loadStaySettings(db), listSuiteTypes(db)]);
  const offered = await inTransaction(db, async (tx) => {
    // Every waiting entry locked, oldest first: a pass running at the same moment waits here and then
    // sees this pass's offers. (Skipping an entry another pass holds would hand its suite to the next in line.)
    const waiting = await tx
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.status, "waiting"))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .for("update");
    let made = 0;
    for (const entry of waiting) {
      try {
        // A savepoint per entry: whatever goes wrong undoes only this entry's offer.
        if (await inTransaction(tx, (sp) => offerTo(sp, entry, { siteUrl: ctx.siteUrl, now, settings, types }))) made += 1;
      } catch (error) {
        // The entry keeps its place for the next pass; a failure other than a lost race is recorded on it.
        if (lostSuiteRace(error)) continue;
        ctx.logger?.error({ err: error, entryId: entry.id }, "waitlist offer failed; the next entry is still offered");
        await tx
          .update(waitlistEntries)
          .set({ lastError: failureText(error), updatedAt: now })
          .where(eq(waitlistEntries.id, entry.id));
      }
    }
    return made;
  });
  return { expired, offered };
}

/** What an Accept did: took the offer, or found it taken already (a second click, another tab). */
export type AcceptOutcome = "accepted" | "already_accepted";

/**
 * Accepts a waitlist offer: the held stay becomes confirmed (or pending review), with the same checks
 * as booking. An offer the household accepted before answers "already_accepted" with its stay as it
 * is now, and changes nothing; an offer that lapsed or was turned down is refused.
 */
export async function acceptOffer(
  db: Db,
  userId: string,
  stayId: string,
  ctx: { siteUrl: string; now: Date },
): Promise<{ outcome: AcceptOutcome; stay: Stay }> {
  const now = ctx.now;
  return withSuiteRetry(db, async (tx) => {
    const [row] = await tx
      .select({ stay: stays })
      .from(stays)
      .innerJoin(households, eq(households.id, stays.householdId))
      .where(and(eq(stays.id, stayId), householdOf(userId)))
      .for("update", { of: stays });
    if (!row) throw STAY_NOT_FOUND();
    const { stay } = row;
    if (stay.status !== "offered") {
      const [taken] = await tx
        .select({ id: stayEvents.id })
        .from(stayEvents)
        .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "offer_accepted")))
        .limit(1);
      if (taken) return { outcome: "already_accepted" as const, stay };
    }
    if (stay.status !== "offered" || (stay.offerExpiresAt && stay.offerExpiresAt <= now))
      throw new AppError(409, "OFFER_EXPIRED", "This offer has expired and the suite has gone to the next guest. You can join the waitlist again.");
    const guests = await tx.select({ catId: stayCats.catId }).from(stayCats).where(eq(stayCats.stayId, stay.id));
    const catIds = guests.flatMap((g) => (g.catId ? [g.catId] : []));
    const coverage = await vaccineCoverage(tx, { userId, catIds, through: stay.checkOut, now });
    if (coverage.some((c) => c.state === "not-covered")) throw coverageRefusal(coverage);
    const status = coverage.some((c) => c.state === "awaiting-review") ? "pending_review" : "confirmed";
    const [accepted] = await tx.update(stays).set({ status, offerExpiresAt: null, updatedAt: now }).where(eq(stays.id, stay.id)).returning();
    await tx.update(waitlistEntries).set({ status: "booked", updatedAt: now }).where(eq(waitlistEntries.offeredStayId, stay.id));
    await tx.insert(stayEvents).values({ stayId: stay.id, kind: "offer_accepted", actor: `customer:${userId}`, detail: { status }, at: now });
    await queueStayMail(tx, stay.id, status === "confirmed" ? "confirmed" : "pending_review", ctx.siteUrl, now);
    return { outcome: "accepted" as const, stay: accepted! };
  });
}

/**
 * Every minute: the waitlist's offers (a page that frees a suite also runs a pass at once), and the
 * reminders of stays arriving in two days (queued once each; the mail queue sends them).
 */
export const staysJob: PeriodicJob = {
  name: "stays",
  everyMs: 60_000,
  async run(deps, now) {
    const { expired, offered } = await runWaitlist(deps.db, { siteUrl: deps.env.PUBLIC_SITE_URL, now, logger: deps.logger });
    if (expired + offered > 0) deps.logger.info({ expired, offered }, "waitlist offers");
    await queueArrivalReminders(deps.db, deps.env.PUBLIC_SITE_URL, now);
  },
};
