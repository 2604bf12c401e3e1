import { type z } from "~/lib/zod";
import { type BookStayInput, bookStayForm, stayCatsForm, stayDatesForm, stayNewDatesForm, waitlistRequest } from "~/features/stays/schema";
import type { Db } from "../db/client";
import { parseBody } from "../http/validation";
import { bookStay } from "../stays/book";
import { changeStayCats, quoteStayCats } from "../stays/change-cats";
import { changeStayDates, quoteStayChange } from "../stays/change-dates";
import { quoteStay } from "../stays/quote";
import { joinWaitlist } from "../stays/waitlist";

/**
 * Books, quotes, changes or waits as the pages' actions do: the form's input parsed by its schema
 * first (input it refuses is the 400 the page shows by the field), then the domain function with
 * what it parsed.
 */
export async function bookStayFromForm(db: Db, userId: string, input: BookStayInput, ctx: Parameters<typeof bookStay>[3]) {
  return bookStay(db, userId, parseBody(bookStayForm, input), ctx);
}

export async function quoteStayFromForm(db: Db, userId: string, input: { checkIn: string; checkOut: string; catIds: string[] }, now?: Date) {
  return quoteStay(db, userId, parseBody(stayDatesForm, input), now ?? new Date());
}

export async function joinWaitlistFromForm(db: Db, userId: string, input: z.input<typeof waitlistRequest>, now: Date) {
  return joinWaitlist(db, userId, parseBody(waitlistRequest, input), now);
}

export async function quoteStayChangeFromForm(db: Db, userId: string, input: z.input<typeof stayNewDatesForm>, now: Date) {
  return quoteStayChange(db, userId, parseBody(stayNewDatesForm, input), now);
}

export async function changeStayDatesFromForm(db: Db, userId: string, input: z.input<typeof stayNewDatesForm>, ctx: Parameters<typeof changeStayDates>[3]) {
  return changeStayDates(db, userId, parseBody(stayNewDatesForm, input), ctx);
}

export async function quoteStayCatsFromForm(db: Db, userId: string, input: z.input<typeof stayCatsForm>, now: Date) {
  return quoteStayCats(db, userId, parseBody(stayCatsForm, input), now);
}

export async function changeStayCatsFromForm(db: Db, userId: string, input: z.input<typeof stayCatsForm>, ctx: Parameters<typeof changeStayCats>[3]) {
  return changeStayCats(db, userId, parseBody(stayCatsForm, input), ctx);
}
