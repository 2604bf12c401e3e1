/**
 * North American phone numbers, the one place the project reads, checks and formats them.
 * Stored and dialled as E.164 ("+19495550100"); shown as "(949) 555-0100". Pure functions with no
 * dependencies, so the public pages can use them without loading zod (the zod field is in
 * `app/lib/validation.ts`). The callback's stricter rule is documented in ADR 0040.
 */

export const PHONE_MAX_DIGITS = 10;
/** "(xxx) xxx-xxxx" is 14 characters. */
export const PHONE_INPUT_MAX_LENGTH = 14;
export const INVALID_PHONE_MESSAGE = "Please enter a valid 10-digit phone number";

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

/** "(949) 555-1234" for "+19495551234". */
export function formatUsPhone(e164: string): string {
  return formatPhone(e164.replace(/^\+1/, ""));
}

/** The dialled form of a number the content schema has already checked: "(949) 555-0100" -> "+19495550100". */
export function telFromDisplay(display: string): string {
  const digits = display.replace(/\D/g, "");
  return `+1${digits.length === 11 ? digits.slice(1) : digits}`;
}

/**
 * A number as a person writes it — (949) 555-0100, 949.555.0100, +1 949 555 0100 — as E.164, or
 * null unless it is 10 digits (after an optional leading 1) with a valid area code and exchange.
 */
export function toE164(typed: string): string | null {
  if (typed.length > 32) return null;
  let digits = typed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** Reserved or special-purpose area codes: never a person waiting for our call. */
const NON_GEOGRAPHIC_AREA_CODES = new Set([
  // Toll-free (8YY) and the codes reserved for toll-free growth.
  "800",
  "822",
  "833",
  "844",
  "855",
  "866",
  "877",
  "880",
  "881",
  "882",
  "883",
  "884",
  "885",
  "886",
  "887",
  "888",
  "889",
  // Premium-rate and carrier service codes (N00), inbound international.
  "500",
  "600",
  "700",
  "900",
  "456",
  // Personal communications service codes (non-geographic, follow-me numbers).
  "521",
  "522",
  "523",
  "524",
  "525",
  "526",
  "527",
  "528",
  "529",
  "533",
  "544",
  "566",
  "577",
  "588",
]);

/**
 * NANP members outside the United States and Canada: calls there are billed at international
 * rates and these codes are the classic toll-fraud and "one ring" scam destinations.
 * US territories (340, 670, 671, 684, 787, 939) are kept.
 */
const INTERNATIONAL_AREA_CODES = new Set([
  "242",
  "246",
  "264",
  "268",
  "284",
  "345",
  "441",
  "473",
  "649",
  "658",
  "664",
  "721",
  "758",
  "767",
  "784",
  "809",
  "829",
  "849",
  "868",
  "869",
  "876",
]);

export type PhoneRejection = "length" | "area-code" | "exchange" | "fictional" | "toll-free-or-premium" | "international";

/**
 * Checks a 10-digit North American number (NPA-NXX-XXXX) as one we may call. Returns why it is
 * refused, or null when it may be stored and called.
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
 * A number we may place a call to: the separators of `toE164` only (no letters or other
 * punctuation), and none of the numbers `nanpRejection` refuses. Returns E.164 or null.
 */
export function toCallableE164(typed: string): string | null {
  if (typed.length > 32) return null;
  const match = /^(?:\+?1)?(\d{10})$/.exec(typed.replace(/[\s().-]/g, ""));
  if (!match?.[1]) return null;
  return nanpRejection(match[1]) === null ? `+1${match[1]}` : null;
}
