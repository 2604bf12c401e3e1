import { z } from "~/lib/zod";
import { checkboxField, kilogramsField } from "~/lib/validation";

/**
 * The desk's check-in and check-out forms (ADR 0161): per cat its weight, the pills or doses
 * counted per medication of the care plan, and the belongings; at check-in staff's reason to go
 * ahead without the signed agreement, at check-out the reason to leave a balance unpaid and the
 * confirmation of a pill count that does not match. Empty fields arrive as undefined (Conform).
 */

const OUT_OF_DATE = "This form is out of date. Reload the page and try again.";

/** Kilograms with up to two decimals, kept as whole grams. */
const weightField = kilogramsField({ minGrams: 100, maxGrams: 30_000 });

const doseCount = z.object({
  medication: z
    .string()
    .trim()
    .max(200, OUT_OF_DATE)
    .optional()
    .transform((v) => v || null),
  count: z.coerce
    .number("Enter how many pills or doses, as a number")
    .int("Enter how many pills or doses, as a whole number")
    .min(0, "Enter how many pills or doses, as a whole number")
    .max(1000, "Enter at most 1000 pills or doses"),
  /** At check-in: when the owner last gave it at home, a time today ("07:45"); empty when not asked (ADR 0188). */
  lastGiven: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter when the last dose was given at home as a time today, like 07:45")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

const catHandover = z.object({
  catId: z.uuid(OUT_OF_DATE),
  weight: weightField,
  doses: z.array(doseCount).max(10, OUT_OF_DATE).optional().default([]),
  belongings: z
    .string()
    .trim()
    .max(1000, "Keep the belongings under 1000 characters")
    .optional()
    .transform((v) => v ?? ""),
});
export type CatHandoverInput = z.output<typeof catHandover>;

const reasonText = (tooLong: string) => z.string().trim().max(500, tooLong).optional();

export const deskCheckInForm = z.object({
  intent: z.literal("checkIn"),
  cats: z.array(catHandover).max(6, OUT_OF_DATE).optional().default([]),
  /** Staff's reason to check the cat in although the boarding agreement is not signed. */
  overrideReason: reasonText("Keep the reason to 500 characters"),
});
export type DeskCheckIn = z.output<typeof deskCheckInForm>;

export const deskCheckOutForm = z.object({
  intent: z.literal("checkOut"),
  cats: z.array(catHandover).max(6, OUT_OF_DATE).optional().default([]),
  /** Why the stay checks out with a balance unpaid (the server asks for it only then, ADR 0154). */
  reason: reasonText("Keep the reason to 500 characters"),
  /** Staff counted again: the pills handed back are right although they differ from the care log. */
  countsChecked: checkboxField(),
});
export type DeskCheckOut = z.output<typeof deskCheckOutForm>;
