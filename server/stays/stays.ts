import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { type CalendarRule, type StaySettings, type TimeWindow, dateProblems, nightsOf, windowsOn } from "~/domain/calendar";
import { type CancellationTier, cancellationFeeOn, cancellationTiers } from "~/domain/cancellation";
import { type StayStatus } from "~/domain/stay-status";
import { depositFor } from "~/domain/deposits";
import { priceStay } from "~/domain/pricing";
import {
  type Arrangement,
  type BookStayRequest,
  type StayCatsInput,
  type StayDates,
  type StayNewDates,
  CAT_REPEATED_MESSAGE,
  stayCatsForm,
  stayNewDatesForm,
} from "~/features/stays/schema";
import type { StayView } from "~/features/stays/view";
import { catAlreadyBookedText } from "~/features/stays/wording";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { hasRepeats } from "~/lib/validation";
import { type Db, rowsOf } from "../db/client";
import { cats, households, staySuites, stayCats, stayEvents, stays, suiteTypes, suites, users, waitlistEntries } from "../db/schema/index";
import { lockForBooking } from "../db/booking-lock";
import { withExclusionRetry } from "../db/exclusion-retry";
import { type CatCoverage, catsAndCoverage, vaccineCoverage } from "../households/vaccines";
import { isUuid } from "~/lib/ids";
import { AppError } from "../http/errors";
import { parseBody } from "../http/validation";
import { loadSiteContent } from "../content/content";
import { redeemVoucher } from "./vouchers";
import { applyReferralCredit, personLocks, returnReferralCredits, usableReferralCredit } from "../referrals/referrals";
import { queueStayMail, queueStayMessages } from "./stay-mail";
import { medicatedCats } from "./medication";
import { firstNightTaken, isNewHousehold, lockBookedStay, passOnFirstNightFree } from "./first-night";
import { queueCancellationRefund } from "./refunds";
import { stayViewOf, stayViews } from "./views";
import { type SuiteType, freeSuiteCounts, freeSuitesForStays, heldOverlapping, listSuiteTypes, loadStayTerms, rulesWithin } from "./calendar";
import { householdOf } from "../db/owned";
import { inTransaction, type Tx } from "../db/transaction";

/**
 * Booking a stay (ADR 0125). The rules are the plain functions of app/domain/ (pricing, calendar,
 * cancellation, deposits); this module reads what they need, and writes a stay in one transaction. Whatever picks free suites of a
 * type first takes that suite type's lock (ADR 0142), so requests for the same suites queue, each
 * reads what is free after the one before it committed, and the one who finds nothing is told at
 * once. The database's exclusion constraints stay the final guard: a suite row a writer without the
 * lock took, or a cat booked a moment ago in a stay of another suite type, is refused there, and the
 * booking runs again with what is then free.
 */

export type Stay = typeof stays.$inferSelect;

export const DEFAULT_PAYMENT_HOLD_MINUTES = 30;

export const STAY_NOT_FOUND = () => new AppError(404, "STAY_NOT_FOUND", "We couldn't find that stay.");
const STAY_NOT_CHANGEABLE = () => new AppError(409, "STAY_NOT_CHANGEABLE", "This stay can no longer be changed online. Please call us.");
const CAT_NOT_FOUND = () => new AppError(404, "CAT_NOT_FOUND", "We couldn't find that cat.");
const NO_SUITE_FREE = () => new AppError(409, "NO_SUITE_FREE", "That suite is no longer free for those nights. Please choose another suite or other dates.");

/** The rules for the dates, or a 400 naming the field each broken rule belongs to. */
export async function checkedDates(db: Db, checkIn: string, checkOut: string, today: string) {
  const { settings, rules } = await loadStayTerms(db, checkIn, checkOut);
  const problems = dateProblems(settings, rules, checkIn, checkOut, today);
  return { settings, rules, problems };
}

export const datesRefused = (problems: { field: string; message: string }[]) =>
  new AppError(400, "DATES_NOT_BOOKABLE", problems[0]!.message, { fields: Object.fromEntries(problems.map((p) => [p.field, p.message])) });

export type HouseholdCat = { id: string; name: string; householdId: string };

/**
 * The first of `chosen` (in their order) that another held stay has for any night from `checkIn` to
 * `checkOut`, refused with its name and that stay's nights; null when every cat is free. A cat
 * sleeps in one suite a night (ADR 0141): this check gives the words, and the exclusion constraint
 * `stay_cats_no_overlap` refuses the row of a booking that committed a moment later, whose retry
 * then finds it here and answers the same. `ignoreStayId`'s own nights do not count.
 */
export async function catAlreadyBooked(
  db: Db,
  chosen: readonly { id: string; name: string }[],
  nights: { checkIn: string; checkOut: string },
  ignoreStayId?: string,
): Promise<AppError | null> {
  return firstCatClash(
    chosen,
    await catClashes(
      db,
      chosen.map((c) => c.id),
      nights,
      ignoreStayId,
    ),
  );
}

/** The held nights of other stays of these cats that overlap `nights` (none for dates out of order, which a rule refuses). */
async function catClashes(db: Db, catIds: readonly string[], nights: { checkIn: string; checkOut: string }, ignoreStayId?: string) {
  if (catIds.length === 0 || nights.checkOut <= nights.checkIn) return [];
  return catClashesQuery(db, catIds, nights, ignoreStayId);
}

