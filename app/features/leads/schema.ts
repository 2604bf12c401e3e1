import { z } from "zod";
import { NEWSLETTER_CONSENT_TEXT, VOUCHER_CONSENT_TEXT } from "./consent";

export { NEWSLETTER_CONSENT_TEXT, VOUCHER_CONSENT_TEXT, looksLikeEmail } from "./consent";

const sourcePage = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/[^\s]*$/, "Source page must be a path")
  .default("/");

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Please enter a shorter email address")
  .pipe(z.email("Please enter a valid email"));

/** Digits of a North American number: (949) 555-0100, 949.555.0100, +1 949 555 0100 → +19495550100. */
export function normalizeUsPhone(input: string): string | null {
  let digits = input.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

const usPhone = z
  .string()
  .trim()
  .max(20, "Please enter a valid 10-digit phone number")
  .transform((value, ctx) => {
    const normalized = normalizeUsPhone(value);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: "Please enter a valid 10-digit phone number" });
      return z.NEVER;
    }
    return normalized;
  });

export const voucherRequestSchema = z.object({
  name: z.string().trim().min(1, "Please enter your full name").max(100, "Please enter a shorter name"),
  email,
  phone: usPhone,
  consent: z.literal(true, "Please agree to receive promotional emails"),
  consentText: z.literal(VOUCHER_CONSENT_TEXT, "Consent text does not match"),
  sourcePage,
});
export type VoucherRequestInput = z.input<typeof voucherRequestSchema>;

export const newsletterSignupSchema = z.object({
  email,
  consentText: z.literal(NEWSLETTER_CONSENT_TEXT, "Consent text does not match"),
  sourcePage,
});
export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;

export const unsubscribeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This unsubscribe link is not valid.");
