import type { SiteBusiness } from "~/features/content/site-content";
import { formatCents } from "~/lib/money";
import { type ReceiptFigures, receiptNumberText, receiptRows } from "~/domain/receipt";
import { formatCalendarDayWeekday } from "~/lib/business-time";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

const REASON = "You received this e-mail because you booked a stay on our website.";
const datesOf = (stay: { checkIn: string; checkOut: string }) => `${formatCalendarDayWeekday(stay.checkIn)} – ${formatCalendarDayWeekday(stay.checkOut)}`;

export interface BalanceLinkMailInput {
  to: string;
  amountCents: number;
  url: string;
  stay: { checkIn: string; checkOut: string };
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** The link to pay a stay's balance by card, sent when the desk starts the payment (ADR 0154). */
export function balanceLinkMail({ to, amountCents, url, stay, business, siteUrl }: BalanceLinkMailInput): MailMessage {
  const c = mailColors;
  const amount = formatCents(amountCents);
  const subject = `Pay the balance of your stay: ${amount}`;
  const intro = `The balance of your cat's stay (${datesOf(stay)}) is ${amount}. Pay it by card on the payment page:`;
  const text = [subject, "", intro, url, "", `Questions? Call us at ${business.phone.display}.`, "", `${business.name} — ${siteUrl}`].join("\n");
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(url)}" style="color:${c.brand};font-weight:700;">Pay ${escapeHtml(amount)} by card</a></p>
<p style="margin:0;">Questions? Call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a>.</p>`;
  return { to, subject, text, html: mailLayout({ preheader: subject, body, siteUrl, reason: REASON }) };
}

export interface OwedReminderMailInput {
  to: string;
  amountCents: number;
  stay: { checkIn: string; checkOut: string };
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** The reminder of a balance still owed some days after check-out (ADR 0182): paid by card from My Trips. */
export function owedReminderMail({ to, amountCents, stay, business, siteUrl }: OwedReminderMailInput): MailMessage {
  const c = mailColors;
  const amount = formatCents(amountCents);
  const tripsUrl = `${siteUrl}/trips`;
  const subject = `A balance of ${amount} is still owed`;
  const intro = `The balance of your cat's stay (${datesOf(stay)}) is still owed: ${amount}. Pay it by card from My Trips:`;
  const text = [subject, "", intro, tripsUrl, "", `Questions? Call us at ${business.phone.display}.`, "", `${business.name} — ${siteUrl}`].join("\n");
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(tripsUrl)}" style="color:${c.brand};font-weight:700;">Pay ${escapeHtml(amount)} on My Trips</a></p>
<p style="margin:0;">Questions? Call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a>.</p>`;
  return { to, subject, text, html: mailLayout({ preheader: subject, body, siteUrl, reason: REASON }) };
}

export interface ReceiptMailInput {
  to: string;
  number: number;
  figures: ReceiptFigures;
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** The itemised receipt sent at check-out (ADR 0154): the same rows as its PDF on My Trips. */
export function receiptMail({ to, number, figures, business, siteUrl }: ReceiptMailInput): MailMessage {
  const c = mailColors;
  const subject = `Your receipt ${receiptNumberText(number)}: ${datesOf(figures)}`;
  const intro = `Thank you for staying with us. Here is the receipt for your cat's stay (${datesOf(figures)}). The PDF is on My Trips.`;
  const rows = receiptRows(figures);
  const tripsUrl = `${siteUrl}/trips`;
  const text = [
    subject,
    "",
    intro,
    "",
    ...rows.map((r) => `${r.label}: ${formatCents(r.cents)}`),
    "",
    `My Trips: ${tripsUrl}`,
    `Questions? Call us at ${business.phone.display}.`,
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");
  const rule = `border-top:1px solid ${c.brandTint};`;
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;${rule}">
${rows
  .map((r) => {
    const style = r.total ? `padding:6px 0;font-weight:700;${rule}` : "padding:6px 0;";
    return `<tr><td style="${style}">${escapeHtml(r.label)}</td><td align="right" style="${style}">${formatCents(r.cents)}</td></tr>`;
  })
  .join("\n")}
</table>
<p style="margin:0 0 16px;"><a href="${escapeHtml(tripsUrl)}" style="color:${c.brand};font-weight:700;">See My Trips</a></p>
<p style="margin:0;">Questions? Call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a>.</p>`;
  return { to, subject, text, html: mailLayout({ preheader: subject, body, siteUrl, reason: REASON }) };
}