/** `catClashes`' read, not yet sent (for dates in order): to send it, or to make it part of another. */
function catClashesQuery(db: Db, catIds: readonly string[], nights: { checkIn: string; checkOut: string }, ignoreStayId?: string) {
  return db
    .select({ catId: stayCats.catId, checkIn: stayCats.checkIn, checkOut: stayCats.checkOut })
    .from(stayCats)
    .where(
      and(
        inArray(stayCats.catId, [...catIds]),
        eq(stayCats.held, true),
        sql`daterange(${stayCats.checkIn}, ${stayCats.checkOut}) && daterange(${nights.checkIn}::date, ${nights.checkOut}::date)`,
        ignoreStayId ? ne(stayCats.stayId, ignoreStayId) : undefined,
      ),
    )
    .orderBy(asc(stayCats.checkIn));
}

/** `catAlreadyBooked`'s refusal for the first of `chosen` (in their order) that `clashes` has. */
function firstCatClash(chosen: readonly { id: string; name: string }[], clashes: { catId: string | null; checkIn: string; checkOut: string }[]) {
  for (const cat of chosen) {
    const clash = clashes.find((c) => c.catId === cat.id);
    if (clash) return CAT_ALREADY_BOOKED(cat.name, clash);
  }
  return null;
}

export const CAT_ALREADY_BOOKED = (catName: string, stay: { checkIn: string; checkOut: string }) => {
  const message = catAlreadyBookedText(catName, stay);
  return new AppError(409, "CAT_ALREADY_BOOKED", message, { fields: { catIds: message } });
};

/** Throws `catAlreadyBooked`'s refusal, if any. */
async function refuseCatsAlreadyBooked(...args: Parameters<typeof catAlreadyBooked>) {
  const refusal = await catAlreadyBooked(...args);
  if (refusal) throw refusal;
}

/**
 * The household's cats that are not archived, among `catIds`; any other id is a 404, and a cat named
 * twice a 400 (the forms refuse it first; this guards every other caller, and rows stored before).
 */
export async function householdCats(db: Db, userId: string, catIds: readonly string[]): Promise<HouseholdCat[]> {
  refuseRepeats(catIds);
  const rows = await db
    .select({ id: cats.id, name: cats.name, householdId: cats.householdId })
    .from(cats)
    .innerJoin(households, eq(households.id, cats.householdId))
    .where(and(householdOf(userId), inArray(cats.id, [...catIds]), isNull(cats.archivedAt)));
  if (rows.length !== new Set(catIds).size) throw CAT_NOT_FOUND();
  return catIds.map((id) => rows.find((r) => r.id === id)!);
}

const refuseRepeats = (catIds: readonly string[]) => {
  if (hasRepeats(catIds)) throw new AppError(400, "CAT_REPEATED", CAT_REPEATED_MESSAGE, { fields: { catIds: CAT_REPEATED_MESSAGE } });
};

/**
 * `householdCats` and their `vaccineCoverage` through `through`, in one read of the cats and their
 * records (not one each): the same refusals, in the same order.
 */
async function householdCatsCovered(db: Db, userId: string, catIds: readonly string[], through: string, now: Date) {
  refuseRepeats(catIds);
  const { cats: found, coverage } = await catsAndCoverage(db, { userId, catIds: [...catIds], through, now });
  if (found.some((c) => c.archivedAt)) throw CAT_NOT_FOUND();
  return { chosen: found.map(({ id, name, householdId }): HouseholdCat => ({ id, name, householdId })), coverage };
}

/** A way to stay: a suite type, and whether the cats share one suite or take one each. */
export interface StayOption {
  suiteTypeId: string;
  name: string;
  description: string;
  size: string;
  maxCats: number;
  /** The suite type's photo (an uploaded image's id), or null. */
  photoImageId: string | null;
  arrangement: Arrangement;
  suitesNeeded: number;
  priceLines: { label: string; cents: number }[];
  totalCents: number;
  /** The deposit due at booking (0: none), as the calendar rules set it. */
  depositCents: number;
  /** What cancelling would cost, and from when, if booked today. */
  cancellationTiers: CancellationTier[];
}

const suitesFor = (arrangement: Arrangement, catCount: number) => (arrangement === "together" ? 1 : catCount);

export function optionsFor(
  settings: StaySettings,
  rules: readonly CalendarRule[],
  types: readonly SuiteType[],
  free: Map<string, number>,
  dates: { checkIn: string; checkOut: string },
  catCount: number,
  /** How many of the cats take medication our team gives (`medicatedCats`). */
  medicationCats: number,
  today: string,
  firstNightFree = false,
  referralCredit = false,
): StayOption[] {
  const options: StayOption[] = [];
  for (const type of types) {
    const arrangements: Arrangement[] = catCount === 1 ? ["together"] : ["together", "separate"];
    for (const arrangement of arrangements) {
      if (arrangement === "together" && catCount > type.maxCats) continue;
      const needed = suitesFor(arrangement, catCount);
      if ((free.get(type.id) ?? 0) < needed) continue;
      const price = priceStay(settings, rules, {
        ...dates,
        suites: arrangement === "together" ? [{ rates: type, cats: catCount }] : Array.from({ length: catCount }, () => ({ rates: type, cats: 1 })),
        medicationCats,
        firstNightFree,
        referralCredit,
      });
      options.push({
        suiteTypeId: type.id,
        name: type.name,
        description: type.description,
        size: type.size,
        maxCats: type.maxCats,
        photoImageId: type.photoImageId,
        arrangement,
        suitesNeeded: needed,
        priceLines: price.lines,
        totalCents: price.totalCents,
        depositCents: depositFor(rules, { ...dates, totalCents: price.totalCents }),
        cancellationTiers: cancellationTiers(settings, rules, { ...dates, totalCents: price.totalCents, bookedOn: today }),
      });
    }
  }
  return options;
}

