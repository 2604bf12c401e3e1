import { z } from "~/lib/zod";
import { usPhoneField } from "~/lib/validation";
import { NEWSLETTER_CONSENT_TEXT, VOUCHER_CONSENT_TEXT } from "~/domain/consent";

export { NEWSLETTER_CONSENT_TEXT, VOUCHER_CONSENT_TEXT, looksLikeEmail } from "~/domain/consent";

const sourcePage = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/[^\s]*$/, "Source page must be a path")
  .default("/");

const email = z
  .string({ error: "Please enter a valid email" })
  .trim()
  .toLowerCase()
  .max(254, "Please enter a shorter email address")
  .pipe(z.email("Please enter a valid email"));

export const voucherRequestSchema = z.object({
  name: z.string().trim().min(1, "Please enter your full name").max(100, "Please enter a shorter name"),
  email,
  phone: usPhoneField(),
  consent: z.literal(true, "Please agree to receive promotional emails"),
  consentText: z.literal(VOUCHER_CONSENT_TEXT, "Consent text does not match"),
  sourcePage,
});
/** A voucher request as the edge parsed it: what `createVoucherRequest` stores. */
export type VoucherRequest = z.output<typeof voucherRequestSchema>;

export const newsletterSignupSchema = z.object({
  email,
  consentText: z.literal(NEWSLETTER_CONSENT_TEXT, "Consent text does not match"),
  sourcePage,
});
/** A newsletter sign-up as the edge parsed it. */
export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;

/** The newsletter's unsubscribe link's token (`/unsubscribe?token=`), as the welcome mail wrote it. */
export const unsubscribeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This unsubscribe link is not valid.");
/** An unsubscribe token as the page parsed it. */
export type UnsubscribeToken = z.output<typeof unsubscribeTokenSchema>;
