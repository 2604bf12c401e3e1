import { and, eq, inArray, min } from "drizzle-orm";
import { recipeImage } from "~/domain/images";
import type { Db } from "../db/client";
import { catPhotoVariants, cats } from "../db/schema/index";
import { AppError } from "../http/errors";
import { type ProcessedImage, processUpload } from "../media/process";
import { isUuid } from "~/lib/ids";
import { getCat } from "./households";
import { readableBy } from "../db/owned";
import { inTransaction } from "../db/transaction";

/**
 * Cats' photos (ADR 0120): processed like the admin's images (type by bytes, size, pixel bounds,
 * WebP, metadata dropped) but private: kept in their own table and served only to the household
 * and to admins.
 */

/** Checks and resizes a photo before anything is saved; a refusal names the photo field. */
export async function processCatPhoto(bytes: Buffer): Promise<ProcessedImage> {
  try {
    return await processUpload(bytes, "cat");
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.status, error.code, error.message, { fields: { photo: error.message } });
    throw error;
  }
}

/** Replaces the photo of one of the household's cats with a processed upload. */
export async function saveCatPhoto(db: Db, userId: string, catId: string, photo: ProcessedImage, now: Date): Promise<void> {
  const cat = await getCat(db, userId, catId);
  await inTransaction(db, async (tx) => {
    await tx.delete(catPhotoVariants).where(eq(catPhotoVariants.catId, cat.id));
    await tx.insert(catPhotoVariants).values(photo.variants.map((v) => ({ catId: cat.id, ...v, createdAt: now })));
  });
}

/** Which of these cats have a photo, and a version that changes with each new one (for the address). */
export async function catPhotoVersions(db: Db, catIds: readonly string[]): Promise<Map<string, number>> {
  if (catIds.length === 0) return new Map();
  const rows = await db
    .select({ catId: catPhotoVariants.catId, uploadedAt: min(catPhotoVariants.createdAt) })
    .from(catPhotoVariants)
    .where(inArray(catPhotoVariants.catId, [...catIds]))
    .groupBy(catPhotoVariants.catId);
  return new Map(rows.map((r) => [r.catId, r.uploadedAt!.getTime()]));
}

/** What an <img> of a cat's photo needs: its private addresses, versioned so a new photo shows at once. */
export function catPhotoImage(catId: string, version: number) {
  return recipeImage("cat", (width) => `/cats/${catId}/photo/${width}.webp?v=${version}`);
}

const PHOTO_NOT_FOUND = () => new AppError(404, "PHOTO_NOT_FOUND", "We couldn't find that photo.");

/** One size of a cat's photo for its household or an admin; anyone else gets the same 404 as for no photo. */
export async function readCatPhoto(db: Db, reader: { userId: string; isAdmin: boolean }, catId: string, width: number): Promise<Buffer> {
  if (!isUuid(catId)) throw PHOTO_NOT_FOUND();
  const [row] = await db
    .select({ bytes: catPhotoVariants.bytes })
    .from(catPhotoVariants)
    .innerJoin(cats, eq(cats.id, catPhotoVariants.catId))
    .where(
      and(
        eq(catPhotoVariants.catId, catId),
        eq(catPhotoVariants.width, width),
        readableBy(cats.householdId, { userId: reader.userId, seesEveryHousehold: reader.isAdmin }),
      ),
    );
  if (!row) throw PHOTO_NOT_FOUND();
  return row.bytes;
}