export interface StayQuote {
  nights: number;
  /** What stops these dates and cats being booked: a rule of the dates, or a cat booked for some of the nights already. */
  problems: { field: "checkIn" | "checkOut" | "catIds"; message: string }[];
  cats: { id: string; name: string }[];
  /** The cats whose profile lists a medication: our team gives it, charged per cat per night (ADR 0194). */
  medicatedCats: { id: string; name: string }[];
  coverage: CatCoverage[];
  options: StayOption[];
  /** When nothing is free: the nearest dates of the same length that are, earlier or later. */
  alternatives: { checkIn: string; checkOut: string }[];
  /** When the cats may arrive on the check-in day and be collected on the check-out day. */
  arrivalWindows: TimeWindow[];
  departureWindows: TimeWindow[];
}

/**
 * What the customer may book for these dates and cats, priced; nothing is held. Independent reads go
 * at once (on PostgreSQL each on a connection of its own): the cats with their vaccines, the house
 * and calendar rules, and the suite types; then, for dates the rules allow, the cats' other stays,
 * the free suites and whether the household is new; and, when nothing is free, one read of the
 * weeks around for the nearest free dates.
 */
export async function quoteStay(db: Db, userId: string, request: StayDates, now: Date): Promise<StayQuote> {
  const today = businessDate(now);
  // The calendar rules of the weeks around, for the nearest free dates should nothing be free: a few
  // rows more in a read made anyway, not a read more.
  const [{ chosen, coverage }, { settings, rules: rulesAround }, types, medicated] = await Promise.all([
    householdCatsCovered(db, userId, request.catIds, request.checkOut, now),
    loadStayTerms(db, addBusinessDays(request.checkIn, -ALTERNATIVES_DAYS), addBusinessDays(request.checkOut, ALTERNATIVES_DAYS)),
    listSuiteTypes(db),
    medicatedCats(db, { catIds: request.catIds }),
  ]);
  const rules = rulesWithin(rulesAround, request.checkIn, request.checkOut);
  const problems = dateProblems(settings, rules, request.checkIn, request.checkOut, today);
  const base = {
    nights: 0,
    cats: chosen.map(({ id, name }) => ({ id, name })),
    medicatedCats: chosen.flatMap(({ id, name }) => (medicated.has(id) ? [{ id, name }] : [])),
    coverage: [],
    options: [],
    alternatives: [],
    arrivalWindows: windowsOn(settings, rules, request.checkIn, "arrival"),
    departureWindows: windowsOn(settings, rules, request.checkOut, "departure"),
  };
  if (problems.length > 0) return { ...base, problems };
  // The dates are in order now (the database refuses a range that ends before it starts).
  const [booked, free, isNew, credit] = await Promise.all([
    catAlreadyBooked(db, chosen, request),
    freeSuiteCounts(db, request.checkIn, request.checkOut),
    chosen[0] ? isNewHousehold(db, chosen[0].householdId) : false,
    chosen[0] ? usableReferralCredit(db, chosen[0].householdId, now) : null,
  ]);
  if (booked) return { ...base, problems: [{ field: "catIds", message: booked.message }] };
  const options = optionsFor(settings, rules, types, free, request, chosen.length, medicated.size, today, isNew, credit !== null);
  const nights = nightsOf(request.checkIn, request.checkOut).length;
  const alternatives = options.length === 0 ? await nearestFreeDates(db, settings, rulesAround, types, request, chosen.length, today) : [];
  return { ...base, nights, problems: [], coverage, options, alternatives };
}

/** How far either side of the dates asked for the nearest free dates are looked for. */
const ALTERNATIVES_DAYS = 14;

/**
 * Up to two stays of the same length within two weeks either side that the rules allow and a suite
 * fits, nearest first (earlier before later at the same distance), listed by date. `allRules`: the
 * calendar rules of the whole four weeks; the free suites of every candidate are read at once, not
 * once per candidate.
 */
async function nearestFreeDates(
  db: Db,
  settings: StaySettings,
  allRules: readonly CalendarRule[],
  types: readonly SuiteType[],
  request: StayDates,
  catCount: number,
  today: string,
) {
  const length = nightsOf(request.checkIn, request.checkOut).length;
  const freeFor = await freeSuitesForStays(
    db,
    addBusinessDays(request.checkIn, -ALTERNATIVES_DAYS),
    addBusinessDays(request.checkIn, ALTERNATIVES_DAYS),
    length,
  );
  const found: { checkIn: string; checkOut: string }[] = [];
  for (let shift = 1; shift <= ALTERNATIVES_DAYS && found.length < 2; shift += 1) {
    for (const direction of [-1, 1]) {
      const checkIn = addBusinessDays(request.checkIn, shift * direction);
      const checkOut = addBusinessDays(checkIn, length);
      const rules = rulesWithin(allRules, checkIn, checkOut);
      if (dateProblems(settings, rules, checkIn, checkOut, today).length > 0) continue;
      if (optionsFor(settings, rules, types, freeFor(checkIn), { checkIn, checkOut }, catCount, 0, today).length > 0) found.push({ checkIn, checkOut });
      if (found.length === 2) break;
    }
  }
  return found.sort((a, b) => a.checkIn.localeCompare(b.checkIn));
}

/** The first `count` suites of a type free for every night, in the staff's order (`ignoreStayId`'s own rows do not count). */
function freeSuitesOfType(db: Db, suiteTypeId: string, checkIn: string, checkOut: string, count: number, ignoreStayId?: string) {
  return db
    .select({ id: suites.id, name: suites.name })
    .from(suites)
    .where(and(eq(suites.suiteTypeId, suiteTypeId), eq(suites.inService, true), sql`not exists (${heldOverlapping(checkIn, checkOut, ignoreStayId)})`))
    .orderBy(asc(suites.sortOrder), asc(suites.name))
    .limit(count);
}

