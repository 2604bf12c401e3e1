import type { SiteBusiness } from "~/features/content/site-content";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

/**
 * The day's pickup code by e-mail, for an owner whose mobile replied STOP to our texts (ADR 0191):
 * the code the text would have carried. Queued sealed, as a one-time secret is.
 */
export function pickupCodeMail(input: {
  to: string;
  business: Pick<SiteBusiness, "name" | "phone">;
  catNames: string;
  code: string;
  siteUrl: string;
}): MailMessage {
  const { to, business, catNames, code, siteUrl } = input;
  const c = mailColors;
  const subject = `Your pickup code for ${catNames} today`;
  const text = [
    `The pickup code for ${catNames} today is ${code}.`,
    "Show it at the desk when you collect your cat. It works today only.",
    "",
    `We e-mail it because your mobile replied STOP to our texts. Reply START to ${business.phone.display} to get texts again.`,
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">Your pickup code for ${escapeHtml(catNames)}</h1>
<p style="margin:0 0 24px;"><span style="display:inline-block;padding:12px 20px;border-radius:12px;background:${c.brandTint};font-family:'SFMono-Regular',Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:6px;color:${c.brand};">${escapeHtml(code)}</span></p>
<p style="margin:0 0 16px;">Show it at the desk when you collect your cat. It works today only.</p>
<p style="margin:0;color:${c.muted};font-size:14px;">We e-mail it because your mobile replied STOP to our texts. Reply START to ${escapeHtml(business.phone.display)} to get texts again.</p>`;
  return {
    to,
    subject,
    text,
    html: mailLayout({
      preheader: `The pickup code for ${catNames} today.`,
      body,
      siteUrl,
      reason: "You received this e-mail because your cat is leaving our hotel today.",
    }),
  };
}
