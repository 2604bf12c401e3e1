import type { SiteBusiness } from "~/features/content/site-content";
import { formatCalendarDayWeekday } from "~/lib/business-time";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";
import { listOf } from "~/lib/words";

export interface CheckInReminderMailInput {
  to: string;
  name: string | null;
  catNames: string[];
  stay: { checkIn: string; checkOut: string };
  /** The stay's online check-in page (the owner signs in first if needed). */
  checkInUrl: string;
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** Two days before arrival (ADR 0158): check in online, so arrival is a hand-over, not paperwork. */
export function checkInReminderMail({ to, name, catNames, stay, checkInUrl, business, siteUrl }: CheckInReminderMailInput): MailMessage {
  const c = mailColors;
  const cats = catNames.length > 0 ? listOf(catNames) : "your cat";
  const subject = `Check in online for ${cats}'s stay on ${formatCalendarDayWeekday(stay.checkIn)}`;
  const greeting = `Hello${name ? ` ${name}` : ""},`;
  const paragraphs = [
    `${cats} arrives in two days, on ${formatCalendarDayWeekday(stay.checkIn)}, and goes home on ${formatCalendarDayWeekday(stay.checkOut)}.`,
    "Check in online before you come: confirm the care plan for this stay (food, medication and the doses you bring, hiding places and fears, belongings), tell us who to call and who may collect your cat, and sign the boarding agreement. Arrival is then a quick hand-over.",
  ];
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    `Check in online: ${checkInUrl}`,
    "",
    `Questions? Call us at ${business.phone.display}.`,
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">Check in online</h1>
<p style="margin:0 0 16px;">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:8px 0 24px;"><a href="${escapeHtml(checkInUrl)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:${c.brand};color:#ffffff;font-weight:700;text-decoration:none;">Check in online</a></p>
<p style="margin:0;color:${c.muted};font-size:14px;">Questions? Call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a>.</p>`;
  return {
    to,
    subject,
    text,
    html: mailLayout({ preheader: paragraphs[0]!, body, siteUrl, reason: "You received this e-mail because you booked a stay on our website." }),
  };
}
