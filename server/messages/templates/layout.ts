import { business } from "~/content/business";

/** Brand colours from app/app.css, inlined: mail clients ignore stylesheets. */
export const mailColors = {
  brand: "#1f5e59",
  brandDark: "#1a3f3d",
  brandTint: "#effaf8",
  accent: "#f08a3c",
  cream: "#fdf8f1",
  ink: "#1d2626",
  muted: "#55625f",
} as const;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The frame every mail shares: the business name on a teal band, a white card on cream, a quiet footer. */
export function mailLayout({
  preheader,
  body,
  siteUrl,
  reason = "You received this e-mail because someone asked to sign in with this address.",
}: {
  preheader: string;
  body: string;
  siteUrl: string;
  /** The footer's line on why this address got the mail. */
  reason?: string;
}): string {
  const c = mailColors;
  const font = "'Nunito','Segoe UI',Helvetica,Arial,sans-serif";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(business.name)}</title>
</head>
<body style="margin:0;padding:0;background:${c.cream};color:${c.ink};font-family:${font};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${c.cream};">
<tr><td align="center" style="padding:32px 16px;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">
    <tr><td style="background:${c.brand};border-radius:20px 20px 0 0;padding:24px 32px;">
      <span style="font-family:Georgia,'Times New Roman',serif;font-size:22px;font-weight:700;color:#ffffff;">${escapeHtml(business.name)}</span><br>
      <span style="font-size:13px;color:#d6f1ec;">Cat-only boarding &amp; grooming in Laguna Niguel, California</span>
    </td></tr>
    <tr><td style="background:#ffffff;border-radius:0 0 20px 20px;padding:32px;font-size:16px;line-height:1.6;">
      ${body}
    </td></tr>
    <tr><td style="padding:20px 32px;font-size:12px;line-height:1.5;color:${c.muted};text-align:center;">
      ${escapeHtml(business.name)} &middot; <a href="${escapeHtml(siteUrl)}" style="color:${c.brand};">${escapeHtml(siteUrl.replace(/^https?:\/\//, ""))}</a><br>
      ${escapeHtml(reason)}
    </td></tr>
  </table>
</td></tr>
</table>
</body>
</html>`;
}

/**
 * The parts a booking mail's card is made of (a stay's, a groom's): the heading and its opening line,
 * the facts as a two-column table, the button to the customer's page, and the line with our phone.
 */
export const bookingMailParts = {
  opening: (heading: string, intro: string) =>
    `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${mailColors.brandDark};">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>`,
  facts: (facts: [string, string][]) =>
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;">${facts
      .map(
        ([k, v]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:${mailColors.muted};vertical-align:top;">${escapeHtml(k)}</td><td style="padding:4px 0;">${escapeHtml(v)}</td></tr>`,
      )
      .join("")}</table>`,
  button: (url: string, label: string) =>
    `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;border-radius:999px;background:${mailColors.brand};color:#ffffff;font-weight:700;text-decoration:none;">${escapeHtml(label)}</a></p>`,
  callUs: (phone: { tel: string; display: string }) =>
    `<p style="margin:0;color:${mailColors.muted};font-size:14px;">Questions? Call us at <a href="tel:${escapeHtml(phone.tel)}" style="color:${mailColors.brand};">${escapeHtml(phone.display)}</a>.</p>`,
};
