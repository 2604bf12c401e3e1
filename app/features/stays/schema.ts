import { ARRANGEMENTS, type Arrangement } from "~/domain/stay-wording";
import { idField } from "~/lib/ids";
import { z } from "~/lib/zod";
import { calendarDateField, idListField } from "~/lib/validation";

/**
 * The stay forms' schemas, used by the pages (Conform, and the search parameters of the booking
 * steps) and by server/stays, so the browser and the server refuse the same input with the same words.
 */

/** What a person reads when a list of cats names one twice (a form's, or a caller's in code). */
export const CAT_REPEATED_MESSAGE = "Each cat can be chosen once.";

/** The cats a stay or a groom is for: at least one, at most 8, each once. */
export const catIdList = (missing: string) => idListField({ missing, repeated: CAT_REPEATED_MESSAGE, max: { count: 8, message: "Choose at most 8 cats" } });

export { ARRANGEMENTS, type Arrangement };

/** Step one: the dates and the cats. */
export const stayDatesForm = z.object({
  checkIn: calendarDateField("Choose a check-in date"),
  checkOut: calendarDateField("Choose a check-out date"),
  catIds: catIdList("Choose the cats who are staying"),
});
export type StayDates = z.output<typeof stayDatesForm>;

/**
 * Confirming: the dates, the cats, the suite type and how the cats share it, and the notes. Medication
 * is no choice here: it follows the cats' care plans (ADR 0194).
 */
export const bookStayForm = stayDatesForm.extend({
  suiteTypeId: idField("Choose a suite"),
  arrangement: z.enum(ARRANGEMENTS, "Choose whether your cats share a suite"),
  notes: z.string().trim().max(1000, "Keep the notes under 1000 characters").optional(),
  /** The "Claim Your Free Night" voucher's code, if the customer has one (FN-XXXXXX). */
  voucherCode: z.string().trim().max(20, "A voucher code is like FN-7KQ2MX").optional(),
});
export type BookStayInput = z.input<typeof bookStayForm>;
/** A booking as the schema hands it on: what bookStay takes (parsed once, by the page's action). */
export type BookStayRequest = z.output<typeof bookStayForm>;

export const cancelStayForm = z.object({ intent: z.literal("cancel"), stayId: idField("Choose a stay") });

/** "Pay deposit": the stay only; the amount is the one the server stored when it priced the stay. */
/** The simulated payment page's Pay button. */
export const simulatedPaymentForm = z.object({ intent: z.literal("pay") });

export const payDepositForm = z.object({ intent: z.literal("pay"), stayId: idField("Choose a stay") });

/** My Trips' "Pay by card" for a balance left unpaid at check-out (ADR 0182). */
export const payOwedForm = z.object({ intent: z.literal("payOwed"), stayId: idField("Choose a stay") });

/** A stay's new dates. */
export const stayNewDatesForm = z.object({
  stayId: idField("Choose a stay"),
  checkIn: calendarDateField("Choose a check-in date"),
  checkOut: calendarDateField("Choose a check-out date"),
});
export type StayNewDates = z.output<typeof stayNewDatesForm>;

export const changeStayForm = stayNewDatesForm.extend({ intent: z.literal("change") });

/** The cats a stay is for from now on: the household's own, at least one (the same words as booking). */
export const stayCatsForm = z.object({ stayId: idField("Choose a stay"), catIds: catIdList("Choose the cats who are staying") });
export type StayCatsRequest = z.output<typeof stayCatsForm>;

export const changeStayCatsForm = stayCatsForm.extend({ intent: z.literal("changeCats") });

export const acceptOfferForm = z.object({ intent: z.literal("accept"), stayId: idField("Choose a stay") });

/** Waiting for dates that were full: the dates and cats as booking takes them, and the days either side that would do. */
export const waitlistRequest = stayDatesForm.extend({
  flexDays: z.coerce.number().int().min(0).max(14).default(0),
});
export type WaitlistRequest = z.output<typeof waitlistRequest>;

export const joinWaitlistForm = waitlistRequest.extend({ intent: z.literal("waitlist") });

export const leaveWaitlistForm = z.object({ intent: z.literal("leaveWaitlist"), entryId: idField("Choose a waitlist entry") });
