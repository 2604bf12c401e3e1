import { z } from "~/lib/zod";
import { idField } from "~/lib/ids";
import { UPLOAD_LIMITS } from "~/domain/images";
import { checkboxField, idListField, isCalendarDate, kilogramsField } from "~/lib/validation";
import { CARE_WEIGHT_GRAMS } from "~/domain/weigh-ins";
import { DOSE_OUTCOMES } from "~/domain/doses";
import { EATEN_SHARES, STOOL_KINDS } from "~/domain/care-log";

/**
 * The Today page's forms, one per kind of entry (the `intent` is the kind), each naming the stay and
 * the cat, and the entry it corrects when it is a correction (ADR 0157).
 */
const entry = {
  stayId: idField("Choose a stay"),
  catId: idField("Choose a cat"),
  correctsId: idField("Choose the entry to correct").optional(),
};
const remark = z.string().trim().max(500, "Keep the remark under 500 characters").optional();

export const careEntryForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("meal"),
    ...entry,
    meal: z.string("Name the meal").trim().min(1, "Name the meal").max(40, "Name the meal in under 40 characters"),
    eaten: z.enum(EATEN_SHARES, "Choose how much was eaten"),
  }),
  z.object({ intent: z.literal("water"), ...entry, remark }),
  z.object({
    intent: z.literal("litter"),
    ...entry,
    urine: z.enum(["yes", "no"], "Say whether there was urine").transform((v) => v === "yes"),
    stool: z.enum(STOOL_KINDS, "Choose the stool"),
  }),
  z.object({
    intent: z.literal("dose"),
    ...entry,
    medication: z.string("Choose the medication").trim().min(1, "Choose the medication").max(100, "Choose the medication"),
    dueAt: z.iso.datetime({ message: "Choose the dose", offset: true }),
    outcome: z.enum(DOSE_OUTCOMES, "Choose what happened to the dose"),
    remark,
  }),
  z.object({ intent: z.literal("play"), ...entry, remark }),
  z.object({
    intent: z.literal("photo"),
    ...entry,
    // Checked by its bytes and processed on the server like a cat's photo; the size is checked here first.
    photo: z
      .file("Take or choose a photo")
      .max(UPLOAD_LIMITS.maxBytes, `The photo is larger than ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB. Please take a smaller one.`),
    remark,
  }),
  // A weigh-in on a long stay (ADR 0169): kilograms with up to two decimals, as the desk types them.
  z.object({
    intent: z.literal("weight"),
    ...entry,
    weight: kilogramsField({ minGrams: CARE_WEIGHT_GRAMS.min, maxGrams: CARE_WEIGHT_GRAMS.max }),
  }),
  z.object({
    intent: z.literal("note"),
    ...entry,
    remark: z.string("Write the note").trim().min(1, "Write the note").max(500, "Keep the note under 500 characters"),
  }),
]);
/** An entry as the domain takes it: a photo arrives processed (`logCareEntry`'s last argument), not as the file. */
export type CareEntryInput =
  Exclude<z.output<typeof careEntryForm>, { intent: "photo" }> | Omit<Extract<z.output<typeof careEntryForm>, { intent: "photo" }>, "photo">;

/** Staff acknowledge a care alert on Today (ADR 0164). */
export const acknowledgeAlertForm = z.object({ intent: z.literal("acknowledge"), alertId: idField("Choose an alert") });

/** Staff acknowledge every open alert Today lists at once (ADR 0188): the ids the page showed, each once. */
export const acknowledgeAlertsForm = z.object({
  intent: z.literal("acknowledgeAll"),
  alertIds: idListField({
    missing: "There is no open alert to acknowledge. Reload the page.",
    repeated: "This form is out of date. Reload the page.",
    max: { count: 500, message: "This form is out of date. Reload the page." },
  }),
});
const TIME_TODAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_AND_TIME = /^(\d{4}-\d{2}-\d{2})T(([01]\d|2[0-3]):[0-5]\d)(:[0-5]\d(\.\d+)?)?$/;
const WHEN_MESSAGE = "Say when it happened: a time today, like 14:30, or a day and time";

/**
 * The staff stay page's "Record an incident" form (ADR 0165). When it happened is a time today
 * ("14:30") or a day and time as a datetime-local input sends it ("2026-11-27T14:30"), both in the
 * hotel's time; `day` is null for a time today (the domain takes today from its clock).
 */
export const incidentForm = z.object({
  intent: z.literal("incident"),
  catId: idField("Choose a cat").optional(),
  whatHappened: z.string("Say what happened").trim().min(1, "Say what happened").max(2000, "Keep what happened under 2,000 characters"),
  when: z
    .string(WHEN_MESSAGE)
    .trim()
    .transform((value, ctx) => {
      if (TIME_TODAY.test(value)) return { day: null, time: value };
      const m = DAY_AND_TIME.exec(value);
      if (m && isCalendarDate(m[1]!)) return { day: m[1]!, time: m[2]! };
      ctx.addIssue({ code: "custom", message: WHEN_MESSAGE });
      return z.NEVER;
    }),
  whatWasDone: z.string("Say what was done").trim().min(1, "Say what was done").max(2000, "Keep what was done under 2,000 characters"),
  vetCalled: checkboxField(),
});
export type IncidentInput = z.output<typeof incidentForm>;
