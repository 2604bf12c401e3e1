import type { SiteBusiness } from "~/features/content/site-content";
import { VACCINE_LABELS, type Vaccine } from "~/domain/vaccines";
import { formatCalendarDay } from "~/lib/business-time";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

interface RecordMailInput {
  to: string;
  name: string | null;
  catName: string;
  vaccine: Vaccine;
  /** The cat page's upload form (the customer signs in first if needed). */
  uploadUrl: string;
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

function recordMail(input: RecordMailInput, subject: string, heading: string, paragraphs: string[]): MailMessage {
  const c = mailColors;
  const greeting = `Hello${input.name ? ` ${input.name}` : ""},`;
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    `Upload the new certificate here: ${input.uploadUrl}`,
    "",
    `Questions? Call us at ${input.business.phone.display}.`,
    "",
    `${input.business.name} — ${input.siteUrl}`,
  ].join("\n");
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:8px 0 24px;"><a href="${escapeHtml(input.uploadUrl)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:${c.brand};color:#ffffff;font-weight:700;text-decoration:none;">Upload ${escapeHtml(VACCINE_LABELS[input.vaccine])} for ${escapeHtml(input.catName)}</a></p>
<p style="margin:0;color:${c.muted};font-size:14px;">Questions? Call us at <a href="tel:${escapeHtml(input.business.phone.tel)}" style="color:${c.brand};">${escapeHtml(input.business.phone.display)}</a>.</p>`;
  return { to: input.to, subject, text, html: mailLayout({ preheader: paragraphs[0]!, body, siteUrl: input.siteUrl }) };
}

/** Staff could not accept a record: the reason, and the way to upload it again. */
export function recordRejectedMail(input: RecordMailInput & { reason: string }): MailMessage {
  const vaccine = VACCINE_LABELS[input.vaccine];
  return recordMail(input, `${input.catName}'s ${vaccine} record needs another look`, `We couldn't accept ${input.catName}'s ${vaccine} record`, [
    `We checked the ${vaccine} certificate you uploaded for ${input.catName} and couldn't accept it: ${input.reason}`,
    "Please upload the certificate again from your cat's page.",
  ]);
}

/** A required record runs out: 30 days before, and on the day. */
export function recordExpiryMail(input: RecordMailInput & { expiresOn: string; onTheDay: boolean }): MailMessage {
  const vaccine = VACCINE_LABELS[input.vaccine];
  const when = formatCalendarDay(input.expiresOn);
  return input.onTheDay
    ? recordMail(input, `${input.catName}'s ${vaccine} vaccination expires today`, `${input.catName}'s ${vaccine} expires today`, [
        `${input.catName}'s ${vaccine} vaccination record expires today, ${when}. A current ${vaccine} record is required for every stay.`,
        "Once your vet has given the booster, upload the new certificate so the next stay is ready.",
      ])
    : recordMail(input, `${input.catName}'s ${vaccine} vaccination expires on ${when}`, `${input.catName}'s ${vaccine} expires soon`, [
        `${input.catName}'s ${vaccine} vaccination record expires on ${when}. A current ${vaccine} record is required for every stay.`,
        "Book the booster with your vet, then upload the new certificate.",
      ]);
}
