import type { SiteBusiness } from "~/features/content/site-content";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

export interface AccountDeletedMailInput {
  to: string;
  /** The published business profile: whom to ask if the deletion was not theirs. */
  business: Pick<SiteBusiness, "name" | "phone" | "email">;
  siteUrl: string;
}

/** The confirmation that an account and its household were deleted, and what the business keeps. */
export function accountDeletedMail({ to, business, siteUrl }: AccountDeletedMailInput): MailMessage {
  const c = mailColors;
  const subject = `Your ${business.name} account was deleted`;
  const kept =
    "We keep the record of past and booked appointments (service, dates and status) for our books, without your name, e-mail address, phone number, your cats' names or notes.";
  const text = [
    "Hello,",
    "",
    `Your account at ${business.name} was deleted, as you asked. Your household, your cats' profiles, photos, vaccine records and documents, your sign-in sessions, and the callback, voucher and newsletter requests sent with this e-mail address or your number are erased.`,
    "",
    kept,
    "",
    `If you did not ask for this, or you have a question, call us at ${business.phone.display} or write to ${business.email}. You are welcome to sign in again at any time: that starts a new, empty account.`,
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");

  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">Your account was deleted</h1>
<p style="margin:0 0 16px;">Your account at ${escapeHtml(business.name)} was deleted, as you asked. Your household, your cats' profiles, photos, vaccine records and documents, your sign-in sessions, and the callback, voucher and newsletter requests sent with this e-mail address or your number are erased.</p>
<p style="margin:0 0 16px;">${escapeHtml(kept)}</p>
<p style="margin:0;color:${c.muted};font-size:14px;">If you did not ask for this, or you have a question, call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a> or write to <a href="mailto:${escapeHtml(business.email)}" style="color:${c.brand};">${escapeHtml(business.email)}</a>. You are welcome to sign in again at any time: that starts a new, empty account.</p>`;

  return { to, subject, text, html: mailLayout({ preheader: "Your account and household data are erased.", body, siteUrl }) };
}
