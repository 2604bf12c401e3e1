import { z } from "~/lib/zod";
import { toCallableE164 } from "~/lib/phone";
import { callbackMessages } from "./texts";

/**
 * The callback request, shared by the dialog and the server: the same rule decides what the
 * browser lets through and what the server stores and calls. The rule is documented in
 * docs/decisions/0040-callback-phone-number-rule.md.
 */

export { CALLBACK_CONSENT_TEXT, callbackMessages } from "./texts";

/** The body of POST /api/callback. */
export const callbackRequestSchema = z.object({
  phoneNumber: z.string({ error: callbackMessages.invalidPhone }).transform((value, ctx) => {
    const normalized = toCallableE164(value);
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
export type CallbackListQuery = z.output<typeof callbackListQuerySchema>;

/** What staff may change on a lead. */
export const callbackUpdateSchema = z
  .object({
    staffStatus: z.enum(callbackStaffStatusValues).optional(),
    staffNote: z.string().trim().max(2000).optional(),
  })
  .refine((v) => v.staffStatus !== undefined || v.staffNote !== undefined, { message: "Nothing to update." });
export type CallbackUpdate = z.output<typeof callbackUpdateSchema>;
