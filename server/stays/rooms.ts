import { asc, desc, eq, gte } from "drizzle-orm";
import type { z } from "~/lib/zod";
import type { calendarRuleForm, houseRulesForm, stayWindowsForm, suiteForm, suiteTypeForm } from "~/features/stays/admin-schema";
import { SUITE_PHOTO_PURPOSE } from "~/domain/stay-view";
import type { Db } from "../db/client";
import { calendarRules, staySettings, suiteTypes, suites } from "../db/schema/index";
import { UNIQUE_VIOLATION, sqlStateOf } from "../db/sql-state";
import { AppError } from "../http/errors";
import { type ProcessedImage, processUpload } from "../media/process";
import { saveImage } from "../media/store";
import { inTransaction } from "../db/transaction";

/** Admin Rooms: suite types and their rates, the suites, calendar rules and the house rules (ADR 0125). */

/** A name another row already has is the person's to fix, not a server error. */
async function uniqueName<T>(write: Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw new AppError(409, "NAME_TAKEN", message, { fields: { [field]: message } });
    throw error;
  }
}

/** Checks and resizes a suite type's photo before anything is saved; a refusal names the photo field. */
export async function processSuitePhoto(bytes: Buffer): Promise<ProcessedImage> {
  try {
    return await processUpload(bytes, SUITE_PHOTO_PURPOSE);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.status, error.code, error.message, { fields: { photo: error.message } });
    throw error;
  }
}

/**
 * Adds or updates a suite type. A new photo (already processed) replaces the old one; `removePhoto`
 * without a new photo leaves the type without one; otherwise the photo stays. The photo and the
 * type are written in one transaction, so a refused name keeps no image.
 */
export async function saveSuiteType(
  db: Db,
  input: Omit<z.output<typeof suiteTypeForm>, "photo">,
  photo: { image: ProcessedImage; uploadedBy: string } | null = null,
  now: Date,
) {
  return inTransaction(db, async (tx) => {
    const photoImageId = photo ? (await saveImage(tx, SUITE_PHOTO_PURPOSE, photo.image, photo.uploadedBy)).id : input.removePhoto ? null : undefined;
    const values = {
      name: input.name,
      description: input.description ?? "",
      size: input.size ?? "",
      maxCats: input.maxCats,
      nightlyRateCents: input.nightlyRate,
      extraCatRateCents: input.extraCatRate,
      ...(photoImageId === undefined ? {} : { photoImageId }),
      updatedAt: now,
    };
    const taken = "Another suite type has that name.";
    if (!input.suiteTypeId) return (await uniqueName(tx.insert(suiteTypes).values(values).returning(), "name", taken))[0]!;
    const rows = await uniqueName(tx.update(suiteTypes).set(values).where(eq(suiteTypes.id, input.suiteTypeId)).returning(), "name", taken);
    if (rows.length === 0) throw new AppError(404, "SUITE_TYPE_NOT_FOUND", "We couldn't find that suite type.");
    return rows[0]!;
  });
}

export async function addSuite(db: Db, input: z.output<typeof suiteForm>) {
  const [type] = await db.select({ id: suiteTypes.id }).from(suiteTypes).where(eq(suiteTypes.id, input.suiteTypeId));
  if (!type) throw new AppError(404, "SUITE_TYPE_NOT_FOUND", "We couldn't find that suite type.");
  const [last] = await db.select({ sortOrder: suites.sortOrder }).from(suites).orderBy(desc(suites.sortOrder)).limit(1);
  return uniqueName(
    db
      .insert(suites)
      .values({ suiteTypeId: type.id, name: input.name, sortOrder: (last?.sortOrder ?? 0) + 1 })
      .returning(),
    "name",
    "Another suite has that name.",
  );
}

/** Takes a suite out of service (no new stays) or back; stays it already holds keep it. */
export async function setSuiteInService(db: Db, suiteId: string, inService: boolean) {
  const rows = await db.update(suites).set({ inService }).where(eq(suites.id, suiteId)).returning();
  if (rows.length === 0) throw new AppError(404, "SUITE_NOT_FOUND", "We couldn't find that suite.");
  return rows[0]!;
}

export async function addCalendarRule(db: Db, input: z.output<typeof calendarRuleForm>, now: Date) {
  const peak = input.kind === "peak";
  const [row] = await db
    .insert(calendarRules)
    .values({
      kind: input.kind,
      name: input.name,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      surchargePercent: peak ? input.surchargePercent : 0,
      minNights: peak ? input.minNights : 1,
      freeCancellationDays: peak ? (input.freeCancellationDays ?? null) : null,
      lateCancellationFeePercent: peak ? (input.lateCancellationFeePercent ?? null) : null,
      depositPercent: peak ? (input.depositPercent ?? null) : null,
      depositCents: peak && input.depositDollars !== undefined ? Math.round(input.depositDollars * 100) : null,
      closedForArrival: input.kind === "closed" && input.closedForArrival,
      closedForDeparture: input.kind === "closed" && input.closedForDeparture,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** Removes a rule; stays already booked keep the price and terms they were booked with. */
export async function deleteCalendarRule(db: Db, ruleId: string) {
  const rows = await db.delete(calendarRules).where(eq(calendarRules.id, ruleId)).returning();
  if (rows.length === 0) throw new AppError(404, "RULE_NOT_FOUND", "We couldn't find that rule. It may have been removed already.");
}

export async function saveHouseRules(db: Db, input: z.output<typeof houseRulesForm>, updatedBy: string, now: Date) {
  await db
    .update(staySettings)
    .set({
      maxNights: input.maxNights,
      freeCancellationDays: input.freeCancellationDays,
      lateCancellationFeePercent: input.lateCancellationFeePercent,
      medicationRateCents: input.medicationRate,
      waitlistOfferHours: input.waitlistOfferHours,
      firstNightFreeMinNights: input.firstNightFreeMinNights ?? null,
      managerMobile: input.managerMobile ?? null,
      latePickupFeeCents: input.latePickupFee ?? 0,
      ownerMobile: input.ownerMobile ?? null,
      updatedAt: now,
      updatedBy,
    })
    .where(eq(staySettings.id, 1));
}

/** The owner's mobile for care alerts not acknowledged in time (ADR 0188), E.164, or null: read by Rooms alone. */
export async function loadOwnerMobile(db: Db): Promise<string | null> {
  const [row] = await db.select({ ownerMobile: staySettings.ownerMobile }).from(staySettings).where(eq(staySettings.id, 1));
  return row?.ownerMobile ?? null;
}

/** The manager's mobile for care alerts (ADR 0164), E.164, or null: read by Rooms alone. */
export async function loadManagerMobile(db: Db): Promise<string | null> {
  const [row] = await db.select({ managerMobile: staySettings.managerMobile }).from(staySettings).where(eq(staySettings.id, 1));
  return row?.managerMobile ?? null;
}

/** The arrival and departure windows of each weekday (index 0 = Sunday); a day without windows is closed. */
export async function saveStayWindows(db: Db, input: z.output<typeof stayWindowsForm>, updatedBy: string, now: Date) {
  await db
    .update(staySettings)
    .set({ arrivalWindows: input.arrival, departureWindows: input.departure, updatedAt: now, updatedBy })
    .where(eq(staySettings.id, 1));
}

export const listSuites = (db: Db) => db.select().from(suites).orderBy(asc(suites.sortOrder), asc(suites.name));
/** The rules that still matter: those ending on or after `from`. */
export const listCalendarRules = (db: Db, from: string) =>
  db.select().from(calendarRules).where(gte(calendarRules.endsOn, from)).orderBy(asc(calendarRules.startsOn));