/** Runs `attempt` in a transaction, again (up to 5 times) when the exclusion constraint refused its suite. */
export const withSuiteRetry = <T>(db: Db, attempt: (tx: Tx) => Promise<T>): Promise<T> => withExclusionRetry(db, attempt, NO_SUITE_FREE);

export function coverageRefusal(coverage: CatCoverage[]) {
  const problems = coverage.filter((c) => c.state === "not-covered").flatMap((c) => c.problems.map((p) => `${c.catName}: ${p}`));
  return new AppError(409, "VACCINES_NOT_COVERED", `Before we can book this stay: ${problems.join(" ")}`, { problems });
}

/**
 * `Promise.all`, except that when several fail, the first failure in the list's order is thrown
 * (not the first in time), so a request with two problems is always refused for the same one.
 */
async function inOrder<T extends readonly unknown[]>(reads: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(reads);
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Books a stay: confirmed at once when every rule holds, pending review (the suite held) when a
 * required vaccine record waits for staff; refused with the reason otherwise. The confirmation mail
 * is queued in the same transaction. `bookedBy`: the staff member booking for the customer at the
 * desk (ADR 0145), who takes no online deposit, so the stay never waits for a payment.
 */
export async function bookStay(
  db: Db,
  userId: string,
  request: BookStayRequest,
  ctx: {
    siteUrl: string;
    now: Date;
    /** How long an unpaid deposit holds the suite (ADR 0132). */
    paymentHoldMinutes?: number;
    /** The e-mail of the staff member booking for the customer. */
    bookedBy?: string;
  },
): Promise<Stay> {
  const now = ctx.now;
  const today = businessDate(now);
  // What no other booking decides, read at once before the transaction (each read on PostgreSQL on a
  // connection of its own), refused in the order a person fixes it: the cats, the dates, the suite,
  // the vaccines. Only holdStay's reads, under the locks, decide between contenders: a cat's other
  // stays too, read there once (ADR 0160).
  // The account's addresses too: the winner's mail is queued from them and from what it wrote, with no
  // read under the suite type's lock (ADR 0198).
  const [{ chosen, coverage }, { settings, rules }, [type], { business }, [contact], medicated] = await inOrder([
    householdCatsCovered(db, userId, request.catIds, request.checkOut, now),
    loadStayTerms(db, request.checkIn, request.checkOut),
    db.select().from(suiteTypes).where(eq(suiteTypes.id, request.suiteTypeId)),
    loadSiteContent(db),
    db
      .select({ email: users.email, mobilePhone: households.mobilePhone })
      .from(users)
      .leftJoin(households, eq(users.id, households.userId))
      .where(eq(users.id, userId)),
    medicatedCats(db, { catIds: request.catIds }),
  ] as const);
  const problems = dateProblems(settings, rules, request.checkIn, request.checkOut, today);
  if (problems.length > 0) throw datesRefused(problems);
  if (!type) throw new AppError(404, "SUITE_TYPE_NOT_FOUND", "We couldn't find that suite. Please choose one from the list.");
  if (request.arrangement === "together" && chosen.length > type.maxCats)
    throw new AppError(400, "TOO_MANY_CATS", `A ${type.name} holds at most ${type.maxCats} cats. Choose separate suites or a larger suite.`, {
      fields: { arrangement: `A ${type.name} holds at most ${type.maxCats} cats.` },
    });
  if (coverage.some((c) => c.state === "not-covered")) throw coverageRefusal(coverage);
  const status: StayStatus = coverage.some((c) => c.state === "awaiting-review") ? "pending_review" : "confirmed";
  const stay = await withSuiteRetry(db, async (tx) => {
    const { stay: row, view } = await holdStayWithView(tx, {
      cats: chosen,
      type,
      arrangement: request.arrangement,
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      medicationCats: medicated.size,
      notes: request.notes ?? "",
      status,
      settings,
      rules,
      today,
      now,
      actor: ctx.bookedBy ? `staff:${ctx.bookedBy}` : `customer:${userId}`,
      // No hold, no deposit: holdStay asks for one only with a time to pay it in.
      paymentHoldMinutes: ctx.bookedBy ? undefined : (ctx.paymentHoldMinutes ?? DEFAULT_PAYMENT_HOLD_MINUTES),
      useReferralCredit: true,
    });
    // A stay awaiting its deposit is confirmed (and the mail sent) when the payment arrives.
    // The voucher is the free night this stay got (or the booking is refused with the reason).
    // The account's address matters only to a voucher: one typed in, or the household's own for the free night it got.
    const email = contact?.email ?? "";
    await redeemVoucher(tx, { code: request.voucherCode, stay: row, email, minNights: settings.firstNightFreeMinNights, now });
    if (row.status !== "awaiting_payment")
      await queueStayMessages(tx, {
        view,
        kind: status === "confirmed" ? "confirmed" : "pending_review",
        email,
        mobilePhone: contact?.mobilePhone ?? null,
        eventCount: NEW_STAY_EVENTS,
        business,
        siteUrl: ctx.siteUrl,
        now,
      });
    return row;
  });
  return stay;
}

/** A stay holdStay has just written has one event, its "booked" (or "offered"): its first message's number. */
const NEW_STAY_EVENTS = 1;

/**
 * Writes a stay that holds free suites of `type` for its nights, priced and with its cancellation
 * terms, in the caller's transaction, under the suite type's lock (ADR 0142). Refused (NO_SUITE_FREE)
 * when not enough suites are free; the exclusion constraint still refuses a suite a writer without
 * the lock took a moment ago.
 */
export async function holdStay(tx: Tx, input: HoldStayInput): Promise<Stay> {
  return (await holdStayWithView(tx, input)).stay;
}

interface HoldStayInput {
  cats: HouseholdCat[];
  type: SuiteType;
  arrangement: Arrangement;
  checkIn: string;
  checkOut: string;
  /** How many of the cats take medication our team gives (`medicatedCats`, read before the locks: no booking decides it). */
  medicationCats: number;
  notes: string;
  status: StayStatus;
  offerExpiresAt?: Date;
  /** With this, a stay a calendar rule asks a deposit for waits that long for it, `awaiting_payment`. */
  paymentHoldMinutes?: number;
  /** A booking (not a waitlist offer): the household's oldest usable referral credit is applied by itself (ADR 0153). */
  useReferralCredit?: boolean;
  settings: StaySettings;
  rules: CalendarRule[];
  today: string;
  now: Date;
  actor: string;
}

/** holdStay, answering also the new stay's view, made from what it wrote (no payment yet). */
async function holdStayWithView(tx: Tx, input: HoldStayInput): Promise<{ stay: Stay; view: StayView }> {
  const { cats: chosen, type, arrangement, checkIn, checkOut, now } = input;
  // Requests for these cats and for this type's suites queue here: what follows reads what the one
  // before committed (the cats first: the order every path takes them in).
  // Whether the household is new is decided under its lock and its person's (its mailbox, its proven
  // mobile; ADR 0173): of the bookings of one person's households racing each other, the first to
  // commit is the new customer's (the unique index stays_one_first_night_free guards one household).
  const householdId = chosen[0]!.householdId;
  await lockForBooking(tx, { cat: chosen.map((c) => c.id), household: [householdId], ...personLocks(householdId), suiteType: [type.id] });
  const needed = suitesFor(arrangement, chosen.length);
  const { clashes, rooms, isNew } = await decidedUnderLocks(tx, { catIds: chosen.map((c) => c.id), typeId: type.id, checkIn, checkOut, needed, householdId });
  const booked = firstCatClash(chosen, clashes);
  if (booked) throw booked;
  if (rooms.length < needed) throw NO_SUITE_FREE();
  // Read only by a booking that gets its suite: a refused contender costs no more round trips.
  const credit = input.useReferralCredit ? await usableReferralCredit(tx, householdId, now) : null;
  const price = priceStay(input.settings, input.rules, {
    checkIn,
    checkOut,
    suites: rooms.map(() => ({ rates: type, cats: arrangement === "together" ? chosen.length : 1 })),
    medicationCats: input.medicationCats,
    firstNightFree: isNew,
    referralCredit: credit !== null,
  });
  const tiers = cancellationTiers(input.settings, input.rules, { checkIn, checkOut, totalCents: price.totalCents, bookedOn: input.today });
  const depositCents = input.paymentHoldMinutes ? depositFor(input.rules, { checkIn, checkOut, totalCents: price.totalCents }) : 0;
  const [row] = await tx
    .insert(stays)
    .values({
      householdId,
      status: depositCents > 0 ? "awaiting_payment" : input.status,
      depositCents,
      paymentDueAt: depositCents > 0 ? new Date(now.getTime() + input.paymentHoldMinutes! * 60_000) : null,
      checkIn,
      checkOut,
      medication: input.medicationCats > 0,
      notes: input.notes,
      totalCents: price.totalCents,
      priceLines: price.lines,
      firstNightFreeCents: price.firstNightFreeCents,
      referralCreditCents: price.referralCreditCents,
      cancellationTiers: tiers,
      offerExpiresAt: input.offerExpiresAt ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (credit && price.referralCreditCents > 0) await applyReferralCredit(tx, credit, row!, price.referralCreditCents, now);
  const held = await tx
    .insert(staySuites)
    .values(rooms.map((room) => ({ stayId: row!.id, suiteId: room.id, suiteTypeId: type.id, checkIn, checkOut })))
    .returning({ id: staySuites.id });
  const guests = chosen.map((cat, i) => ({
    stayId: row!.id,
    staySuiteId: held[arrangement === "together" ? 0 : i]!.id,
    catId: cat.id,
    catName: cat.name,
    checkIn,
    checkOut,
  }));
  await tx.insert(stayCats).values(guests);
  await tx.insert(stayEvents).values({
    stayId: row!.id,
    kind: input.status === "offered" ? "offered" : "booked",
    actor: input.actor,
    detail: { status: row!.status, suites: rooms.map((r) => r.name), depositCents },
    at: now,
  });
  const view = stayViewOf(row!, {
    rooms: rooms.map((room, i) => ({ id: held[i]!.id, name: room.name, typeName: type.name })),
    guests,
    settings: input.settings,
    rules: input.rules,
    paidCents: 0,
    refundedCents: 0,
    balancePaidCents: 0,
    netPaidCents: 0,
    refunds: [],
    priceChanges: [],
  });
  return { stay: row!, view };
}

/**
 * What holdStay's locks decide, read in one statement after they are taken (a statement's snapshot
 * is taken when it starts, so the locks cannot be in it): the cats' other held nights that overlap,
 * the first `needed` free suites of the type, and whether the household is new. One round trip, not
 * three: on the embedded database every booking's queries run one after another on one connection.
 */
async function decidedUnderLocks(
  tx: Db,
  input: { catIds: string[]; typeId: string; checkIn: string; checkOut: string; needed: number; householdId: string },
): Promise<{ clashes: { catId: string; checkIn: string; checkOut: string }[]; rooms: { id: string; name: string }[]; isNew: boolean }> {
  const nights = { checkIn: input.checkIn, checkOut: input.checkOut };
  const [row] = await rowsOf<{ clashes: { cat_id: string; check_in: string; check_out: string }[]; rooms: { id: string; name: string }[]; is_new: boolean }>(
    tx,
    sql`select (select coalesce(json_agg(c), '[]') from ${catClashesQuery(tx, input.catIds, nights)} c) as clashes,
      (select coalesce(json_agg(r), '[]') from ${freeSuitesOfType(tx, input.typeId, input.checkIn, input.checkOut, input.needed)} r) as rooms,
      not exists ${firstNightTaken(tx, input.householdId)} as is_new`,
  );
  return {
    clashes: row!.clashes.map((c) => ({ catId: c.cat_id, checkIn: c.check_in, checkOut: c.check_out })),
    rooms: row!.rooms,
    isNew: row!.is_new,
  };
}

/** The household's stay by id (404 for anyone else's), with its suites and cats. */
async function ownStay(db: Db, userId: string, stayId: string): Promise<Stay> {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [row] = await db
    .select({ stay: stays })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .where(and(eq(stays.id, stayId), householdOf(userId)));
  if (!row) throw STAY_NOT_FOUND();
  return row.stay;
}

/** Cancels the household's stay before check-in: the suites are freed, the fee of the day recorded, the mail queued. */
export async function cancelStay(db: Db, userId: string, stayId: string, ctx: { siteUrl: string; now: Date }): Promise<Stay> {
  const now = ctx.now;
  return inTransaction(db, async (tx) => {
    const current = await ownStay(tx, userId, stayId);
    // The person's locks, then the row (ADR 0199): a cancel racing another cancel, a change or a
    // booking of the household sees the other's result, and never waits in a circle with them.
    await lockBookedStay(tx, current.id);
    const [stay] = await tx.select().from(stays).where(eq(stays.id, current.id));
    if (!stay || !(changeable(stay, businessDate(now)) || stay.status === "offered" || stay.status === "awaiting_payment"))
      throw new AppError(409, "STAY_NOT_CANCELLABLE", "This stay can no longer be cancelled online. Please call us.");
    // Turning down a waitlist offer, or a stay whose deposit was never paid, costs nothing.
    const unconfirmed = stay.status === "offered" || stay.status === "awaiting_payment";
    const fee = unconfirmed ? 0 : cancellationFeeOn(stay.cancellationTiers, businessDate(now));
    // What the policy gives back of a paid deposit, queued to the provider with the cancellation (ADR 0132).
    const refundCents = await queueCancellationRefund(tx, stay, { today: businessDate(now), now, actor: `customer:${userId}` });
    const [row] = await tx.update(stays).set({ status: "cancelled", cancellationFeeCents: fee, updatedAt: now }).where(eq(stays.id, stay.id)).returning();
    await tx
      .update(staySuites)
      .set({ releasedAt: now })
      .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt)));
    await tx.insert(stayEvents).values({ stayId: stay.id, kind: "cancelled", actor: `customer:${userId}`, detail: { feeCents: fee, refundCents }, at: now });
    await returnReferralCredits(tx, [stay.id], now);
    await passOnFirstNightFree(tx, [stay.id], { actor: `customer:${userId}`, now });
    if (stay.status === "offered")
      await tx.update(waitlistEntries).set({ status: "withdrawn", updatedAt: now }).where(eq(waitlistEntries.offeredStayId, stay.id));
    else await queueStayMail(tx, stay.id, "cancelled", ctx.siteUrl, now);
    return row!;
  });
}

