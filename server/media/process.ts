import type Sharp from "sharp";
import type { Metadata, SharpOptions } from "sharp";
import { IMAGE_RECIPES, type ImageRecipeName, UPLOAD_LIMITS } from "~/domain/images";
import { AppError } from "../http/errors";

let sharpLoaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded with the first image rather than when the server starts: a hotel's server
 * handles an image now and then, and the library is tens of megabytes at rest (ADR 0198).
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    // Each request decodes at most one image at a time; libvips' own cache would only hold memory,
    // and one worker thread an image keeps a rush of uploads from holding a buffer per core.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

type UploadType = (typeof UPLOAD_LIMITS.types)[number];

/** What the first bytes say the file is; the name and the Content-Type header are not trusted. */
export function sniffImageType(bytes: Buffer): UploadType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

const SHARP_FORMAT: Record<UploadType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

// Decoding never goes past what the dimension rule allows, whatever a file claims later on, and a
// damaged or truncated stream stops it (libvips reports those as warnings).
const MAX_PIXELS = UPLOAD_LIMITS.maxSide * UPLOAD_LIMITS.maxSide;
const DECODE_OPTIONS = { limitInputPixels: MAX_PIXELS, failOn: "warning" } as const satisfies SharpOptions;

export interface ProcessedImage {
  sourceType: UploadType;
  sourceWidth: number;
  sourceHeight: number;
  sourceBytes: number;
  variants: { width: number; height: number; bytes: Buffer }[];
}

/** How a refusal of an image is worded for the person who uploaded it (the codes stay the same). */
export interface ImageRefusalWords {
  unsupported: string;
  unreadable: string;
  tooLarge: (width: number, height: number) => string;
}

const PHOTO_WORDS: ImageRefusalWords = {
  unsupported: "Only JPEG, PNG and WebP images can be uploaded; this file is none of them.",
  unreadable: "The image could not be read: the file may be damaged or incomplete. Please export it again and retry.",
  tooLarge: (width, height) =>
    `The image is ${width}×${height} pixels; at most ${UPLOAD_LIMITS.maxSide} pixels on each side are accepted. Please make it smaller.`,
};

export const TOO_BIG_MESSAGE = `The image is larger than ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB. Please choose a smaller file.`;

/** An image that passed its header's checks: its type by its bytes and its upright size. */
export interface ImageHeader {
  type: UploadType;
  width: number;
  height: number;
}

/**
 * Reads an image's type (by its bytes) and its upright size from its header alone: nothing is
 * decoded until the dimensions have passed, so a file declaring 30000×30000 pixels costs nothing.
 * Refuses (400) a file of another type, a header sharp cannot read or of another format than the
 * first bytes say, and one over the pixel limit.
 */
export async function readImageHeader(bytes: Buffer, words = PHOTO_WORDS): Promise<ImageHeader> {
  const type = sniffImageType(bytes);
  if (!type) throw new AppError(400, "UNSUPPORTED_IMAGE_TYPE", words.unsupported);
  const unreadable = () => new AppError(400, "IMAGE_UNREADABLE", words.unreadable);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== SHARP_FORMAT[type]) throw unreadable();
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw unreadable();
  if (width > UPLOAD_LIMITS.maxSide || height > UPLOAD_LIMITS.maxSide) throw new AppError(400, "IMAGE_DIMENSIONS_TOO_LARGE", words.tooLarge(width, height));
  return { type, width, height };
}

/**
 * Checks that a file is one whole image we take (an upload kept as it came, such as a vaccine
 * certificate): its header as readImageHeader does, then every row decoded under the pixel limit,
 * so a truncated or damaged image is refused here. The rows stream through a shrink to a few
 * pixels and are dropped as they go: no bitmap of the image is ever held.
 */
export async function checkImage(bytes: Buffer, words = PHOTO_WORDS): Promise<ImageHeader> {
  const header = await readImageHeader(bytes, words);
  const sharp = await loadSharp();
  try {
    await sharp(bytes, DECODE_OPTIONS).resize({ width: 32, height: 32, fit: "inside" }).raw().toBuffer();
  } catch {
    throw new AppError(400, "IMAGE_UNREADABLE", words.unreadable);
  }
  return header;
}

/**
 * Checks an upload (type by its bytes, size, pixel dimensions) and makes the WebP sizes its
 * purpose needs. Metadata (EXIF, including any location) is dropped; the orientation is applied.
 * Every refusal is a 400 AppError with a message the admin can act on.
 */
export async function processUpload(bytes: Buffer, purpose: ImageRecipeName): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new AppError(400, "IMAGE_MISSING", "No image arrived. Choose a JPEG, PNG or WebP file to upload.");
  if (bytes.length > UPLOAD_LIMITS.maxBytes) throw new AppError(413, "IMAGE_TOO_BIG", TOO_BIG_MESSAGE);
  const { type, width, height } = await readImageHeader(bytes);
  if (width < UPLOAD_LIMITS.minSide || height < UPLOAD_LIMITS.minSide)
    throw new AppError(
      400,
      "IMAGE_DIMENSIONS_TOO_SMALL",
      `The image is ${width}×${height} pixels; it needs at least ${UPLOAD_LIMITS.minSide} pixels on each side to look sharp.`,
    );

  const recipe = IMAGE_RECIPES[purpose];
  const sharp = await loadSharp();
  try {
    const variants = [];
    for (const size of recipe.variants) {
      const output = await sharp(bytes, DECODE_OPTIONS)
        .autoOrient()
        .resize({
          ...size,
          fit: recipe.fit,
          // A portrait keeps the face; a review is never cropped.
          position: recipe.fit === "cover" ? sharp.strategy.attention : "centre",
          background: "#ffffff",
        })
        .flatten({ background: "#ffffff" })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: output.info.width, height: output.info.height, bytes: output.data });
    }
    return { sourceType: type, sourceWidth: width, sourceHeight: height, sourceBytes: bytes.length, variants };
  } catch {
    throw new AppError(400, "IMAGE_UNREADABLE", PHOTO_WORDS.unreadable);
  }
}
