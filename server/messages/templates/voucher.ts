import type { SiteBusiness } from "~/features/content/site-content";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

export interface VoucherMailInput {
  to: string;
  name: string;
  code: string;
  /** The published business profile: the name and phone the guest should use. */
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** The free-night voucher a new customer asked for: the code to quote when booking, and how to book. */
export function voucherMail({ to, name, code, business, siteUrl }: VoucherMailInput): MailMessage {
  const c = mailColors;
  const subject = `Your free night at ${business.name}: voucher ${code}`;
  const text = [
    `Hello ${name},`,
    "",
    `Thank you for your interest in ${business.name}. Here is your voucher for a free first night:`,
    "",
    `    ${code}`,
    "",
    "New customers stay their first night free on a stay of 3 nights or more: book with this e-mail address, or quote this code when you book.",
    `Book on our website (${siteUrl}) or call us at ${business.phone.display}.`,
    "",
    "You asked for this voucher on our website. If it was not you, ignore this e-mail.",
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");

  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">Your first night is on us</h1>
<p style="margin:0 0 16px;">Hello ${escapeHtml(name)}, thank you for your interest in ${escapeHtml(business.name)}. Here is your voucher for a free first night:</p>
<p style="margin:0 0 24px;"><span style="display:inline-block;padding:12px 20px;border-radius:12px;background:${c.brandTint};font-family:'SFMono-Regular',Consolas,monospace;font-size:26px;font-weight:700;letter-spacing:3px;color:${c.brand};">${escapeHtml(code)}</span></p>
<p style="margin:0 0 16px;">New customers stay their first night free on a stay of 3 nights or more: book with this e-mail address, or quote this code when you book.</p>
<p style="margin:0 0 24px;">Book on <a href="${escapeHtml(siteUrl)}" style="color:${c.brand};">our website</a> or call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a>.</p>
<p style="margin:0;color:${c.muted};font-size:14px;">You asked for this voucher on our website. If it was not you, ignore this e-mail.</p>`;

  return {
    to,
    subject,
    text,
    html: mailLayout({
      preheader: `Your free-night voucher: ${code}`,
      body,
      siteUrl,
      reason: "You received this e-mail because this address asked for a free-night voucher on our website.",
    }),
  };
}