/** The stays a customer may still change or cancel online: held, and not yet started. */
export const changeable = (stay: Pick<Stay, "status" | "checkIn">, today: string) =>
  ["confirmed", "pending_review"].includes(stay.status) && stay.checkIn > today;

/**
 * What the stay becomes with new dates: the same suites where they are free for the new nights
 * (another suite of the same type where not), priced at today's rates, with the same checks as
 * booking. Throws the refusal a person can act on.
 */
async function planChange(db: Db, userId: string, input: { stayId: string; checkIn: string; checkOut: string }, now: Date, lock = false) {
  const today = businessDate(now);
  const stay = await ownStay(db, userId, input.stayId);
  if (!changeable(stay, today)) throw STAY_NOT_CHANGEABLE();
  const { settings, rules, problems } = await checkedDates(db, input.checkIn, input.checkOut, today);
  if (problems.length > 0) throw datesRefused(problems);
  const guests = await db.select().from(stayCats).where(eq(stayCats.stayId, stay.id));
  const catIds = guests.flatMap((g) => (g.catId ? [g.catId] : []));
  // Changing (not quoting): the cats' locks before their nights are read, as booking takes them.
  if (lock) await lockForBooking(db, { cat: catIds });
  await refuseCatsAlreadyBooked(
    db,
    guests.flatMap((g) => (g.catId ? [{ id: g.catId, name: g.catName ?? "A cat" }] : [])),
    input,
    stay.id,
  );
  const coverage = await vaccineCoverage(db, { userId, catIds, through: input.checkOut, now });
  if (coverage.some((c) => c.state === "not-covered")) throw coverageRefusal(coverage);
  const status: StayStatus = coverage.some((c) => c.state === "awaiting-review") ? "pending_review" : "confirmed";

  const rows = await db
    .select()
    .from(staySuites)
    .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt)));
  const [type] = await db.select().from(suiteTypes).where(eq(suiteTypes.id, rows[0]!.suiteTypeId));
  // Changing (not quoting): the suite type's lock, then what is free after the one before committed.
  if (lock) await lockForBooking(db, { suiteType: [type!.id] });
  const free = await freeSuitesOfType(db, type!.id, input.checkIn, input.checkOut, rows.length + 20, stay.id);
  const freeIds = new Set(free.map((f) => f.id));
  const spare = free.filter((f) => !rows.some((r) => r.suiteId === f.id));
  const moves = rows.map((row) => ({ row, suiteId: freeIds.has(row.suiteId) ? row.suiteId : spare.shift()?.id }));
  if (moves.some((m) => !m.suiteId)) throw NO_SUITE_FREE();

  const medicated = await medicatedCats(db, { stayId: stay.id, catIds });
  const price = priceStay(settings, rules, {
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    suites: rows.map((row) => ({ rates: type!, cats: guests.filter((g) => g.staySuiteId === row.id).length })),
    medicationCats: medicated.size,
    // A stay keeps the first night free it was booked with while it is long enough for it.
    firstNightFree: stay.firstNightFreeCents > 0,
    referralCredit: stay.referralCreditCents > 0,
  });
  const tiers = cancellationTiers(settings, rules, { checkIn: input.checkIn, checkOut: input.checkOut, totalCents: price.totalCents, bookedOn: today });
  return { stay, moves: moves as { row: (typeof rows)[number]; suiteId: string }[], price, tiers, status, medication: medicated.size > 0 };
}

