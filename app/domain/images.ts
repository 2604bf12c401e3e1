/**
 * Uploaded images: which sizes each kind of image is made in, and their addresses. Shared by the
 * upload API (which makes the sizes), the admin forms and the public pages (which link them), so
 * it stays free of anything heavy: the public pages' JavaScript includes it.
 */

/** The published images the admin uploads (public, at /media). */
export const IMAGE_PURPOSES = ["review", "team"] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];
/** Every kind of image an upload is processed into: the published ones and a cat's private photo. */
export type ImageRecipeName = ImagePurpose | "cat" | "care";

export interface ImageSize {
  width: number;
  height: number;
}

export interface ImageRecipe {
  /** contain: the whole upload fits the box on white (a review's words must stay readable); cover: cropped to fill it. */
  fit: "contain" | "cover";
  /** The sizes made, smallest first; the first is the `src` and sets the element's width and height. */
  variants: readonly ImageSize[];
  /** The `sizes` attribute: how wide the image shows at each screen width. */
  sizes: string;
}

export const IMAGE_RECIPES: Record<ImageRecipeName, ImageRecipe> = {
  // The carousel's cards are 3:2 like the drawn ones: a third of the 72rem column on wide screens,
  // half from 640 px, the full width below.
  review: {
    fit: "contain",
    variants: [
      { width: 600, height: 400 },
      { width: 1200, height: 800 },
    ],
    sizes: "(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw",
  },
  // Round portraits: 80 px on phones, 128 px from 640 px (About section).
  team: {
    fit: "cover",
    variants: [
      { width: 160, height: 160 },
      { width: 320, height: 320 },
    ],
    sizes: "(min-width: 640px) 128px, 80px",
  },
  // A cat's photo (private, ADR 0120): a square, 96 px on the My Cats list, 160 px on the cat's page.
  cat: {
    fit: "cover",
    variants: [
      { width: 200, height: 200 },
      { width: 400, height: 400 },
    ],
    sizes: "(min-width: 640px) 160px, 96px",
  },
  // A photo on a stay's care log (private, ADR 0157): 4:3, the log's width on a phone, 480 px wide beside it on a desktop.
  care: {
    fit: "cover",
    variants: [
      { width: 480, height: 360 },
      { width: 960, height: 720 },
    ],
    sizes: "(min-width: 640px) 480px, 100vw",
  },
};

/** What an upload must be. The server enforces these; the form checks the first two before sending. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  types: ["image/jpeg", "image/png", "image/webp"],
  minSide: 300,
  maxSide: 8000,
} as const;

export const mediaUrl = (imageId: string, width: number) => `/media/${imageId}-${width}.webp`;

/** What an <img> needs: one source and, for uploads, the larger sizes for sharp screens. */
export interface PageImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

export function uploadedImage(imageId: string, purpose: ImagePurpose): PageImage {
  const recipe = IMAGE_RECIPES[purpose];
  const [first] = recipe.variants;
  return {
    src: mediaUrl(imageId, first!.width),
    srcSet: recipe.variants.map((v) => `${mediaUrl(imageId, v.width)} ${v.width}w`).join(", "),
    sizes: recipe.sizes,
    width: first!.width,
    height: first!.height,
  };
}

/** What an <img> of a stored image needs: its addresses by width (`url`), the recipe's sizes and first dimensions. */
export function recipeImage(name: ImageRecipeName, url: (width: number) => string) {
  const recipe = IMAGE_RECIPES[name];
  return {
    src: url(recipe.variants[0]!.width),
    srcSet: recipe.variants.map((v) => `${url(v.width)} ${v.width}w`).join(", "),
    sizes: recipe.sizes,
    width: recipe.variants[0]!.width,
    height: recipe.variants[0]!.height,
  };
}
