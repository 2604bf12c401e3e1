import { type BookStayInput, bookStayForm, stayDatesForm } from "~/features/stays/schema";
import type { Db } from "../db/client";
import { parseBody } from "../http/validation";
import { bookStay } from "../stays/book";
import { quoteStay } from "../stays/quote";

/**
 * Books or quotes as the booking page's action does: the form's input parsed by its schema first
 * (input it refuses is the 400 the page shows), then the domain function with what it parsed.
 */
export async function bookStayFromForm(db: Db, userId: string, input: BookStayInput, ctx: Parameters<typeof bookStay>[3]) {
  return bookStay(db, userId, parseBody(bookStayForm, input), ctx);
}

export async function quoteStayFromForm(db: Db, userId: string, input: { checkIn: string; checkOut: string; catIds: string[] }, now?: Date) {
  return quoteStay(db, userId, parseBody(stayDatesForm, input), now ?? new Date());
}
