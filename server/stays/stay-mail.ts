import { and, eq, sql } from "drizzle-orm";
import type { SiteBusiness } from "~/features/content/site-content";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { households, stayEvents, stays, users } from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import { queueMail } from "../mail/queue";
import { type StayMailKind, stayMail, stayText } from "../messages/catalogue";
import { queueSms } from "../telephony/sms-queue";
import type { StayView } from "~/domain/stay-view";
import { stayViews } from "./views";
import { inTransaction, type Tx } from "../db/transaction";

export type { StayMailKind };

/**
 * Queues the mail about a stay's latest change, to the household's sign-in address, and the text
 * about it when the household gave a mobile number, in the caller's transaction (ADR 0126, 0129).
 * `business`: the published business details when the caller read them already (outside its
 * transaction, from the content cache, which a transaction's handle misses); read here otherwise.
 */
export async function queueStayMail(db: Tx, stayId: string, kind: StayMailKind, siteUrl: string, now: Date, business?: SiteBusiness) {
  const [row] = await db
    .select({ stay: stays, email: users.email, mobilePhone: households.mobilePhone })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .innerJoin(users, eq(users.id, households.userId))
    .where(eq(stays.id, stayId));
  if (!row) return;
  const [view] = await stayViews(db, [row.stay]);
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stayEvents)
    .where(eq(stayEvents.stayId, stayId))) as [{ count: number }];
  business ??= (await loadSiteContent(db)).business;
  await queueStayMessages(db, { view: view!, kind, email: row.email, mobilePhone: row.mobilePhone, eventCount: count, business, siteUrl, now });
}

/**
 * Queues a stay's mail (and text) from what the caller holds already, in its transaction: a booking
 * that has just written the stay passes its view and the household's addresses, so the winner of a
 * rush reads nothing more while it holds the suite type's lock (ADR 0198).
 */
export async function queueStayMessages(
  db: Tx,
  input: {
    view: StayView;
    kind: StayMailKind;
    email: string;
    mobilePhone: string | null;
    eventCount: number;
    business: SiteBusiness;
    siteUrl: string;
    now: Date;
  },
) {
  const { view, kind, business, siteUrl, now } = input;
  // A change's message is keyed by the stay's event count; the arrival reminder is one per stay.
  const dedupeKey = kind === "reminder" ? `stay:${view.id}:reminder` : `stay:${view.id}:${kind}:${input.eventCount}`;
  await queueMail(
    db,
    { dedupeKey, stayId: view.id, message: stayMail({ kind, to: input.email, stay: view, sequence: input.eventCount, business, siteUrl, now }) },
    now,
  );
  if (input.mobilePhone) await queueSms(db, { dedupeKey, stayId: view.id, to: input.mobilePhone, body: stayText(kind, view, business, siteUrl) }, now);
}

/**
 * Queues the reminder of every confirmed stay that arrives in two days. The queue's key makes it one
 * mail per stay, however often and in however many processes this runs.
 */
export async function queueArrivalReminders(db: Db, siteUrl: string, now: Date): Promise<number> {
  const arriving = await db
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.status, "confirmed"), eq(stays.checkIn, addBusinessDays(businessDate(now), 2))));
  for (const { id } of arriving) await inTransaction(db, (tx) => queueStayMail(tx, id, "reminder", siteUrl, now));
  return arriving.length;
}
