import type { SiteBusiness } from "~/features/content/site-content";
import { formatCents } from "~/lib/money";
import { formatBusinessDate, formatCalendarDayWeekday } from "~/lib/business-time";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

export interface GuaranteeRefundMailInput {
  to: string;
  amountCents: number;
  /** The part given back in cash at the desk (a balance paid in cash or by check); the rest goes to the card. */
  atDeskCents?: number;
  stay: { checkIn: string; checkOut: string };
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** Our satisfaction guarantee kept: the refund staff gave for a stay is on its way to the card. */
export function guaranteeRefundMail({ to, amountCents, atDeskCents = 0, stay, business, siteUrl }: GuaranteeRefundMailInput): MailMessage {
  const amount = formatCents(amountCents);
  const dates = `${formatCalendarDayWeekday(stay.checkIn)} – ${formatCalendarDayWeekday(stay.checkOut)}`;
  const subject = `Your refund of ${amount} is on its way`;
  const sorry = `We're sorry your cat's stay (${dates}) was not all it should have been.`;
  const cardCents = amountCents - atDeskCents;
  const intro =
    atDeskCents === 0
      ? `${sorry} Under our satisfaction guarantee we are refunding ${amount} to the card you paid with; your bank usually shows it within 5 to 10 days.`
      : cardCents === 0
        ? `${sorry} Under our satisfaction guarantee we have given you back ${amount} at the desk.`
        : `${sorry} Under our satisfaction guarantee we are refunding ${amount}: ${formatCents(cardCents)} to the card you paid with, which your bank usually shows within 5 to 10 days, and ${formatCents(atDeskCents)} given back at the desk.`;
  return guaranteeMessage({ to, subject, intro, business, siteUrl, reason: "You received this e-mail because you booked a stay on our website." });
}

export interface GroomGuaranteeMailInput {
  to: string;
  amountCents: number;
  method: "cash" | "check";
  groom: { serviceTitle: string; catNames: string; startsAt: Date };
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** Our satisfaction guarantee kept for a groom (ADR 0166): what staff gave back at the desk, confirmed by mail. */
export function groomGuaranteeMail({ to, amountCents, method, groom, business, siteUrl }: GroomGuaranteeMailInput): MailMessage {
  const amount = formatCents(amountCents);
  const subject = `Your satisfaction guarantee refund of ${amount}`;
  const what = `${groom.serviceTitle}${groom.catNames ? ` for ${groom.catNames}` : ""} on ${formatBusinessDate(groom.startsAt)}`;
  const intro = `We're sorry your cat's groom (${what}) was not all it should have been. Under our satisfaction guarantee we have given you back ${amount} at the desk${method === "check" ? " by check" : " in cash"}. This e-mail confirms it.`;
  return guaranteeMessage({ to, subject, intro, business, siteUrl, reason: "You received this e-mail because you booked a groom on our website or with us." });
}

/** A guarantee's mail, for a stay or a groom: the subject as its heading, what we did, and who to call. */
function guaranteeMessage(m: {
  to: string;
  subject: string;
  intro: string;
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
  reason: string;
}): MailMessage {
  const c = mailColors;
  const { to, subject, intro, business, siteUrl } = m;
  const text = [subject, "", intro, "", `Questions? Call us at ${business.phone.display}.`, "", `${business.name} — ${siteUrl}`].join("\n");
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<p style="margin:0;">Questions? Call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a>.</p>`;
  return { to, subject, text, html: mailLayout({ preheader: subject, body, siteUrl, reason: m.reason }) };
}
