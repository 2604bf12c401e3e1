import { medicationTimesProblem } from "~/domain/care-log";
import { z } from "~/lib/zod";
import { checkboxField, moneyInDollarsField, usPhoneField } from "~/lib/validation";
import { MAX_PICKUP_PEOPLE, MAX_STAY_MEDICATIONS, TOO_MANY_PICKUP_PEOPLE } from "~/domain/check-in";

/**
 * The two forms of online check-in (ADR 0158): the care plan with who to call and who may collect
 * the cat, and the boarding agreement's signature. Empty fields arrive as undefined (Conform).
 */

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v ?? "");
const requiredText = (max: number, missing: string, tooLong: string) => z.string(missing).trim().min(1, missing).max(max, tooLong);

const medication = z.object({
  name: z.string().trim().max(100, "Keep the medication's name under 100 characters").optional(),
  times: z.string().trim().max(100, "Keep the times under 100 characters").optional(),
  doses: z.coerce
    .number("Enter how many pills or doses you bring, as a number")
    .int("Enter how many pills or doses you bring, as a whole number")
    .min(0, "Enter how many pills or doses you bring, as a whole number")
    .max(1000, "Enter at most 1000 pills or doses")
    .optional(),
});

/** Rows left empty are dropped; a row that says anything names the medication, its times (of the day) and the doses brought. */
const medications = z
  .array(medication.optional())
  .max(MAX_STAY_MEDICATIONS, `List at most ${MAX_STAY_MEDICATIONS} medications a cat`)
  .optional()
  .superRefine((rows, ctx) => {
    rows?.forEach((row, i) => {
      if (!row || (!row.name && !row.times && row.doses === undefined)) return;
      if (!row.name) ctx.addIssue({ code: "custom", message: "Name the medication", path: [i, "name"] });
      const timesProblem = row.times ? medicationTimesProblem(row.times) : "Enter when it is given";
      if (timesProblem) ctx.addIssue({ code: "custom", message: timesProblem, path: [i, "times"] });
      if (row.doses === undefined) ctx.addIssue({ code: "custom", message: "Enter how many pills or doses you bring", path: [i, "doses"] });
    });
  })
  .transform((rows) => (rows ?? []).flatMap((row) => (row?.name ? [{ name: row.name, times: row.times ?? "", doses: row.doses ?? 0 }] : [])));

const catPlan = z.object({
  catId: z.uuid("This form is out of date. Reload the page and try again."),
  food: requiredText(500, "Enter the food", "Keep the food under 500 characters"),
  amountPerMeal: requiredText(200, "Enter the amount per meal", "Keep the amount under 200 characters"),
  medications,
  hidingAndFears: optionalText(1000, "Keep the hiding places and fears under 1000 characters"),
  belongings: optionalText(1000, "Keep the belongings under 1000 characters"),
});

const pickupPerson = z.object({
  name: z.string().trim().max(100, "Keep the name under 100 characters").optional(),
  phone: z.string().trim().max(40, "Enter the mobile number as 10 digits").optional(),
});
const mobile = usPhoneField("Enter the mobile number as 10 digits");

/** Rows left empty are dropped; a named person needs a US mobile and a number needs a name; at most three. */
const pickupPeople = z
  .array(pickupPerson.optional())
  .optional()
  .superRefine((rows, ctx) => {
    const named = (rows ?? []).filter((row) => row?.name || row?.phone);
    if (named.length > MAX_PICKUP_PEOPLE) ctx.addIssue({ code: "custom", message: TOO_MANY_PICKUP_PEOPLE });
    rows?.forEach((row, i) => {
      if (!row || (!row.name && !row.phone)) return;
      if (!row.name) ctx.addIssue({ code: "custom", message: "Enter the person's name", path: [i, "name"] });
      if (!row.phone) ctx.addIssue({ code: "custom", message: "Enter the person's mobile number", path: [i, "phone"] });
      else if (!mobile.safeParse(row.phone).success) ctx.addIssue({ code: "custom", message: "Enter the mobile number as 10 digits", path: [i, "phone"] });
    });
  })
  .transform((rows) => (rows ?? []).flatMap((row) => (row?.name && row.phone ? [{ name: row.name, phone: mobile.parse(row.phone) }] : [])));

export const checkInPlanForm = z.object({
  intent: z.literal("plan"),
  cats: z.array(catPlan).max(6, "This form is out of date. Reload the page and try again.").optional().default([]),
  // Left blank, the limit is $0 (as it always was): call before any spending.
  vetSpendLimit: z.preprocess(
    (typed) => (typeof typed === "string" && typed.trim() === "" ? "0" : typed),
    moneyInDollarsField({
      missing: "Enter a spending limit in whole dollars",
      wholeDollars: true,
      max: { cents: 10_000_000, message: "Enter a spending limit of $100,000 or less" },
    }),
  ),
  contactName: requiredText(100, "Enter who we should call", "Keep the name under 100 characters"),
  contactPhone: usPhoneField("Enter their phone number as 10 digits"),
  pickup: pickupPeople,
});
export type CheckInPlan = z.output<typeof checkInPlanForm>;

export const AGREEMENT_NOT_TICKED = "Tick the box to agree to the boarding agreement";
export const SIGNATURE_NAME_MISSING = "Type your full name to sign";

export const signAgreementForm = z.object({
  intent: z.literal("sign"),
  fullName: requiredText(100, SIGNATURE_NAME_MISSING, "Keep your name under 100 characters"),
  agree: checkboxField().refine((ticked) => ticked, AGREEMENT_NOT_TICKED),
  /** The version the page showed: a text changed since is not signed unread. */
  version: z.string("This form is out of date. Reload the page and try again.").min(1, "This form is out of date. Reload the page and try again."),
});
export type AgreementSignature = z.output<typeof signAgreementForm>;

/** The same signature, typed by the owner on the desk's device (ADR 0196). */
export const deskSignatureForm = signAgreementForm.extend({ intent: z.literal("signAtDesk") });
