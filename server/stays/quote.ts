import { type CalendarRule, type StaySettings, type TimeWindow, dateProblems, nightsOf, windowsOn } from "~/domain/calendar";
import { type CancellationTier, cancellationTiers } from "~/domain/cancellation";
import { depositFor } from "~/domain/deposits";
import { priceStay } from "~/domain/pricing";
import type { Arrangement, StayDates } from "~/features/stays/schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client";
import type { CatCoverage } from "../households/vaccines";
import { type CreditRow, creditOf, usableReferralCreditJson } from "../referrals/referrals";
import { type SuiteType, freeSuiteCountsQuery, freeSuitesForStays, loadStayTermsAndTypes, rulesWithin } from "./calendar";
import { firstNightTaken } from "./first-night";
import { type HouseholdCat, catClashesQuery, firstCatClash, householdCatsCovered } from "./household-cats";

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

export const suitesFor = (arrangement: Arrangement, catCount: number) => (arrangement === "together" ? 1 : catCount);

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
 * at once (on PostgreSQL each on a connection of its own): the cats with their vaccines and
 * medications, and the house and calendar rules with the suite types (one read); then, for dates the rules allow,
 * one statement of the cats' other stays, the free suites, whether the household is new and its
 * referral credit (`bookableNow`); and, when nothing is free, one read of the weeks around for the
 * nearest free dates.
 */
export async function quoteStay(db: Db, userId: string, request: StayDates, now: Date): Promise<StayQuote> {
  const today = businessDate(now);
  // The calendar rules of the weeks around, for the nearest free dates should nothing be free: a few
  // rows more in a read made anyway, not a read more.
  const [{ chosen, coverage, medicated }, { settings, rules: rulesAround, types }] = await Promise.all([
    householdCatsCovered(db, userId, request.catIds, request.checkOut, now),
    loadStayTermsAndTypes(db, addBusinessDays(request.checkIn, -ALTERNATIVES_DAYS), addBusinessDays(request.checkOut, ALTERNATIVES_DAYS)),
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
  const { clashes, free, isNew, credit } = await bookableNow(db, chosen, request, now);
  const booked = firstCatClash(chosen, clashes);
  if (booked) return { ...base, problems: [{ field: "catIds", message: booked.message }] };
  const options = optionsFor(settings, rules, types, free, request, chosen.length, medicated.size, today, isNew, credit !== null);
  const nights = nightsOf(request.checkIn, request.checkOut).length;
  const alternatives = options.length === 0 ? await nearestFreeDates(db, settings, rulesAround, types, request, chosen.length, today) : [];
  return { ...base, nights, problems: [], coverage, options, alternatives };
}

/**
 * What the quote reads once the dates are in order, in one statement (not four, each a round trip,
 * and on the embedded database one after another): the cats' other held nights that overlap
 * (`catAlreadyBooked`'s), the free suites of each type (`freeSuiteCounts`'), whether the household is
 * new (`isNewHousehold`'s) and the referral credit it would use (`usableReferralCreditJson`).
 */
async function bookableNow(db: Db, chosen: readonly HouseholdCat[], dates: StayDates, now: Date) {
  const householdId = chosen[0]?.householdId;
  const [row] = await rowsOf<{
    clashes: { cat_id: string; check_in: string; check_out: string }[];
    free: { suite_type_id: string; free: number }[];
    is_new: boolean;
    credit: CreditRow | null;
  }>(
    db,
    sql`select (select coalesce(json_agg(c), '[]') from ${catClashesQuery(
      db,
      chosen.map((c) => c.id),
      dates,
    )} c) as clashes,
      (select coalesce(json_agg(f), '[]') from ${freeSuiteCountsQuery(db, dates.checkIn, dates.checkOut)} f) as free,
      ${householdId ? sql`not exists ${firstNightTaken(db, householdId)}` : sql`false`} as is_new,
      ${householdId ? usableReferralCreditJson(householdId, now) : sql`null`} as credit`,
  );
  return {
    clashes: row!.clashes.map((c) => ({ catId: c.cat_id, checkIn: c.check_in, checkOut: c.check_out })),
    free: new Map(row!.free.map((f) => [f.suite_type_id, f.free])),
    isNew: row!.is_new,
    credit: row!.credit ? creditOf(row!.credit) : null,
  };
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
