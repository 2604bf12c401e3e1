import { INVALID_PHONE_MESSAGE } from "~/lib/phone";

// Kept apart from schema.ts so the dialog, in every public page's first script, gets these without the validation library.

export const callbackMessages = {
  invalidPhone: INVALID_PHONE_MESSAGE,
  saveFailed: "Failed to save phone number",
  callFailed: "Failed to initiate call",
  invalidResponse: "Invalid response from call service",
  fallback: "Failed to initiate call. Please try again.",
} as const;

/**
 * What the person agrees to by pressing the button. Shown under the input and stored verbatim
 * with the lead, so the row keeps exactly what was agreed to. Change the wording here only:
 * old rows keep the text they were stored with.
 */
export const CALLBACK_CONSENT_TEXT =
  "By clicking 'Click To Connect Your Call', you agree that we may call and text you at this number about your request, " +
  "including by automated means. Consent is not a condition of purchase. Message and data rates may apply. Reply STOP to opt out.";
