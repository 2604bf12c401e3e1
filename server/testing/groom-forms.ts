import { type z } from "~/lib/zod";
import { bookGroomForm, groomDayForm } from "~/features/grooming/schema";
import type { Db } from "../db/client";
import { bookGroom, quoteGroom } from "../grooming/grooming";
import { parseBody } from "../http/validation";

/**
 * Quotes or books a groom as /book/groom does: the form's input parsed by its schema first (input it
 * refuses is the 400 the page shows by the field), then the domain function with what it parsed.
 */
export async function quoteGroomFromForm(db: Db, userId: string, input: z.input<typeof groomDayForm>, now: Date) {
  return quoteGroom(db, userId, parseBody(groomDayForm, input), now);
}

export async function bookGroomFromForm(
  db: Db,
  user: { id: string; email: string },
  input: z.input<typeof bookGroomForm>,
  ctx: Parameters<typeof bookGroom>[3],
) {
  return bookGroom(db, user, parseBody(bookGroomForm, input), ctx);
}
