import { z } from "~/lib/zod";
import { INVALID_PHONE_MESSAGE, toE164 } from "./phone";

/**
 * Zod fields more than one form needs, so each rule and its message are written once and the
 * browser and the server refuse the same input with the same words.
 */

/** A US phone number as a person types it, stored as E.164 ("+19495550100"). */
export const usPhoneField = (message: string = INVALID_PHONE_MESSAGE) =>
  z
    .string(message)
    .trim()
    .transform((value, ctx) => {
      const e164 = toE164(value);
      if (!e164) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return e164;
    });

/** A checkbox: "on" when ticked (a browser's form), absent when not; `true` from a caller in code. */
export const checkboxField = () =>
  z
    .union([z.literal("on"), z.literal("true"), z.boolean()])
    .optional()
    .transform((v) => v === "on" || v === "true" || v === true);