export interface StayChangeQuote {
  totalCents: number;
  differenceCents: number;
  status: StayStatus;
}

/** What moving the stay to new dates would cost, for the customer to see before confirming. */
export async function quoteStayChange(db: Db, userId: string, input: StayNewDates, now: Date): Promise<StayChangeQuote> {
  // Checked before the dates reach a query: the database answers an impossible date with an error.
  const plan = await planChange(db, userId, parseBody(stayNewDatesForm, input), now);
  return { totalCents: plan.price.totalCents, differenceCents: plan.price.totalCents - plan.stay.totalCents, status: plan.status };
}

/** Moves the stay to new dates (and, where its suite is taken, another suite of its type), atomically against every other booking. */
export async function changeStayDates(db: Db, userId: string, changed: StayNewDates, ctx: { siteUrl: string; now: Date }) {
  const now = ctx.now;
  // Checked before the dates reach a query: the database answers an impossible date with an error.
  const input = parseBody(stayNewDatesForm, changed);
  return withSuiteRetry(db, async (tx) => {
    await lockBookedStay(tx, input.stayId);
    const plan = await planChange(tx, userId, input, now, true);
    for (const { row, suiteId } of plan.moves)
      await tx.update(staySuites).set({ suiteId, checkIn: input.checkIn, checkOut: input.checkOut }).where(eq(staySuites.id, row.id));
    const [row] = await tx
      .update(stays)
      .set({
        checkIn: input.checkIn,
        checkOut: input.checkOut,
        status: plan.status,
        medication: plan.medication,
        totalCents: plan.price.totalCents,
        priceLines: plan.price.lines,
        firstNightFreeCents: plan.price.firstNightFreeCents,
        referralCreditCents: plan.price.referralCreditCents,
        cancellationTiers: plan.tiers,
        updatedAt: now,
      })
      .where(eq(stays.id, plan.stay.id))
      .returning();
    await tx.insert(stayEvents).values({
      stayId: plan.stay.id,
      kind: "changed",
      actor: `customer:${userId}`,
      detail: {
        from: { checkIn: plan.stay.checkIn, checkOut: plan.stay.checkOut, totalCents: plan.stay.totalCents },
        to: { ...input, totalCents: plan.price.totalCents },
      },
      at: now,
    });
    await queueStayMail(tx, plan.stay.id, "changed", ctx.siteUrl, now);
    return row!;
  });
}

