import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { CAT_REPEATED_MESSAGE } from "~/features/stays/schema";
import { catAlreadyBookedText } from "~/domain/stay-wording";
import { hasRepeats } from "~/lib/validation";
import type { Db } from "../db/client";
import { cats, households, stayCats } from "../db/schema/index";
import { householdOf } from "../db/owned";
import { type CatCoverage, type CoveredCat, catsAndCoverage, refuseMalformedCatIds } from "../households/vaccines";
import { AppError } from "../http/errors";

const CAT_NOT_FOUND = () => new AppError(404, "CAT_NOT_FOUND", "We couldn't find that cat.");

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
export async function catClashes(db: Db, catIds: readonly string[], nights: { checkIn: string; checkOut: string }, ignoreStayId?: string) {
  if (catIds.length === 0 || nights.checkOut <= nights.checkIn) return [];
  return catClashesQuery(db, catIds, nights, ignoreStayId);
}

/** `catClashes`' read, not yet sent (for dates in order): to send it, or to make it part of another. */
export function catClashesQuery(db: Db, catIds: readonly string[], nights: { checkIn: string; checkOut: string }, ignoreStayId?: string) {
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
export function firstCatClash(chosen: readonly { id: string; name: string }[], clashes: { catId: string | null; checkIn: string; checkOut: string }[]) {
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
export async function refuseCatsAlreadyBooked(...args: Parameters<typeof catAlreadyBooked>) {
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
 * records (not one each): the same refusals, in the same order. `medicated`: the cats whose profile
 * lists a medication, what `medicatedCats` answers for a stay not yet booked (no care plan yet).
 */
export async function householdCatsCovered(db: Db, userId: string, catIds: readonly string[], through: string, now: Date) {
  refuseRepeats(catIds);
  return catsChosen(await catsAndCoverage(db, { userId, catIds: [...catIds], through, now }));
}

/**
 * The ids a booking asks for, refused before anything is read as `householdCatsCovered` refuses them:
 * a cat named twice, an id that is none. The read that carries the cats with the terms follows.
 */
export function refuseUnreadableCatIds(catIds: readonly string[]): void {
  refuseRepeats(catIds);
  refuseMalformedCatIds(catIds);
}

/** `householdCatsCovered`'s answer from the cats and coverage read (`catsAndCoverage`, `coverageOf`): an archived cat is none. */
export function catsChosen({ cats: found, coverage }: { cats: CoveredCat[]; coverage: CatCoverage[] }) {
  if (found.some((c) => c.archivedAt)) throw CAT_NOT_FOUND();
  return {
    chosen: found.map(({ id, name, householdId }): HouseholdCat => ({ id, name, householdId })),
    coverage,
    medicated: new Set(found.flatMap((c) => (c.medications.length > 0 ? [c.id] : []))),
  };
}
