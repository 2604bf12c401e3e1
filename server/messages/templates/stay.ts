import type { SiteBusiness } from "~/features/content/site-content";
import { formatCents } from "~/lib/money";
import { type StayView, cancellationTerms, nightsText, windowsText } from "~/domain/stay-view";
import { addBusinessDays, formatBusinessLongDateTime, formatCalendarDayWeekday } from "~/lib/business-time";
import { icsFile } from "../ics";
import type { MailMessage } from "../../mail/mailer";
import { bookingMailParts, escapeHtml, mailColors, mailLayout } from "./layout";

export type StayMailKind = "confirmed" | "pending_review" | "changed" | "cancelled" | "declined" | "offered" | "reminder";

export interface StayMailInput {
  kind: StayMailKind;
  to: string;
  stay: StayView;
  /** Raised with each mail about the stay, so a calendar replaces its event. */
  sequence: number;
  business: Pick<SiteBusiness, "name" | "phone" | "address">;
  siteUrl: string;
  now: Date;
}

const HEADINGS: Record<StayMailKind, (s: StayView) => { subject: string; heading: string; intro: string }> = {
  confirmed: (s) => ({
    subject: `Your stay is confirmed: ${formatCalendarDayWeekday(s.checkIn)} – ${formatCalendarDayWeekday(s.checkOut)}`,
    heading: "Your stay is confirmed",
    intro: "Thank you for booking with us. Your suite is reserved:",
  }),
  pending_review: (s) => ({
    subject: `We're holding your stay: ${formatCalendarDayWeekday(s.checkIn)} – ${formatCalendarDayWeekday(s.checkOut)}`,
    heading: "Your suite is held while we check a vaccine record",
    intro: "Your suite is held. Our team checks the vaccine record you uploaded and confirms the stay by e-mail, usually within a day:",
  }),
  changed: (s) => ({
    subject: `Your stay has changed: ${formatCalendarDayWeekday(s.checkIn)} – ${formatCalendarDayWeekday(s.checkOut)}`,
    heading: "Your stay has changed",
    intro: "Here is your stay as it is now:",
  }),
  cancelled: (s) => ({
    subject: `Your stay is cancelled: ${formatCalendarDayWeekday(s.checkIn)} – ${formatCalendarDayWeekday(s.checkOut)}`,
    heading: "Your stay is cancelled",
    intro: "As you asked, we have cancelled this stay:",
  }),
  offered: (s) => ({
    subject: `A suite is free for your dates: ${formatCalendarDayWeekday(s.checkIn)} – ${formatCalendarDayWeekday(s.checkOut)}`,
    heading: "A suite is free for your dates",
    intro: `You're on our waitlist, and a suite has freed up. We're holding it for you until ${s.offerExpiresAt ? formatBusinessLongDateTime(new Date(s.offerExpiresAt)) : "tomorrow"}. Accept it on My Trips:`,
  }),
  reminder: (s) => ({
    subject: `See you ${formatCalendarDayWeekday(s.checkIn)}: check-in ${windowsText(s.arrivalWindows)}`,
    heading: "Your cats' stay starts soon",
    intro: `We're getting the suite ready. Check-in is on ${formatCalendarDayWeekday(s.checkIn)}, ${windowsText(s.arrivalWindows)}. Please bring your cats' food if they have a special diet, any medications in their original packaging with the dose written down, and a favourite blanket or toy if you like. Here is your stay:`,
  }),
  declined: (s) => ({
    subject: `We couldn't confirm your stay: ${formatCalendarDayWeekday(s.checkIn)} – ${formatCalendarDayWeekday(s.checkOut)}`,
    heading: "We couldn't confirm your stay",
    intro:
      "Our team could not accept the vaccine record this stay needed, so the suite has been released. Please upload a current record on My Cats and book again, or call us:",
  }),
};

