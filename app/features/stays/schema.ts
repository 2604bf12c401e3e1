import { z } from "~/lib/zod";
import { checkboxField } from "~/lib/validation";

/**
 * The stay forms' schemas, used by the pages (Conform, and the search parameters of the booking
 * steps) and by server/stays, so the browser and the server refuse the same input with the same words.
 */

export const day = (message: string) => z.string(message).regex(/^\d{4}-\d{2}-\d{2}$/, message);
export const id = (message: string) => z.string(message).uuid(message);

/** A form sends one ticked box as a string, several as a list, none at all. */
export const idList = (message: string) =>
  z
    .union([z.string(), z.array(z.string())], message)
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(id(message)).min(1, message).max(8, "Choose at most 8 cats"));

export const ARRANGEMENTS = ["together", "separate"] as const;
export type Arrangement = (typeof ARRANGEMENTS)[number];

/** Step one: the dates and the cats. */
export const stayDatesForm = z.object({
  checkIn: day("Choose a check-in date"),
  checkOut: day("Choose a check-out date"),
  catIds: idList("Choose the cats who are staying"),
});
export type StayDates = z.output<typeof stayDatesForm>;

/** Confirming: the dates, the cats, the suite type and how the cats share it, and the extras. */
export const bookStayForm = stayDatesForm.extend({
  suiteTypeId: id("Choose a suite"),
  arrangement: z.enum(ARRANGEMENTS, "Choose whether your cats share a suite"),
  medication: checkboxField(),
  notes: z.string().trim().max(1000, "Keep the notes under 1000 characters").optional(),
});
export type BookStayInput = z.input<typeof bookStayForm>;

export const cancelStayForm = z.object({ intent: z.literal("cancel"), stayId: id("Choose a stay") });

/** "Pay deposit": the stay only; the amount is the one the server stored when it priced the stay. */
/** The simulated payment page's Pay button. */
export const simulatedPaymentForm = z.object({ intent: z.literal("pay") });

export const payDepositForm = z.object({ intent: z.literal("pay"), stayId: id("Choose a stay") });

export const changeStayForm = z.object({
  intent: z.literal("change"),
  stayId: id("Choose a stay"),
  checkIn: day("Choose a check-in date"),
  checkOut: day("Choose a check-out date"),
});

/** The cats a stay is for from now on: the household's own, at least one (the same words as booking). */
export const stayCatsForm = z.object({ stayId: id("Choose a stay"), catIds: idList("Choose the cats who are staying") });
export type StayCatsInput = z.input<typeof stayCatsForm>;

export const changeStayCatsForm = stayCatsForm.extend({ intent: z.literal("changeCats") });

export const acceptOfferForm = z.object({ intent: z.literal("accept"), stayId: id("Choose a stay") });

export const WAITLIST_FLEX_DAYS = [0, 1, 2, 3, 7] as const;

export const joinWaitlistForm = stayDatesForm.extend({
  intent: z.literal("waitlist"),
  flexDays: z.coerce.number().int().min(0).max(14).default(0),
});

export const leaveWaitlistForm = z.object({ intent: z.literal("leaveWaitlist"), entryId: id("Choose a waitlist entry") });