/**
 * What the stay becomes with another set of the household's cats, on the same dates and in the same
 * arrangement: sharing one suite (up to the suite type's most cats) or one suite each, where a cat who
 * stays keeps its suite, a newcomer takes a suite a leaving cat had and then a free one of the same
 * type, and suites no cat needs any more are released. Priced at today's rates, with the same
 * vaccine check as booking. Throws the refusal a person can act on.
 */
async function planCatsChange(db: Db, userId: string, input: StayCatsInput, now: Date, lock = false) {
  const request = parseBody(stayCatsForm, input);
  const today = businessDate(now);
  const stay = await ownStay(db, userId, request.stayId);
  if (!changeable(stay, today)) throw STAY_NOT_CHANGEABLE();
  const chosen = await householdCats(db, userId, request.catIds);
  // One read after another: in a transaction they share one connection.
  const rows = await db
    .select()
    .from(staySuites)
    .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt)));
  const guests = await db.select().from(stayCats).where(eq(stayCats.stayId, stay.id));
  const { settings, rules } = await loadStayTerms(db, stay.checkIn, stay.checkOut);
  const unchanged = guests.length === chosen.length && chosen.every((c) => guests.some((g) => g.catId === c.id));
  if (unchanged)
    throw new AppError(400, "CATS_UNCHANGED", "These are the cats already booked for this stay.", {
      fields: { catIds: "These are the cats already booked for this stay." },
    });
  const [type] = await db.select().from(suiteTypes).where(eq(suiteTypes.id, rows[0]!.suiteTypeId));
  // The stay keeps how it was booked: one suite shared, or (more than one suite) one for each cat.
  const arrangement: Arrangement = rows.length > 1 ? "separate" : "together";
  if (arrangement === "together" && chosen.length > type!.maxCats) {
    const most = `A ${type!.name} holds at most ${type!.maxCats} ${type!.maxCats === 1 ? "cat" : "cats"}.`;
    throw new AppError(400, "TOO_MANY_CATS", `${most} To bring more cats, book another stay or call us.`, { fields: { catIds: most } });
  }
  if (lock) await lockForBooking(db, { cat: chosen.map((c) => c.id) });
  await refuseCatsAlreadyBooked(db, chosen, stay, stay.id);
  const coverage = await vaccineCoverage(db, { userId, catIds: request.catIds, through: stay.checkOut, now });
  if (coverage.some((c) => c.state === "not-covered")) throw coverageRefusal(coverage);
  const status: StayStatus = coverage.some((c) => c.state === "awaiting-review") ? "pending_review" : "confirmed";

  // Which held row each cat sleeps in (`null`: a suite still to find), and the rows no cat needs.
  const kept = new Map(chosen.map((cat) => [cat.id, guests.find((g) => g.catId === cat.id && rows.some((r) => r.id === g.staySuiteId))?.staySuiteId ?? null]));
  // A leaving cat's suite goes to the next newcomer (taken off `vacated` in turn); what is left is released.
  const vacated = rows.filter((r) => arrangement === "separate" && ![...kept.values()].includes(r.id));
  const places = chosen.map((cat) => ({ cat, rowId: arrangement === "together" ? rows[0]!.id : (kept.get(cat.id) ?? vacated.shift()?.id ?? null) }));
  const newcomers = places.filter((p) => p.rowId === null).length;
  // The stay's own held suites are not free: a new suite is one no stay holds for these nights,
  // read (when changing, not quoting) under the suite type's lock.
  if (lock && newcomers > 0) await lockForBooking(db, { suiteType: [type!.id] });
  const rooms = newcomers === 0 ? [] : await freeSuitesOfType(db, type!.id, stay.checkIn, stay.checkOut, newcomers);
  if (rooms.length < newcomers) throw NO_SUITE_FREE();

  const medicated = await medicatedCats(db, { stayId: stay.id, catIds: request.catIds });
  const price = priceStay(settings, rules, {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    suites: arrangement === "together" ? [{ rates: type!, cats: chosen.length }] : chosen.map(() => ({ rates: type!, cats: 1 })),
    medicationCats: medicated.size,
    firstNightFree: stay.firstNightFreeCents > 0,
    referralCredit: stay.referralCreditCents > 0,
  });
  const tiers = cancellationTiers(settings, rules, { checkIn: stay.checkIn, checkOut: stay.checkOut, totalCents: price.totalCents, bookedOn: today });
  return { stay, type: type!, guests, places, rooms, released: vacated, price, tiers, status, medication: medicated.size > 0 };
}

