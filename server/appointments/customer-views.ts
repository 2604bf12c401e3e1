import { and, asc, desc, gte, lt } from "drizzle-orm";
import { serviceTitle } from "~/domain/service-catalogue";
import { toAppointmentView } from "~/domain/appointment-view";
import type { KeysetPageQuery } from "~/lib/keyset-cursor";
import type { Db } from "../db/client";
import { beyond, cursorOf } from "../db/keyset";
import { appointments } from "../db/schema/index";
import { ownedBy } from "../db/owned";
import { type CustomerActor, isAppointment } from "./appointments";

/** Past appointments per page of /appointments. */
export const PAST_PAGE_SIZE = 20;

/**
 * /appointments with its past paged: every upcoming appointment (soonest first) and one page of
 * past ones, latest first, starting after `before` (the `older` of the previous page, as
 * `keysetPageQuerySchema` parsed it). `older` is null when nothing older is left. Keyset pages over (starts_at, id) on
 * the household's (household_id, starts_at) index, ADR 0115: a customer with 300 visits gets 20.
 */
export async function listCustomerAppointmentsPage(
  db: Db,
  actor: CustomerActor,
  { before }: Pick<KeysetPageQuery, "before">,
  now: Date,
  pageSize = PAST_PAGE_SIZE,
) {
  const t = appointments;
  const mine = and(ownedBy(appointments.householdId, actor.userId), isAppointment);
  const [upcoming, past] = await Promise.all([
    db
      .select()
      .from(t)
      .where(and(mine, gte(t.startsAt, now)))
      .orderBy(asc(t.startsAt), asc(t.id)),
    db
      .select({ row: t, cursor: cursorOf(t.startsAt, t.id).mapWith(String) })
      .from(t)
      .where(and(mine, lt(t.startsAt, now), beyond(before ? { before } : null, t.startsAt, t.id)))
      .orderBy(desc(t.startsAt), desc(t.id))
      .limit(pageSize + 1),
  ]);
  const page = past.slice(0, pageSize);
  const view = (row: typeof t.$inferSelect) => toAppointmentView(row, serviceTitle);
  return {
    upcoming: upcoming.map(view),
    past: page.map((p) => view(p.row)),
    older: past.length > pageSize ? page.at(-1)!.cursor : null,
  };
}
