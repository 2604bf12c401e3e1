import { homeCopy } from "~/content/copy";

// Kept apart from schema.ts so the browser gets these without the validation library.

/** The consent wording the visitor sees; the server stores exactly this text. */
export const VOUCHER_CONSENT_TEXT = homeCopy.voucher.consent;
export const NEWSLETTER_CONSENT_TEXT = homeCopy.signup.consent;

/** The spec's client-side rule for the signup field: not empty and contains '@'. */
export const looksLikeEmail = (value: string) => value.trim() !== "" && value.includes("@");
