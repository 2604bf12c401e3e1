import { z } from "~/lib/zod";
import { UPLOAD_LIMITS } from "~/domain/images";
import { medicationTimesProblem } from "~/domain/care-log";
import { businessDate } from "~/lib/business-time";
import { calendarDateField, usPhoneField } from "~/lib/validation";
import { CAT_SEXES, FELV_FIV_STATUSES, FIXED_STATUSES } from "~/domain/cat-options";
import { DOCUMENT_MAX_BYTES, DOCUMENT_TOO_BIG_MESSAGE, VACCINES, expiryDateProblem } from "~/domain/vaccines";

/**
 * The household and cat forms' one schema each, used by the pages (Conform) and by their route
 * actions, which hand server/households what it parsed, so the browser and the server refuse the
 * same input with the same words. Empty fields arrive as undefined (Conform) and are stored as null.
 */

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

export const OWN_PHONE_AS_EMERGENCY_MESSAGE = "Your emergency contact needs a phone number other than your own mobile";

export const householdForm = z
  .object({
    name: z.string("Enter your name").trim().min(1, "Enter your name").max(100, "Keep your name under 100 characters"),
    mobilePhone: usPhoneField("Enter your mobile number as 10 digits"),
    addressLine1: text(200, "Keep the street address under 200 characters"),
    addressLine2: text(200, "Keep the second address line under 200 characters"),
    city: text(100, "Keep the city under 100 characters"),
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "Enter the state as two letters, like CA")
      .transform((s) => s.toUpperCase())
      .optional(),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit ZIP code")
      .optional(),
    emergencyContactName: text(100, "Keep the contact's name under 100 characters"),
    emergencyContactPhone: usPhoneField("Enter the emergency contact's number as 10 digits").optional(),
    vetClinic: text(150, "Keep the clinic's name under 150 characters"),
    vetPhone: usPhoneField("Enter the vet's number as 10 digits").optional(),
  })
  .refine((h) => !h.emergencyContactPhone || h.emergencyContactPhone !== h.mobilePhone, {
    message: OWN_PHONE_AS_EMERGENCY_MESSAGE,
    path: ["emergencyContactPhone"],
  });
/** A household as the form's schema hands it on: what saveHousehold takes (parsed once, at the edge). */
export type HouseholdDetails = z.output<typeof householdForm>;

const medication = z.object({
  name: text(100, "Keep the medication's name under 100 characters"),
  dose: text(100, "Keep the dose under 100 characters"),
  times: text(100, "Keep the times under 100 characters"),
});

/** Rows left empty are dropped; a row with a dose or times needs the medication's name, and its times must be of the day. */
const medications = z
  .array(medication.optional())
  .max(10, "List at most 10 medications")
  .optional()
  .superRefine((rows, ctx) => {
    rows?.forEach((row, i) => {
      if (row && !row.name && (row.dose || row.times)) ctx.addIssue({ code: "custom", message: "Name the medication", path: [i, "name"] });
      const timesProblem = row?.times && medicationTimesProblem(row.times);
      if (timesProblem) ctx.addIssue({ code: "custom", message: timesProblem, path: [i, "times"] });
    });
  })
  .transform((rows) => (rows ?? []).flatMap((row) => (row?.name ? [{ name: row.name, dose: row.dose ?? "", times: row.times ?? "" }] : [])));

export const CAT_NAME_MAX = 50;

export const catForm = z.object({
  name: z.string("Enter your cat's name").trim().min(1, "Enter your cat's name").max(CAT_NAME_MAX, `Keep the name under ${CAT_NAME_MAX} characters`),
  breed: text(100, "Keep the breed under 100 characters"),
  sex: z.enum(CAT_SEXES, "Choose female or male"),
  birthDate: calendarDateField("Enter the birth date as YYYY-MM-DD").optional(),
  approximateAge: z.coerce
    .number("Enter the age in whole years")
    .int("Enter the age in whole years")
    .min(0, "Enter the age in whole years")
    .max(30, "Enter an age of 30 years or less")
    .optional(),
  spayedNeutered: z.enum(FIXED_STATUSES, "Choose yes, no or not sure"),
  microchip: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{9,15}$/, "A microchip number is 9 to 15 letters or digits")
    .optional(),
  colourMarkings: text(200, "Keep the colour and markings under 200 characters"),
  feedingInstructions: text(2000, "Keep the feeding instructions under 2000 characters"),
  medications,
  behaviourNotes: text(2000, "Keep the behaviour notes under 2000 characters"),
  felvFivStatus: z.enum(FELV_FIV_STATUSES, "Choose a FeLV/FIV status").default("unknown"),
  // Checked by its bytes and processed on the server (ADR 0120); the size is checked here first
  // so a large photo is refused before it is sent.
  photo: z
    .file()
    .max(UPLOAD_LIMITS.maxBytes, `The photo is larger than ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB. Please choose a smaller file.`)
    .optional(),
});
export type CatInput = z.input<typeof catForm>;
/** A cat as the form's schema hands it on, without the photo (stored on its own): what createCat and updateCat take. */
export type CatProfile = Omit<z.output<typeof catForm>, "photo">;

/** The "Yes, archive" button of a cat's page. */
export const archiveCatForm = z.object({ intent: z.literal("archive") });

const isoDay = (missing: string) => calendarDateField(missing, "Enter the date as YYYY-MM-DD");

/** Today's rule for an expiry date, in the browser and the server alike (the server checks again with its `now`). */
const currentExpiryDate = isoDay("Enter the expiry date shown on the certificate").superRefine((day, ctx) => {
  const problem = expiryDateProblem(day, businessDate(new Date()));
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** A vaccine certificate uploaded on a cat's page (ADR 0120). */
export const vaccineRecordForm = z.object({
  intent: z.literal("upload-record"),
  vaccine: z.enum(VACCINES, "Choose the vaccine"),
  expiresOn: currentExpiryDate,
  document: z.file("Choose the certificate file (PDF, JPEG, PNG or WebP)").max(DOCUMENT_MAX_BYTES, DOCUMENT_TOO_BIG_MESSAGE),
});

/** Staff verify a record, with the expiry date as they read it on the document. */
export const verifyRecordForm = z.object({
  intent: z.literal("verify"),
  recordId: z.string().min(1),
  expiresOn: isoDay("Enter the expiry date shown on the document"),
});

/** Staff reject a record; the customer reads the reason. */
export const rejectRecordForm = z.object({
  intent: z.literal("reject"),
  recordId: z.string().min(1),
  reason: z
    .string("Tell the customer why the record can't be accepted")
    .trim()
    .min(1, "Tell the customer why the record can't be accepted")
    .max(500, "Keep the reason under 500 characters"),
});
