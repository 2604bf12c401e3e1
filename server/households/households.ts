import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { businessDate } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import { birthDateForAge } from "~/domain/cat-profile";
import type { DiaryPreference } from "~/features/account/schema";
import type { CatProfile, HouseholdDetails } from "~/features/cats/schema";
import type { Db } from "../db/client";
import { cats, households, phoneVerifications, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { householdOf } from "../db/owned";
import { inTransaction } from "../db/transaction";

/**
 * Households and their cats (ADR 0116). Every function is scoped to the signed-in user's own
 * household: a cat of another household, a cat that does not exist and an id that is not one all
 * answer the same 404, so a request cannot learn that someone else's cat exists.
 */

export type Household = typeof households.$inferSelect;
export type Cat = typeof cats.$inferSelect;

export const CAT_NOT_FOUND = () => new AppError(404, "CAT_NOT_FOUND", "We couldn't find that cat.");

export async function getHousehold(db: Db, userId: string): Promise<Household | null> {
  const [row] = await db.select().from(households).where(householdOf(userId));
  return row ?? null;
}

/** The household's row, created empty on first use (a cat can be added before the form is filled). */
async function ensureHousehold(db: Db, userId: string): Promise<Household> {
  await db.insert(households).values({ userId }).onConflictDoNothing({ target: households.userId });
  const row = await getHousehold(db, userId);
  if (!row) throw new Error("household row missing after insert");
  return row;
}

/** The evening diary mail during a stay (ADR 0163): on unless the owner switches it off on /account; the household is created if need be. */
export async function saveDiaryPreference(db: Db, userId: string, { diary }: DiaryPreference, now: Date): Promise<void> {
  const set = { diaryOptOut: !diary, updatedAt: now };
  await db
    .insert(households)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: households.userId, set });
}

/** Staff booking for a household: the account a stay or a groom is booked for (404 for an id that is not a household's). */
export async function householdAccount(db: Db, householdId: string): Promise<{ id: string; email: string; name: string | null }> {
  const [row] = isUuid(householdId)
    ? await db
        .select({ id: users.id, email: users.email, name: households.name })
        .from(households)
        .innerJoin(users, eq(users.id, households.userId))
        .where(eq(households.id, householdId))
    : [];
  if (!row) throw new AppError(404, "HOUSEHOLD_NOT_FOUND", "We couldn't find that customer.");
  return row;
}

/**
 * The household of whoever signs in with `email`, created when needed: staff book for a customer
 * by e-mail before the customer has an account, and the booking is theirs when they first sign in
 * with the link (the account is the address, stored lower-cased). Safe when two bookings race.
 */
export async function householdForEmail(db: Db, email: string): Promise<{ householdId: string; userId: string; email: string }> {
  const address = email.trim().toLowerCase();
  await db.insert(users).values({ email: address }).onConflictDoNothing({ target: users.email });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
  if (!user) throw new Error("user row missing after insert");
  const household = await ensureHousehold(db, user.id);
  return { householdId: household.id, userId: user.id, email: address };
}

const orNull = (v: string | undefined) => v ?? null;

/** Saves the household's details, as householdForm parsed them. */
export async function saveHousehold(db: Db, userId: string, h: HouseholdDetails, now: Date): Promise<Household> {
  const values = {
    name: h.name,
    mobilePhone: h.mobilePhone,
    addressLine1: orNull(h.addressLine1),
    addressLine2: orNull(h.addressLine2),
    city: orNull(h.city),
    state: orNull(h.state),
    postalCode: orNull(h.postalCode),
    emergencyContactName: orNull(h.emergencyContactName),
    emergencyContactPhone: orNull(h.emergencyContactPhone),
    vetClinic: orNull(h.vetClinic),
    vetPhone: orNull(h.vetPhone),
    updatedAt: now,
  };
  return inTransaction(db, async (tx) => {
    // Another number is not proven (ADR 0140): its proof goes first, as the foreign key from the
    // proof to the mobile requires. The row lock keeps a code being sent meanwhile off the old number.
    await tx.select({ id: households.id }).from(households).where(householdOf(userId)).for("update");
    await tx.delete(phoneVerifications).where(and(eq(phoneVerifications.userId, userId), ne(phoneVerifications.phone, h.mobilePhone)));
    const [row] = await tx
      .insert(households)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: households.userId, set: values })
      .returning();
    return row!;
  });
}

/** The household's cats that are not archived, by name. */
export async function listCats(db: Db, userId: string): Promise<Cat[]> {
  const household = await getHousehold(db, userId);
  if (!household) return [];
  return db
    .select()
    .from(cats)
    .where(and(eq(cats.householdId, household.id), isNull(cats.archivedAt)))
    .orderBy(asc(cats.name), asc(cats.createdAt));
}

/** One of the household's cats, archived ones included (their record stays readable); 404 otherwise. */
export async function getCat(db: Db, userId: string, catId: string): Promise<Cat> {
  if (!isUuid(catId)) throw CAT_NOT_FOUND();
  const [row] = await db
    .select({ cat: cats })
    .from(cats)
    .innerJoin(households, eq(households.id, cats.householdId))
    .where(and(eq(cats.id, catId), householdOf(userId)));
  if (!row) throw CAT_NOT_FOUND();
  return row.cat;
}

/** The columns a profile sets; a birth date in the future is refused, an approximate age becomes an estimated birth date. */
function catValues(c: CatProfile, now: Date) {
  const today = businessDate(now);
  if (c.birthDate && c.birthDate > today) throw new AppError(400, "INVALID_INPUT", "The birth date can't be in the future.");
  const estimated = !c.birthDate && c.approximateAge !== undefined;
  return {
    name: c.name,
    breed: orNull(c.breed),
    sex: c.sex,
    birthDate: c.birthDate ?? (estimated ? birthDateForAge(c.approximateAge!, today) : null),
    birthDateEstimated: estimated,
    spayedNeutered: c.spayedNeutered,
    microchip: orNull(c.microchip?.toUpperCase()),
    colourMarkings: orNull(c.colourMarkings),
    feedingInstructions: orNull(c.feedingInstructions),
    medications: c.medications,
    behaviourNotes: orNull(c.behaviourNotes),
    felvFivStatus: c.felvFivStatus,
    updatedAt: now,
  };
}

export async function createCat(db: Db, userId: string, input: CatProfile, now: Date): Promise<Cat> {
  const values = catValues(input, now);
  const household = await ensureHousehold(db, userId);
  const [row] = await db
    .insert(cats)
    .values({ householdId: household.id, ...values, createdAt: now })
    .returning();
  return row!;
}

/** Updates one of the household's cats that is not archived. */
export async function updateCat(db: Db, userId: string, catId: string, input: CatProfile, now: Date): Promise<Cat> {
  const current = await getCat(db, userId, catId);
  if (current.archivedAt) throw new AppError(409, "CAT_ARCHIVED", `${current.name} is archived and can no longer be changed.`);
  const [row] = await db.update(cats).set(catValues(input, now)).where(eq(cats.id, current.id)).returning();
  return row!;
}

/** Takes a cat off the household's list; the row stays, so past stays keep their record. Archiving twice is a no-op. */
export async function archiveCat(db: Db, userId: string, catId: string, now: Date): Promise<Cat> {
  const current = await getCat(db, userId, catId);
  if (current.archivedAt) return current;
  const [row] = await db.update(cats).set({ archivedAt: now, updatedAt: now }).where(eq(cats.id, current.id)).returning();
  return row!;
}
