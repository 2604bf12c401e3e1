import { idField } from "~/lib/ids";
import { moneyField } from "~/lib/validation";
import { z } from "~/lib/zod";
import { GROOM_PAYMENT_METHODS, MAX_BILL_LINE_CENTS, MAX_BILL_LINE_TEXT, TYPED_BILL_LINE_KINDS } from "~/domain/bill-lines";

/** The desk's forms for the bill at check-out and a groom's payment (ADR 0192): one schema each, for the page and the server. */

const AMOUNT_TYPED = "Enter the amount in dollars, like 25 or 25.50";

/** A line the desk types: its kind, what it is for (a discount's reason), and a positive amount up to MAX_BILL_LINE_CENTS. */
export const billLineForm = z
  .object({
    intent: z.literal("billLine"),
    stayId: idField("Choose a stay"),
    kind: z.enum(TYPED_BILL_LINE_KINDS, "Choose what the line is for"),
    description: z.string().trim().max(120, "Keep the description to 120 characters").optional(),
    amount: moneyField({
      missing: "Enter the amount",
      invalid: AMOUNT_TYPED,
      min: { cents: 1, message: "Enter an amount above $0.00" },
      max: { cents: MAX_BILL_LINE_CENTS, message: `One line is at most ${MAX_BILL_LINE_TEXT}` },
    }),
  })
  .refine((f) => f.kind !== "discount" || Boolean(f.description), { message: "Say why the discount is given", path: ["description"] });
export type BillLineInput = z.output<typeof billLineForm>;

/** A line the desk added by mistake, removed before check-out (ADR 0199). */
export const billLineRemovalForm = z.object({
  intent: z.literal("removeLine"),
  stayId: idField("Choose a stay"),
  lineId: idField("Choose a line"),
});

/** A groom of the stay's household done during the stay, added to the bill at its price. */
export const groomBillForm = z.object({
  intent: z.literal("groomLine"),
  stayId: idField("Choose a stay"),
  appointmentId: idField("Choose a groom"),
});

/** A groom paid at the desk on its own: its price, by card (the salon's terminal), cash or a check. */
export const groomPaymentForm = z
  .object({
    intent: z.literal("groomPayment"),
    appointmentId: idField("Choose a groom"),
    method: z.enum(GROOM_PAYMENT_METHODS, "Choose card, cash or check"),
    checkNumber: z.string().trim().max(30, "Keep the check's number under 30 characters").optional(),
  })
  .refine((f) => f.method !== "check" || Boolean(f.checkNumber), { message: "Enter the check's number", path: ["checkNumber"] });
export type GroomPaymentInput = z.output<typeof groomPaymentForm>;
