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
export function mailLayout({ preheader, body, siteUrl }: { preheader: string; body: string; siteUrl: string }): string {
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
      You received this e-mail because someone asked to sign in with this address.
    </td></tr>
  </table>
</td></tr>
</table>
</body>
</html>`;
}
