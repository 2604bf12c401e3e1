import type { SiteBusiness } from "~/features/content/site-content";
import { PHONE_CODE_TTL_MINUTES } from "~/domain/phone-proof";
import { serviceTitle } from "~/domain/service-catalogue";
import { type StayView, windowsText } from "~/domain/stay-view";
import { formatCents } from "~/lib/money";
import { businessDate, formatBusinessDateTime, formatBusinessLongDateTime, formatBusinessTime, formatCalendarDayWeekday } from "~/lib/business-time";
import type { StayMailKind } from "./templates/stay";

/**
 * The catalogue of everything the app says by mail or text (ADR 0143): plain functions from what a
 * message is about to its words. Every caller takes its wording from here; the mails' HTML and
 * calendar files are built by the templates beside this file, which only this module exports.
 */

// ---- mails -----------------------------------------------------------------------------------

export { accountDeletedMail } from "./templates/account-deleted";
export { checkInReminderMail } from "./templates/check-in";
export { type DiaryEntry, careDiaryMail } from "./templates/diary";
export { balanceLinkMail, owedReminderMail, receiptMail } from "./templates/balance";
export { type GroomMailKind, groomMail } from "./templates/groom";
export { groomGuaranteeMail, guaranteeRefundMail } from "./templates/guarantee";
export { incidentMail } from "./templates/incident";
export { pickupCodeMail } from "./templates/pickup-code";
export { signInMail } from "./templates/sign-in";
export { type StayMailKind, stayMail } from "./templates/stay";
export { firstNightFreeMail, referralEarnedMail } from "./templates/referral";
export { reviewRequestMail } from "./templates/review-request";
export { recordExpiryMail, recordRejectedMail } from "./templates/vaccine-records";
export { newsletterWelcomeMail } from "./templates/newsletter";
export { voucherMail } from "./templates/voucher";

// ---- texts -----------------------------------------------------------------------------------

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

/** The text that carries the code proving a mobile number is the account holder's (ADR 0140). */
export const phoneCodeText = (business: Pick<SiteBusiness, "name">, code: string) =>
  `${business.name}: ${code} is your code to verify this number on your account. It works for ${PHONE_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this text.`;

/** The day-before appointment reminder, with the business's published name and phone. */
export const dayBeforeReminderText = (business: Pick<SiteBusiness, "name" | "phone">) => (a: { serviceId: string; catNames: string; startsAt: Date }) =>
  `Reminder from ${business.name}: ${serviceTitle(a.serviceId)}${a.catNames ? ` for ${a.catNames}` : ""} tomorrow at ` +
  `${formatBusinessTime(a.startsAt)}. Questions? Call ${business.phone.display}.`;

/**
 * The manager's text when a cat's dose is still not logged an hour after its window closed (ADR 0164):
 * with its day, since the job looks at yesterday's doses too and a medication's times repeat daily.
 */
export const doseOverdueText = (business: Pick<SiteBusiness, "name">, a: { catName: string; suite: string; medication: string; dose: string; dueAt: Date }) =>
  `${business.name} care alert: ${a.catName} (${a.suite}) has no ${a.medication}${a.dose ? ` ${a.dose}` : ""} logged for ` +
  `${formatBusinessTime(a.dueAt)} on ${formatCalendarDayWeekday(businessDate(a.dueAt))}, ` +
  `an hour past its window. Please check and acknowledge it on Today.`;
/** The manager's text for an urgent care alert (ADR 0188): the hotel, when, the cat and its suite, what and why. */
export const careAlertText = (business: Pick<SiteBusiness, "name">, a: { catName: string; suite: string; what: string; detail: string; raisedAt: Date }) =>
  `${business.name} urgent care alert, ${formatBusinessDateTime(a.raisedAt)}: ${a.catName} (${a.suite}): ${a.what}. ${a.detail} Please check and acknowledge it on Today.`;

/** The hotel owner's text when an urgent care alert is still not acknowledged 30 minutes after it was raised (ADR 0188). */
export const careAlertEscalationText = (
  business: Pick<SiteBusiness, "name">,
  a: { catName: string; suite: string; what: string; detail: string; raisedAt: Date; minutes: number },
) =>
  `${business.name}: an urgent care alert for ${a.catName} (${a.suite}), raised ${formatBusinessDateTime(a.raisedAt)}, ` +
  `is not acknowledged after ${a.minutes} minutes: ${a.what}. ${a.detail} Please call the team.`;
/** The pickup code texted on a stay's departure day to the owner and to each pickup person (ADR 0162). */
/** The owner's text when a cat is still with us at the end of its departure window (ADR 0182). */
export const overduePickupText = (business: Pick<SiteBusiness, "name" | "phone">, catNames: string, nightlyCents: number, feeCents: number) =>
  `${business.name}: ${catNames} is still with us and the pickup window has closed, so ${catNames} stays tonight. ` +
  `Each extra night is added to the stay at ${formatCents(nightlyCents)}${feeCents > 0 ? `, plus a late-pickup fee of ${formatCents(feeCents)}` : ""}. ` +
  `Call us at ${business.phone.display} to arrange pickup.`;

export const pickupCodeText = (business: Pick<SiteBusiness, "name">, catNames: string, code: string) =>
  `${business.name}: the pickup code for ${catNames} today is ${code}. Show it at the desk. Valid today only.`;
/** The text that tells the owner of an incident at once (ADR 0165); the mail sent with it has the details. */
export const incidentText = (
  business: Pick<SiteBusiness, "name" | "phone">,
  incident: { catName: string; when: string; vetCalled: boolean; stayUrl: string },
) =>
  `${business.name}: an incident during ${incident.catName}'s stay (${incident.when}).${incident.vetCalled ? " A vet was called." : ""} ` +
  `Details in your e-mail and the Care log: ${incident.stayUrl}. Questions? Call ${business.phone.display}.`;

/** The answer to a text of HELP (ADR 0191): who we are, how to reach us, and how to stop the texts. */
export const helpReplyText = (business: Pick<SiteBusiness, "name" | "phone">) =>
  `${business.name}: texts about your cat's stays and appointments. Call us at ${business.phone.display}. Reply STOP to stop texts, START to get them again.`;