/** The facts of a stay, one per line, shared by the text and HTML parts. */
function facts(stay: StayView): [string, string][] {
  return [
    ["Check-in", `${formatCalendarDayWeekday(stay.checkIn)}, ${windowsText(stay.arrivalWindows)}`],
    ["Check-out", `${formatCalendarDayWeekday(stay.checkOut)}, ${windowsText(stay.departureWindows)}`],
    ["Nights", nightsText(stay.nights)],
    ["Cats", stay.catNames.join(", ")],
    ["Suite", stay.suites.map((s) => `${s.typeName} (${s.name})`).join(", ")],
  ];
}

/** A mail about a stay: what was booked, the itemised price, the cancellation terms, and the calendar file. */
export function stayMail({ kind, to, stay, sequence, business, siteUrl, now }: StayMailInput): MailMessage {
  const c = mailColors;
  const { subject, heading, intro } = HEADINGS[kind](stay);
  const tripsUrl = `${siteUrl}/trips`;
  const address = `${business.address.street}, ${business.address.city}, ${business.address.region} ${business.address.postalCode}`;
  const priceLines = stay.priceLines.map((l) => `${l.label}: ${formatCents(l.cents)}`);
  const terms = cancellationTerms(stay.cancellationTiers, formatCents);
  const fee = kind === "cancelled" ? `Cancellation fee: ${formatCents(stay.cancellationFeeCents ?? 0)}` : kind === "declined" ? "Nothing is charged." : null;
  // What was paid towards the stay, and what goes back to the card (ADR 0132).
  const payment = [
    ...(stay.paidCents > 0 ? [`Deposit paid: ${formatCents(stay.paidCents)}`] : []),
    ...(stay.refundedCents > 0 ? [`Refund to your card: ${formatCents(stay.refundedCents)}`] : []),
  ];

  const text = [
    heading,
    "",
    intro,
    "",
    ...facts(stay).map(([k, v]) => `${k}: ${v}`),
    "",
    ...priceLines,
    `Total: ${formatCents(stay.totalCents)}`,
    ...payment,
    ...(fee ? ["", fee] : ["", ...terms]),
    "",
    `See or change your stay: ${tripsUrl}`,
    `Questions? Call us at ${business.phone.display}.`,
    "",
    `${business.name}, ${address}`,
  ].join("\n");

  const parts = bookingMailParts;
  const body = `${parts.opening(heading, intro)}
${parts.facts(facts(stay))}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-top:1px solid ${c.brandTint};">
${stay.priceLines.map((l) => `<tr><td style="padding:6px 0;">${escapeHtml(l.label)}</td><td align="right" style="padding:6px 0;">${formatCents(l.cents)}</td></tr>`).join("")}
<tr><td style="padding:6px 0;font-weight:700;border-top:1px solid ${c.brandTint};">Total</td><td align="right" style="padding:6px 0;font-weight:700;border-top:1px solid ${c.brandTint};">${formatCents(stay.totalCents)}</td></tr>
</table>
${payment.map((t) => `<p style="margin:0 0 8px;font-weight:700;">${escapeHtml(t)}</p>`).join("")}
${(fee ? [fee] : terms).map((t) => `<p style="margin:0 0 8px;">${escapeHtml(t)}</p>`).join("")}
${parts.button(tripsUrl, "See My Trips")}
${parts.callUs(business.phone)}`;

  const ics = icsFile({
    uid: `stay-${stay.id}@${new URL(siteUrl).hostname}`,
    sequence,
    cancelled: kind === "cancelled" || kind === "declined",
    startDate: stay.checkIn,
    endDate: addBusinessDays(stay.checkOut, 1),
    summary: `${stay.catNames.join(" & ")} at ${business.name}`,
    description: text,
    location: address,
    url: tripsUrl,
    now,
  });

  return {
    to,
    subject,
    text,
    html: mailLayout({ preheader: subject, body, siteUrl, reason: "You received this e-mail because you booked a stay on our website." }),
    // An offer is not a booking yet: its calendar event comes with the confirmation.
    attachments: kind === "offered" ? [] : [{ filename: "stay.ics", contentType: "text/calendar; charset=utf-8", content: ics }],
  };
}
