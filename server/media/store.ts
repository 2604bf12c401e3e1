import { and, eq, inArray } from "drizzle-orm";
import { type ImagePurpose, mediaUrl } from "~/domain/images";
import type { Db } from "../db/client";
import { mediaImageVariants, mediaImages } from "../db/schema/index";
import type { ProcessedImage } from "./process";
import { inTransaction } from "../db/transaction";

export type MediaImage = typeof mediaImages.$inferSelect;

/** The stored image and its sizes as the admin page uses them. */
export interface UploadedImageView {
  id: string;
  purpose: ImagePurpose;
  width: number;
  height: number;
  variants: { width: number; height: number; url: string }[];
}

export async function saveImage(db: Db, purpose: ImagePurpose, image: ProcessedImage, createdBy: string): Promise<UploadedImageView> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(mediaImages)
      .values({
        purpose,
        sourceType: image.sourceType,
        sourceWidth: image.sourceWidth,
        sourceHeight: image.sourceHeight,
        sourceBytes: image.sourceBytes,
        createdBy,
      })
      .returning();
    await tx.insert(mediaImageVariants).values(image.variants.map((v) => ({ imageId: row!.id, ...v })));
    return {
      id: row!.id,
      purpose,
      width: image.sourceWidth,
      height: image.sourceHeight,
      variants: image.variants.map((v) => ({ width: v.width, height: v.height, url: mediaUrl(row!.id, v.width) })),
    };
  });
}

/** The bytes of one size of an image, or null. */
export async function findVariant(db: Db, imageId: string, width: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: mediaImageVariants.bytes })
    .from(mediaImageVariants)
    .where(and(eq(mediaImageVariants.imageId, imageId), eq(mediaImageVariants.width, width)));
  return row?.bytes ?? null;
}

/** Those of `imageIds` that are not uploaded images of this purpose. */
export async function missingImages(db: Db, purpose: ImagePurpose, imageIds: readonly string[]): Promise<string[]> {
  if (imageIds.length === 0) return [];
  const rows = await db
    .select({ id: mediaImages.id })
    .from(mediaImages)
    .where(and(inArray(mediaImages.id, [...imageIds]), eq(mediaImages.purpose, purpose)));
  const found = new Set(rows.map((r) => r.id));
  return imageIds.filter((id) => !found.has(id));
}
