import { business } from "~/content/business";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

export interface SignInMailInput {
  to: string;
  link: string;
  code: string;
  validMinutes: number;
  siteUrl: string;
}

/** The sign-in mail: a button with the link, and the code for signing in on another device. */
export function signInMail({ to, link, code, validMinutes, siteUrl }: SignInMailInput): MailMessage {
  const c = mailColors;
  const subject = `Your sign-in link for ${business.name}`;
  const text = [
    `Hello from ${business.name}!`,
    "",
    "Use this link to sign in (no password needed):",
    link,
    "",
    `Signing in on another device? Enter this code there: ${code}`,
    "",
    `The link and the code work once, for ${validMinutes} minutes.`,
    "If you did not ask to sign in, you can ignore this e-mail: nothing happens without the link or the code.",
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");

  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">Sign in to ${escapeHtml(business.name)}</h1>
<p style="margin:0 0 24px;">Hello! Tap the button below to sign in as <strong>${escapeHtml(to)}</strong>. No password needed.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;"><tr><td style="border-radius:999px;background:${c.accent};">
  <a href="${escapeHtml(link)}" style="display:inline-block;padding:14px 32px;border-radius:999px;font-size:17px;font-weight:700;color:${c.brandDark};text-decoration:none;">Sign in</a>
</td></tr></table>
<p style="margin:0 0 8px;color:${c.muted};font-size:14px;">Signing in on another device? Enter this code there:</p>
<p style="margin:0 0 24px;"><span style="display:inline-block;padding:12px 20px;border-radius:12px;background:${c.brandTint};font-family:'SFMono-Regular',Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:6px;color:${c.brand};">${escapeHtml(code)}</span></p>
<p style="margin:0 0 8px;color:${c.muted};font-size:14px;">The link and the code work once, for ${validMinutes} minutes. If the button does not work, paste this address into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all;"><a href="${escapeHtml(link)}" style="color:${c.brand};">${escapeHtml(link)}</a></p>
<p style="margin:0;color:${c.muted};font-size:14px;">Did not ask to sign in? Ignore this e-mail: nothing happens without the link or the code.</p>`;

  return { to, subject, text, html: mailLayout({ preheader: `Your sign-in link works once, for ${validMinutes} minutes.`, body, siteUrl }) };
}
