import { z } from "zod";

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

export const contentSchemas = {
  business: businessContentSchema,
  services: servicesContentSchema,
  faq: faqContentSchema,
  promo: promoContentSchema,
  style: styleContentSchema,
} as const;

export const CONTENT_KEYS = ["business", "services", "faq", "promo", "style"] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];
export const contentKeySchema = z.enum(CONTENT_KEYS, "Unknown content section");

export interface EditableContent {
  business: BusinessContent;
  services: ServicesContent;
  faq: FaqContent;
  promo: PromoContent;
  style: StyleContent;
}

export { telFromDisplay } from "./phone";
