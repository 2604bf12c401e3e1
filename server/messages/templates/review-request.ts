import type { SiteBusiness } from "~/features/content/site-content";
import { formatCalendarDayWeekday } from "~/lib/business-time";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";
import { listOf } from "~/lib/words";

export interface ReviewRequestMailInput {
  to: string;
  name: string | null;
  catNames: string[];
  stay: { checkIn: string; checkOut: string };
  /** The review page the owners set in Content (never empty here: without one no mail is sent). */
  reviewPageUrl: string;
  /** The signed link that stops these mails for the household. */
  unsubscribeUrl: string;
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** The day after a check-out (ADR 0167): thanks, and a link to leave a review; a link to ask for no more. */
export function reviewRequestMail({ to, name, catNames, stay, reviewPageUrl, unsubscribeUrl, business, siteUrl }: ReviewRequestMailInput): MailMessage {
  const c = mailColors;
  const cats = catNames.length > 0 ? listOf(catNames) : "your cat";
  const subject = `Thank you for staying with ${business.name}`;
  const greeting = `Hello${name ? ` ${name}` : ""},`;
  const paragraphs = [
    `Thank you for trusting us with ${cats} (${formatCalendarDayWeekday(stay.checkIn)} – ${formatCalendarDayWeekday(stay.checkOut)}). We hope everyone is happily settled back home.`,
    "If you have a minute, a short review helps other cat owners find a place they can trust. We read every one.",
  ];
  const stop = "Don't want these e-mails after a stay? Unsubscribe from review requests";
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    `Leave a review: ${reviewPageUrl}`,
    "",
    `Questions? Call us at ${business.phone.display}.`,
    "",
    `${stop}: ${unsubscribeUrl}`,
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">Thank you</h1>
<p style="margin:0 0 16px;">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:8px 0 24px;"><a href="${escapeHtml(reviewPageUrl)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:${c.brand};color:#ffffff;font-weight:700;text-decoration:none;">Leave a review</a></p>
<p style="margin:0 0 16px;color:${c.muted};font-size:14px;">Questions? Call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a>.</p>
<p style="margin:0;color:${c.muted};font-size:13px;">${escapeHtml(stop)}: <a href="${escapeHtml(unsubscribeUrl)}" style="color:${c.brand};">unsubscribe</a>.</p>`;
  return {
    to,
    subject,
    text,
    html: mailLayout({ preheader: paragraphs[0]!, body, siteUrl, reason: "You received this e-mail because your cat stayed with us." }),
  };
}
