import { z } from "~/lib/zod";
import { hasReviewCard } from "~/content/reviews";
import { samplePortrait } from "~/content/team";
import { VACCINE_REQUIREMENTS } from "~/domain/vaccines";
import { youtubeVideoId } from "./youtube";

/**
 * What the owners may edit on the public pages, one zod schema per content key. Shared by the
 * admin forms (client-side checks) and the API (the same checks, enforced). A stored revision
 * holds the whole value of one key; it is laid over the content module's defaults.
 */

const text = (label: string, max = 300) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const httpsUrl = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" || url.protocol === "http:";
      } catch {
        return false;
      }
    }, `${label} must be a full web address starting with https://`);

/** A US number as shown ("(949) 555-0100") and dialled ("+19495550100"); the dialled form is derived. */
const phone = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .refine(
      (value) => /^\D*1?\D*(\d\D*){10}$/.test(value) && value.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "").length === 10,
      `${label} must be a 10-digit US phone number`,
    );

export const businessContentSchema = z.object({
  phone: phone("Main phone"),
  groomingPhone: phone("Grooming phone"),
  email: z.email("E-mail must be a valid e-mail address").max(200, "E-mail must be at most 200 characters"),
  address: z.object({
    street: text("Street", 200),
    city: text("City", 100),
    region: text("State", 50),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, "ZIP code must be 5 digits (or ZIP+4)"),
  }),
  hours: z
    .array(z.object({ days: text("Days", 60), time: text("Hours", 60) }))
    .min(1, "Add at least one line of opening hours")
    .max(10, "At most 10 lines of opening hours"),
  lunch: text("Lunch break", 60),
  phoneSupport: text("Phone support hours", 60),
  booking: z.object({
    // Content published before online booking existed has no switch: it books on the site.
    online: z.boolean().default(true),
    roomUrl: httpsUrl("Room booking URL"),
    groomUrl: httpsUrl("Grooming booking URL"),
  }),
  social: z
    .array(
      z.object({
        name: text("Network name", 40),
        url: httpsUrl("Social link"),
      }),
    )
    .max(10, "At most 10 social links"),
  taxId: text("Tax ID text", 60),
  /**
   * The playroom tour: a YouTube video id (a pasted link is stored as its id), or "" for none, when the
   * video section shows its poster only. Absent from values stored before it existed: those mean none.
   */
  playroomVideo: z
    .string("Playroom video must be text")
    .trim()
    .max(200, "Playroom video must be at most 200 characters")
    .refine((value) => value === "" || youtubeVideoId(value) !== null, "Playroom video must be a YouTube link or an 11-character video id")
    .transform((value) => (value === "" ? "" : youtubeVideoId(value)!))
    .default(""),
  /**
   * Where the thank-you mail after a stay asks the customer to leave a review (ADR 0167): the hotel's
   * Google or Yelp review page, or "" for none, when no such mail is sent. Absent from values stored
   * before it existed: those mean none.
   */
  reviewPageUrl: z
    .string("Review page address must be text")
    .trim()
    .max(500, "Review page address must be at most 500 characters")
    .refine(
      (value) => value === "" || httpsUrl("Review page address").safeParse(value).success,
      "Review page address must be a full web address starting with https://",
    )
    .default(""),
});
export type BusinessContent = z.infer<typeof businessContentSchema>;

/** Service titles are their ids (appointments refer to them), so only the texts are editable. */
export const servicesContentSchema = z
  .array(
    z.object({
      title: z.string().min(1).max(100),
      description: text("Description", 200),
      longDescription: text("Long description", 600),
    }),
  )
  .max(50);
export type ServicesContent = z.infer<typeof servicesContentSchema>;

export const faqContentSchema = z
  .array(z.object({ question: text("Question", 200), answer: text("Answer", 1000) }))
  .min(1, "Keep at least one question")
  .max(30, "At most 30 questions");
export type FaqContent = z.infer<typeof faqContentSchema>;

/** The promotional texts of the first screen. */
export const promoContentSchema = z.object({
  tagline: text("Tagline", 80),
  title: text("Headline", 120),
  lead: text("Lead paragraph", 400),
});
export type PromoContent = z.infer<typeof promoContentSchema>;

// The style editor's bounds, from the specification.
export const STYLE_BOUNDS = {
  fontSize: { min: 10, max: 72 },
  letterSpacing: { min: -2, max: 10, step: 0.1 },
  fontWeight: { min: 300, max: 900, step: 100 },
} as const;
export const TEXT_ALIGNMENTS = ["left", "center", "right"] as const;

const isMultipleOf = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-6;

export const textStyleSchema = z.object({
  fontSize: z
    .number("Font size must be a number")
    .min(STYLE_BOUNDS.fontSize.min, "Font size must be between 10 and 72")
    .max(STYLE_BOUNDS.fontSize.max, "Font size must be between 10 and 72"),
  letterSpacing: z
    .number("Letter spacing must be a number")
    .min(STYLE_BOUNDS.letterSpacing.min, "Letter spacing must be between -2 and 10")
    .max(STYLE_BOUNDS.letterSpacing.max, "Letter spacing must be between -2 and 10")
    .refine((v) => isMultipleOf(v, STYLE_BOUNDS.letterSpacing.step), "Letter spacing must be in steps of 0.1"),
  align: z.enum(TEXT_ALIGNMENTS, "Alignment must be left, center or right"),
  fontWeight: z
    .number("Font weight must be a number")
    .min(STYLE_BOUNDS.fontWeight.min, "Font weight must be between 300 and 900")
    .max(STYLE_BOUNDS.fontWeight.max, "Font weight must be between 300 and 900")
    .refine((v) => isMultipleOf(v, STYLE_BOUNDS.fontWeight.step), "Font weight must be a multiple of 100"),
});
export type TextStyle = z.infer<typeof textStyleSchema>;

