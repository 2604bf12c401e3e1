import { type SQLWrapper, and, eq, sql } from "drizzle-orm";
import type { SiteBusiness } from "~/features/content/site-content";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { households, stayEvents, stays, users } from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import { mailInsert, mailQueuedIn, queueMail } from "../mail/queue";
import { type StayMailKind, stayMail, stayText } from "../messages/catalogue";
import { queueSms, smsInsertUnlessOptedOut, smsQueuedIn } from "../telephony/sms-queue";
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

interface StayMessagesInput {
  view: StayView;
  kind: StayMailKind;
  email: string;
  mobilePhone: string | null;
  eventCount: number;
  business: SiteBusiness;
  siteUrl: string;
  now: Date;
}

/** A stay's mail, and its text when the household gave a mobile number, as the queues take them. */
function stayMessages(input: StayMessagesInput) {
  const { view, kind, business, siteUrl, now } = input;
  // A change's message is keyed by the stay's event count; the arrival reminder is one per stay.
  const dedupeKey = kind === "reminder" ? `stay:${view.id}:reminder` : `stay:${view.id}:${kind}:${input.eventCount}`;
  const mail = { dedupeKey, stayId: view.id, message: stayMail({ kind, to: input.email, stay: view, sequence: input.eventCount, business, siteUrl, now }) };
  const text = input.mobilePhone ? { dedupeKey, stayId: view.id, to: input.mobilePhone, body: stayText(kind, view, business, siteUrl) } : null;
  return { mail, text };
}

/**
 * Queues a stay's mail (and text) from what the caller holds already, in its transaction: a change
 * that has the stay's view and the household's addresses reads nothing more.
 */
export async function queueStayMessages(db: Tx, input: StayMessagesInput) {
  const { mail, text } = stayMessages(input);
  await queueMail(db, mail, input.now);
  if (text) await queueSms(db, text, input.now);
}

/**
 * `queueStayMessages`' writes, not yet sent, for the statement that writes the stay itself
 * (`writeTogether`): a booking that has just priced its stay queues its mail and text in the same
 * round trip, so the winner of a rush neither reads nor sends anything more for them while it holds
 * the suite type's lock (ADR 0198, 0223). `queued` takes what each wrote: a text the number's opt-out
 * kept out is then written withheld by `queueSms` (one statement more, for a number that replied STOP).
 */
export function stayMessageWrites(tx: Tx, input: StayMessagesInput) {
  const { mail, text } = stayMessages(input);
  const writes: Record<string, SQLWrapper> = { stay_mail: mailInsert(tx, mail, input.now) };
  if (text) writes.stay_text = smsInsertUnlessOptedOut(text, input.now);
  return {
    writes,
    async queued(wrote: Record<string, number>) {
      if ((wrote.stay_mail ?? 0) > 0) mailQueuedIn(tx, mail);
      if (!text) return;
      if ((wrote.stay_text ?? 0) > 0) smsQueuedIn(tx);
      else await queueSms(tx, text, input.now);
    },
  };
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
