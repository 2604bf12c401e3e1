import { idField } from "~/lib/ids";
import { checkboxField } from "~/lib/validation";
import { z } from "~/lib/zod";

/**
 * The desk's release of a cat at check-out (ADR 0162): the pickup code the person shows, or a
 * manager's override with its reason. Empty fields arrive as undefined (Conform).
 */

export const PICKUP_CODE_MESSAGE = "Enter the 6-digit pickup code";
export const OVERRIDE_REASON_MESSAGE = "Say why the cat is released without a pickup code";
export const CODE_OR_OVERRIDE_MESSAGE = "Release with the pickup code or with a manager's override, not both";

export const releaseForm = z
  .object({
    intent: z.literal("release"),
    stayId: idField("This form is out of date. Reload the page and try again."),
    code: z.string().trim().max(20, PICKUP_CODE_MESSAGE).optional(),
    override: checkboxField(),
    reason: z.string().trim().max(500, "Keep the reason under 500 characters").optional(),
    /** From the front desk: the Manager or Owner who confirms the override, and their PIN (ADR 0196). */
    manager: z.string().trim().max(100).optional(),
    pin: z.string().trim().max(20, "Enter the manager's PIN").optional(),
  })
  .superRefine((form, ctx) => {
    if (form.override) {
      if (form.code) ctx.addIssue({ code: "custom", message: CODE_OR_OVERRIDE_MESSAGE, path: ["code"] });
      if (!form.reason) ctx.addIssue({ code: "custom", message: OVERRIDE_REASON_MESSAGE, path: ["reason"] });
      return;
    }
    // Neither a code nor an override: the code is what the desk asks for first.
    if (!form.code || !/^\d{6}$/.test(form.code)) ctx.addIssue({ code: "custom", message: PICKUP_CODE_MESSAGE, path: ["code"] });
    // A reason typed without ticking the override is not an override.
    if (form.reason && !form.code)
      ctx.addIssue({ code: "custom", message: "Tick the manager's override to release the cat with a reason", path: ["override"] });
  })
  .transform((form) =>
    form.override
      ? { intent: form.intent, stayId: form.stayId, method: "override" as const, reason: form.reason ?? "", manager: form.manager ?? "", pin: form.pin ?? "" }
      : { intent: form.intent, stayId: form.stayId, method: "code" as const, code: form.code ?? "" },
  );

export type ReleaseRequest = z.output<typeof releaseForm>;