/** null keeps the designed (responsive) look; a value replaces it on the home page. */
export const styleContentSchema = z.object({
  headings: textStyleSchema.nullable(),
  promo: textStyleSchema.nullable(),
});
export type StyleContent = z.infer<typeof styleContentSchema>;

/** Ids of reviews and team members: the samples' ("07", "maria"), or made by the form for added ones. */
const itemId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "An id is 1 to 40 lower-case letters, digits or dashes");

/** An image uploaded through /api/admin/media; null keeps the drawn sample art. */
const uploadedImageId = z.uuid("The image reference is not valid; upload the image again").nullable();

function refuseDuplicateIds(items: readonly { id: string }[], ctx: z.RefinementCtx, what: string) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: `Each ${what} needs its own id ("${item.id}" is used twice)` });
    seen.add(item.id);
  });
}

export const MAX_REVIEWS = 100;
export const reviewSchema = z.object({
  id: itemId,
  author: text("Author", 60),
  location: text("Location", 60),
  rating: z
    .number("Rating must be a number")
    .int("Rating must be a whole number of stars")
    .min(1, "Rating must be 1 to 5 stars")
    .max(5, "Rating must be 1 to 5 stars"),
  date: text("Date", 40),
  text: text("Review text", 600),
  hidden: z.boolean("Hidden must be true or false"),
  imageId: uploadedImageId,
});
export type ReviewContent = z.infer<typeof reviewSchema>;

/** The carousel's reviews in their order; hidden ones stay here (to show again later) but not on the page. */
export const reviewsContentSchema = z
  .array(reviewSchema)
  .min(1, "Keep at least one review")
  .max(MAX_REVIEWS, `At most ${MAX_REVIEWS} reviews`)
  .superRefine((reviews, ctx) => {
    refuseDuplicateIds(reviews, ctx, "review");
    if (reviews.every((r) => r.hidden)) ctx.addIssue({ code: "custom", path: [], message: "Keep at least one review visible" });
    reviews.forEach((review, index) => {
      // The carousel shows images of the reviews: an added review has no drawn card to fall back on.
      if (review.imageId === null && !hasReviewCard(review.id))
        ctx.addIssue({ code: "custom", path: [index, "imageId"], message: `Upload an image for the review by ${review.author.trim() || "the new reviewer"}` });
    });
  });
export type ReviewsContent = z.infer<typeof reviewsContentSchema>;

export const MAX_TEAM_MEMBERS = 12;
export const teamMemberSchema = z.object({
  id: itemId,
  name: text("Name", 80),
  role: text("Role", 80),
  imageId: uploadedImageId,
});
export type TeamMemberContent = z.infer<typeof teamMemberSchema>;

export const teamContentSchema = z
  .array(teamMemberSchema)
  .min(1, "Keep at least one team member")
  .max(MAX_TEAM_MEMBERS, `At most ${MAX_TEAM_MEMBERS} team members`)
  .superRefine((members, ctx) => {
    refuseDuplicateIds(members, ctx, "team member");
    members.forEach((member, index) => {
      if (member.imageId === null && samplePortrait(member.id) === undefined)
        ctx.addIssue({ code: "custom", path: [index, "imageId"], message: `Upload a photo of ${member.name.trim() || "the new team member"}` });
    });
  });
export type TeamContent = z.infer<typeof teamContentSchema>;

const requirement = (vaccine: string) => z.enum(VACCINE_REQUIREMENTS, `Choose whether ${vaccine} is required, recommended or not asked for`);

/**
 * The vaccine policy (ADR 0121): which vaccines a stay requires and which are only recommended.
 * The public Vaccination Requirements box and the booking rule both read the published value.
 */
export const vaccinesContentSchema = z
  .object({ fvrcp: requirement("FVRCP"), rabies: requirement("rabies"), felv: requirement("FeLV") })
  .refine((p) => Object.values(p).includes("required"), { message: "Require at least one vaccine for a stay", path: ["fvrcp"] });
export type VaccinesContent = z.infer<typeof vaccinesContentSchema>;

/**
 * The boarding agreement owners sign in online check-in (ADR 0158): a title and the text, paragraphs
 * separated by a blank line. Its version is worked out from the words (server/stays/agreement.ts).
 */
export const agreementContentSchema = z.object({
  title: text("Title", 120),
  text: text("Agreement text", 20_000),
});
export type AgreementContent = z.infer<typeof agreementContentSchema>;

export const contentSchemas = {
  business: businessContentSchema,
  services: servicesContentSchema,
  faq: faqContentSchema,
  promo: promoContentSchema,
  style: styleContentSchema,
  reviews: reviewsContentSchema,
  team: teamContentSchema,
  vaccines: vaccinesContentSchema,
  agreement: agreementContentSchema,
} as const;

export const CONTENT_KEYS = ["business", "services", "faq", "promo", "style", "reviews", "team", "vaccines", "agreement"] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];
export const contentKeySchema = z.enum(CONTENT_KEYS, "Unknown content section");

export interface EditableContent {
  business: BusinessContent;
  services: ServicesContent;
  faq: FaqContent;
  promo: PromoContent;
  style: StyleContent;
  reviews: ReviewsContent;
  team: TeamContent;
  vaccines: VaccinesContent;
  agreement: AgreementContent;
}
