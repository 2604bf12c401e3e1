/**
 * Vaccine records (ADR 0120): the vaccines we keep a record of, what a record's status means to the
 * customer, and the rules its expiry date and document follow. Shared by the pages, the table's
 * checks and the server, so all three say the same thing.
 */

import { UPLOAD_LIMITS } from "./images";

export const VACCINES = ["fvrcp", "rabies", "felv"] as const;
export type Vaccine = (typeof VACCINES)[number];
export const VACCINE_LABELS: Record<Vaccine, string> = { fvrcp: "FVRCP", rabies: "Rabies", felv: "FeLV" };

/** What the business asks of each vaccine (the published vaccine policy, edited in admin Content). */
export const VACCINE_REQUIREMENTS = ["required", "recommended", "none"] as const;
export type VaccineRequirement = (typeof VACCINE_REQUIREMENTS)[number];
export type VaccinePolicy = Record<Vaccine, VaccineRequirement>;
export const VACCINE_REQUIREMENT_LABELS: Record<VaccineRequirement, string> = {
  required: "Required for a stay",
  recommended: "Recommended",
  none: "Not asked for",
};
/** As the spec says: proof of current FVRCP required; rabies recommended. */
export const DEFAULT_VACCINE_POLICY: VaccinePolicy = { fvrcp: "required", rabies: "recommended", felv: "none" };

export const requiredVaccines = (policy: VaccinePolicy) => VACCINES.filter((v) => policy[v] === "required");

/** What staff decided; "expired" is not stored but worked out from the expiry date and today. */
export const REVIEW_STATUSES = ["awaiting_review", "verified", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type RecordStatus = ReviewStatus | "expired";
export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  awaiting_review: "Awaiting review",
  verified: "Verified",
  rejected: "Rejected",
  expired: "Expired",
};

/** A record's status today: an expiry date before today makes any record expired. */
export function recordStatus(record: { status: ReviewStatus; expiresOn: string }, today: string): RecordStatus {
  if (record.status !== "rejected" && record.expiresOn < today) return "expired";
  return record.status;
}

/** The document types we accept, told apart by their first bytes, never by name or Content-Type. */
export const DOCUMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp";
export const DOCUMENT_TOO_BIG_MESSAGE = `The file is larger than ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB. Please choose a smaller file (a photo of the certificate is plenty).`;
export const DOCUMENT_TYPE_MESSAGE = "Upload the certificate as a PDF, JPEG, PNG or WebP file; this file is none of them.";
/** A certificate image that does not decode whole (truncated, damaged, or not the image it claims to be). */
export const DOCUMENT_IMAGE_UNREADABLE_MESSAGE = "That image could not be read. Upload a clear photo or PDF of the certificate.";
/** A certificate image over the pixel limit cat photos have (it would be too heavy to open). */
export const documentImageTooLargeMessage = (width: number, height: number) =>
  `That image is ${width}×${height} pixels, more than we can open (at most ${UPLOAD_LIMITS.maxSide} on each side). Upload a smaller photo or a PDF of the certificate.`;
/** A "PDF" without a PDF's structure: cut short, damaged, or something else (a web page) named .pdf. */
export const DOCUMENT_PDF_UNREADABLE_MESSAGE =
  "That PDF could not be read: it may be damaged or incomplete. Save or scan the certificate as a PDF again, or upload a clear photo of it.";

/** The latest expiry date a certificate can carry: three-year vaccines exist, nothing longer does. */
export const MAX_YEARS_AHEAD = 3;

/** The calendar day `years` years after `day` (29 February becomes 28). */
export function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const dd = m === 2 && d === 29 ? 28 : d;
  return `${String(y + years).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(dd).padStart(2, "0")}`;
}

/** Why an expiry date cannot be right, or null: it must be today or later and at most three years out. */
export function expiryDateProblem(expiresOn: string, today: string): string | null {
  if (expiresOn < today) return "This date has passed: upload a current certificate.";
  if (expiresOn > yearsAfter(today, MAX_YEARS_AHEAD))
    return `Vaccines last at most ${MAX_YEARS_AHEAD} years: check the expiry date on the certificate (it is often written month/day/year).`;
  return null;
}

function listOf(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
const inSentence = (v: Vaccine) => (v === "rabies" ? "rabies" : VACCINE_LABELS[v]);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The public Vaccination Requirements box's two lines, from the published policy ("recommended" null when nothing is). */
export function vaccinePolicySentences(policy: VaccinePolicy): { required: string; recommended: string | null } {
  const required = VACCINES.filter((v) => policy[v] === "required").map(inSentence);
  const recommended = VACCINES.filter((v) => policy[v] === "recommended").map(inSentence);
  return {
    required: `Proof of current ${listOf(required)} vaccination is required for every stay.`,
    recommended: recommended.length > 0 ? `${capitalised(listOf(recommended))} vaccination is recommended.` : null,
  };
}

/** The Documents queue's count: "3 records are awaiting review.", and on a page that shows only some, how many it shows. */
export function awaitingReviewText(total: number, shown: number): string {
  const all = total === 1 ? "1 record is awaiting review" : `${total} records are awaiting review`;
  return shown < total ? `${all}; this page shows ${shown} of them, oldest first.` : `${all}.`;
}
