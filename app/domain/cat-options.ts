/** The choices a cat's profile offers, shared by the form, the server and the table's checks. */

export const CAT_SEXES = ["female", "male"] as const;
export type CatSex = (typeof CAT_SEXES)[number];

/** Whether the cat is spayed or neutered; "unknown" is an honest answer for a rescue. */
export const FIXED_STATUSES = ["yes", "no", "unknown"] as const;
export type FixedStatus = (typeof FIXED_STATUSES)[number];

export const FELV_FIV_STATUSES = ["unknown", "negative", "positive"] as const;
export type FelvFivStatus = (typeof FELV_FIV_STATUSES)[number];

export const SEX_LABELS: Record<CatSex, string> = { female: "Female", male: "Male" };
export const FIXED_LABELS: Record<FixedStatus, string> = { yes: "Yes", no: "No", unknown: "Not sure" };
export const FELV_FIV_LABELS: Record<FelvFivStatus, string> = { unknown: "Not known", negative: "Tested negative", positive: "Tested positive" };

/** One medication as the customer writes it: what, how much, and when. */
export interface Medication {
  name: string;
  dose: string;
  times: string;
}
