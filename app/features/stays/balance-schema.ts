import { z } from "~/lib/zod";

/** The desk's forms for the balance at check-out (ADR 0154): one schema each, for the page and the server. */

export const balanceCardForm = z.object({ intent: z.literal("balanceCard"), stayId: z.string().uuid() });

/** Cash or a check taken at the desk; a check with its number. The amount is what is due, read by the server. */
export const balanceDeskForm = z
  .object({
    intent: z.literal("balanceDesk"),
    stayId: z.string().uuid(),
    method: z.enum(["cash", "check"], "Choose cash or check"),
    checkNumber: z.string().trim().max(30, "Keep the check's number under 30 characters").optional(),
  })
  .refine((f) => f.method !== "check" || Boolean(f.checkNumber), { message: "Enter the check's number", path: ["checkNumber"] });
/** Cash or a check as the desk's action parsed it (`recordBalanceAtDesk`). */
export type BalanceDeskRequest = z.output<typeof balanceDeskForm>;
