import { and, eq, sql } from "drizzle-orm";
import type { SiteBusiness } from "~/features/content/site-content";
import { type StayView, windowsText } from "~/features/stays/view";
import { addBusinessDays, businessDate, formatBusinessLongDateTime, formatCalendarDayWeekday } from "~/lib/business-time";
import type { Db } from "../db/client";
import { households, stayEvents, stays, users } from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import { queueMail } from "../mail/queue";
import { type StayMailKind, stayMail } from "../mail/templates/stay";
import { queueSms } from "../telephony/sms-queue";
import { stayViews } from "./views";

export type { StayMailKind };

/** The text about a stay's latest change: short, with the business's name and where to see the stay. */
export function stayText(kind: StayMailKind, stay: StayView, business: Pick<SiteBusiness, "name" | "phone">, siteUrl: string): string {
  const dates = `${formatCalendarDayWeekday(stay.checkIn)} – ${formatCalendarDayWeekday(stay.checkOut)}`;
  const trips = `${siteUrl}/trips`;
  const cats = stay.catNames.join(" & ");
  switch (kind) {
    case "confirmed":
      return `${business.name}: ${cats}'s stay is confirmed, ${dates}. Details: ${trips}`;
    case "pending_review":
      return `${business.name}: we're holding a suite for ${cats}, ${dates}, while we check a vaccine record. We'll confirm by e-mail. ${trips}`;
    case "changed":
      return `${business.name}: ${cats}'s stay has changed. It is now ${dates}. Details: ${trips}`;
    case "cancelled":
      return `${business.name}: ${cats}'s stay, ${dates}, is cancelled. Details: ${trips}`;
    case "declined":
      return `${business.name}: we couldn't confirm ${cats}'s stay, ${dates}; the suite is released. See your e-mail or call ${business.phone.display}.`;
    case "offered":
      return `${business.name}: a suite is free for ${cats}, ${dates}. We're holding it until ${stay.offerExpiresAt ? formatBusinessLongDateTime(new Date(stay.offerExpiresAt)) : "tomorrow"}. Accept it: ${trips}`;
    case "reminder":
      return `${business.name}: see you ${formatCalendarDayWeekday(stay.checkIn)}! Check-in ${windowsText(stay.arrivalWindows)}. Questions? Call ${business.phone.display}.`;
  }
}

/**
 * Queues the mail about a stay's latest change, to the household's sign-in address, and the text
 * about it when the household gave a mobile number, in the caller's transaction (ADR 0126, 0129).
 * `business`: the published business details when the caller read them already (outside its
 * transaction, from the content cache, which a transaction's handle misses); read here otherwise.
 */
export async function queueStayMail(db: Db, stayId: string, kind: StayMailKind, siteUrl: string, now: Date, business?: SiteBusiness) {
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
  // A change's message is keyed by the stay's event count; the arrival reminder is one per stay.
  const dedupeKey = kind === "reminder" ? `stay:${stayId}:reminder` : `stay:${stayId}:${kind}:${count}`;
  await queueMail(db, { dedupeKey, stayId, message: stayMail({ kind, to: row.email, stay: view!, sequence: count, business, siteUrl, now }) }, now);
  if (row.mobilePhone) await queueSms(db, { dedupeKey, stayId, to: row.mobilePhone, body: stayText(kind, view!, business, siteUrl) }, now);
}

/**
 * Queues the reminder of every confirmed stay that arrives in two days. The queue's key makes it one
 * mail per stay, however often and in however many processes this runs.
 */
export async function queueArrivalReminders(db: Db, siteUrl: string, now = new Date()): Promise<number> {
  const arriving = await db
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.status, "confirmed"), eq(stays.checkIn, addBusinessDays(businessDate(now), 2))));
  for (const { id } of arriving) await queueStayMail(db, id, "reminder", siteUrl, now);
  return arriving.length;
}
