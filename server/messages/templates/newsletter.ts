import type { SiteBusiness } from "~/features/content/site-content";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

export interface NewsletterWelcomeMailInput {
  to: string;
  /** The address's own link (`/unsubscribe?token=…`): opening it changes nothing, its button stops the newsletter. */
  unsubscribeUrl: string;
  business: Pick<SiteBusiness, "name">;
  siteUrl: string;
}

/** The welcome an address gets once, when it first signs up for the newsletter on the home page. */
export function newsletterWelcomeMail({ to, unsubscribeUrl, business, siteUrl }: NewsletterWelcomeMailInput): MailMessage {
  const c = mailColors;
  const subject = `Welcome to the ${business.name} newsletter`;
  const stop = "Don't want the newsletter? Unsubscribe";
  const text = [
    "Thank you for subscribing!",
    "",
    "We'll keep you updated on all things cat-related.",
    "",
    "You signed up for our newsletter on our website. If it was not you, unsubscribe below and you will hear no more from us.",
    "",
    `${stop}: ${unsubscribeUrl}`,
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");

  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">Thank you for subscribing!</h1>
<p style="margin:0 0 16px;">We'll keep you updated on all things cat-related.</p>
<p style="margin:0 0 16px;color:${c.muted};font-size:14px;">You signed up for our newsletter on our website. If it was not you, unsubscribe below and you will hear no more from us.</p>
<p style="margin:0;color:${c.muted};font-size:13px;">${escapeHtml(stop)}: <a href="${escapeHtml(unsubscribeUrl)}" style="color:${c.brand};">unsubscribe</a>.</p>`;

  return {
    to,
    subject,
    text,
    html: mailLayout({
      preheader: "We'll keep you updated on all things cat-related.",
      body,
      siteUrl,
      reason: "You received this e-mail because this address signed up for our newsletter on our website.",
    }),
  };
}
