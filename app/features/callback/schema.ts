import { z } from "zod";

/**
 * The callback request, shared by the dialog and the server: the same rule decides what the
 * browser lets through and what the server stores and calls. The rule is documented in
 * docs/decisions/0040-callback-phone-number-rule.md.
 */

export const PHONE_MAX_DIGITS = 10;
/** "(xxx) xxx-xxxx" is 14 characters. */
export const PHONE_INPUT_MAX_LENGTH = 14;

export const callbackMessages = {
  invalidPhone: "Please enter a valid 10-digit phone number",
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

/** Keeps at most 10 digits of whatever was typed or pasted. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "").slice(0, PHONE_MAX_DIGITS);
}

/** Formats as much as has been typed: "(949", "(949) 249", "(949) 249-1234". */
export function formatPhone(digits: string): string {
  const d = phoneDigits(digits);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Reserved or special-purpose area codes: never a person waiting for our call. */
const NON_GEOGRAPHIC_AREA_CODES = new Set([
  // Toll-free (8YY) and the codes reserved for toll-free growth.
  "800", "822", "833", "844", "855", "866", "877", "880", "881", "882", "883", "884", "885", "886", "887", "888", "889",
  // Premium-rate and carrier service codes (N00), inbound international.
  "500", "600", "700", "900", "456",
  // Personal communications service codes (non-geographic, follow-me numbers).
  "521", "522", "523", "524", "525", "526", "527", "528", "529", "533", "544", "566", "577", "588",
]);

/**
 * NANP members outside the United States and Canada: calls there are billed at international
 * rates and these codes are the classic toll-fraud and "one ring" scam destinations.
 * US territories (340, 670, 671, 684, 787, 939) are kept.
 */
const INTERNATIONAL_AREA_CODES = new Set([
  "242", "246", "264", "268", "284", "345", "441", "473", "649", "658", "664", "721", "758", "767", "784", "809", "829",
  "849", "868", "869", "876",
]);

export type PhoneRejection = "length" | "area-code" | "exchange" | "fictional" | "toll-free-or-premium" | "international";

/**
 * Checks a 10-digit North American number (NPA-NXX-XXXX). Returns why it is refused, or
 * null when it may be stored and called.
 */
export function nanpRejection(digits: string): PhoneRejection | null {
  if (!/^\d{10}$/.test(digits)) return "length";
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  // Area code NXX: N is 2-9; N11 are service codes; N9X, 37X and 96X are reserved for expansion.
  if (!/^[2-9]/.test(area) || area.slice(1) === "11" || area[1] === "9" || /^(37|96)/.test(area)) return "area-code";
  if (NON_GEOGRAPHIC_AREA_CODES.has(area)) return "toll-free-or-premium";
  if (INTERNATIONAL_AREA_CODES.has(area)) return "international";
  // Exchange NXX: N is 2-9 and N11 are service codes (411, 911...).
  if (!/^[2-9]/.test(exchange) || exchange.slice(1) === "11") return "exchange";
  // 555 is directory assistance (555-1212) and the 555-01XX range reserved for fiction.
  if (exchange === "555") return line.startsWith("01") ? "fictional" : "exchange";
  // 976 was the premium-rate exchange in most area codes.
  if (exchange === "976") return "toll-free-or-premium";
  return null;
}

/**
 * Reads a phone number as a server accepts it: 10 digits, optionally prefixed by 1 or +1,
 * with the usual separators (spaces, dots, dashes, parentheses). Anything else is refused
 * rather than guessed at. Returns +1XXXXXXXXXX or null.
 */
export function normalizeNanp(input: string): string | null {
  if (input.length > 32) return null;
  const compact = input.replace(/[\s().-]/g, "");
  const match = /^(?:\+?1)?(\d{10})$/.exec(compact);
  if (!match?.[1]) return null;
  return nanpRejection(match[1]) === null ? `+1${match[1]}` : null;
}

/** The body of POST /api/callback. */
export const callbackRequestSchema = z.object({
  phoneNumber: z
    .string({ error: callbackMessages.invalidPhone })
    .transform((value, ctx) => {
      const normalized = normalizeNanp(value);
      if (normalized === null) {
        ctx.addIssue({ code: "custom", message: callbackMessages.invalidPhone });
        return z.NEVER;
      }
      return normalized;
    }),
  // Where the dialog was opened; a malformed value is dropped rather than losing the lead over it.
  sourcePage: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/)
    .optional()
    .catch(undefined),
});
export type CallbackRequest = z.input<typeof callbackRequestSchema>;

/** A successful answer always carries the call's id. */
export const callbackResponseSchema = z.object({
  callSid: z.string().min(1),
  status: z.enum(["placed", "simulated"]),
});
export type CallbackResponse = z.infer<typeof callbackResponseSchema>;

/** Staff's view of a callback lead (the admin inbox). */
export const callbackCallStatusValues = ["pending", "calling", "placed", "simulated", "failed", "paused"] as const;
export const callbackStaffStatusValues = ["new", "contacted", "booked", "closed"] as const;

/** Inbox filters, as they arrive in a query string. */
export const callbackListQuerySchema = z.object({
  staffStatus: z.enum(callbackStaffStatusValues).optional(),
  callStatus: z.enum(callbackCallStatusValues).optional(),
  /** Digits anywhere in the number, e.g. an area code or the last four. */
  phone: z
    .string()
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().max(11))
    .optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CallbackListQuery = z.input<typeof callbackListQuerySchema>;

/** What staff may change on a lead. */
export const callbackUpdateSchema = z
  .object({
    staffStatus: z.enum(callbackStaffStatusValues).optional(),
    staffNote: z.string().trim().max(2000).optional(),
  })
  .refine((v) => v.staffStatus !== undefined || v.staffNote !== undefined, { message: "Nothing to update." });
export type CallbackUpdate = z.input<typeof callbackUpdateSchema>;