export interface StayCatsQuote extends StayChangeQuote {
  catNames: string[];
}

/** What the stay would cost with these cats, for the customer to see before confirming. */
export async function quoteStayCats(db: Db, userId: string, input: StayCatsInput, now: Date): Promise<StayCatsQuote> {
  const plan = await planCatsChange(db, userId, input, now);
  return {
    totalCents: plan.price.totalCents,
    differenceCents: plan.price.totalCents - plan.stay.totalCents,
    status: plan.status,
    catNames: plan.places.map((p) => p.cat.name),
  };
}

/**
 * Changes the stay's cats: releases the suites no cat needs, holds new ones (under the suite type's
 * lock; the exclusion constraint still refuses a suite a writer without it took, and the change runs
 * again), rewrites the cats and the price, and queues the mail, in one transaction.
 */
export async function changeStayCats(db: Db, userId: string, input: StayCatsInput, ctx: { siteUrl: string; now: Date }): Promise<Stay> {
  const now = ctx.now;
  const { stayId, catIds } = parseBody(stayCatsForm, input);
  return withSuiteRetry(db, async (tx) => {
    // The cats' and the person's locks, then the row (ADR 0199): a change racing another change, a
    // cancel or a booking of the household sees the other's result.
    await lockBookedStay(tx, stayId, catIds);
    const plan = await planCatsChange(tx, userId, input, now, true);
    const { stay } = plan;
    if (plan.released.length > 0)
      await tx
        .update(staySuites)
        .set({ releasedAt: now })
        .where(
          inArray(
            staySuites.id,
            plan.released.map((r) => r.id),
          ),
        );
    const held =
      plan.rooms.length === 0
        ? []
        : await tx
            .insert(staySuites)
            .values(
              plan.rooms.map((room) => ({ stayId: stay.id, suiteId: room.id, suiteTypeId: plan.type.id, checkIn: stay.checkIn, checkOut: stay.checkOut })),
            )
            .returning({ id: staySuites.id });
    await tx.delete(stayCats).where(eq(stayCats.stayId, stay.id));
    await tx.insert(stayCats).values(
      plan.places.map((p) => ({
        stayId: stay.id,
        staySuiteId: p.rowId ?? held.shift()!.id,
        catId: p.cat.id,
        catName: p.cat.name,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
      })),
    );
    const [row] = await tx
      .update(stays)
      .set({
        status: plan.status,
        medication: plan.medication,
        totalCents: plan.price.totalCents,
        priceLines: plan.price.lines,
        firstNightFreeCents: plan.price.firstNightFreeCents,
        referralCreditCents: plan.price.referralCreditCents,
        cancellationTiers: plan.tiers,
        updatedAt: now,
      })
      .where(eq(stays.id, stay.id))
      .returning();
    await tx.insert(stayEvents).values({
      stayId: stay.id,
      kind: "changed",
      actor: `customer:${userId}`,
      detail: {
        from: { cats: plan.guests.map((g) => g.catName), totalCents: stay.totalCents },
        to: { cats: plan.places.map((p) => p.cat.name), totalCents: plan.price.totalCents },
      },
      at: now,
    });
    await queueStayMail(tx, stay.id, "changed", ctx.siteUrl, now);
    return row!;
  });
}

/** The stays of the signed-in user's household, newest check-in first. */
export async function listHouseholdStays(db: Db, userId: string): Promise<StayView[]> {
  const rows = await db
    .select({ stay: stays })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .where(householdOf(userId))
    .orderBy(desc(stays.checkIn), desc(stays.createdAt));
  return stayViews(
    db,
    rows.map((r) => r.stay),
  );
}
