import { sql } from "drizzle-orm";
import { check, customType, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const MEDIA_PURPOSES = ["review", "team"] as const;

/** Raw bytes. node-postgres returns a Buffer, PGlite a Uint8Array: both become a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Images uploaded in the admin area (review cards, team portraits). The bytes live in the
 * database, so every server process on the same PostgreSQL serves them (ADR 0101). Rows are
 * never updated or deleted: content revisions refer to them, and a revert must find them.
 * Only the resized WebP variants are kept, not the upload itself (it may carry location data).
 */
export const mediaImages = pgTable(
  "media_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose", { enum: MEDIA_PURPOSES }).notNull(),
    // What was uploaded, for the record: image/jpeg|png|webp, its pixel size (upright) and byte size.
    sourceType: text("source_type").notNull(),
    sourceWidth: integer("source_width").notNull(),
    sourceHeight: integer("source_height").notNull(),
    sourceBytes: integer("source_bytes").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("media_images_purpose", sql`${t.purpose} in ('review', 'team')`)],
);

/** One resized WebP of an image, served at /media/<image id>-<width>.webp. */
export const mediaImageVariants = pgTable(
  "media_image_variants",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => mediaImages.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);
