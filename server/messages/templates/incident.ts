import type { SiteBusiness } from "~/features/content/site-content";
import { vetCalledText } from "~/domain/care-wording";
import type { MailMessage } from "../../mail/mailer";
import { bookingMailParts, escapeHtml, mailColors, mailLayout } from "./layout";

export interface IncidentMailInput {
  to: string;
  name: string | null;
  /** The cat it concerns, or the stay's cats when it concerns them all. */
  catName: string;
  /** When it happened, in words ("Nov 27, 2026, 2:30 PM"). */
  when: string;
  whatHappened: string;
  whatWasDone: string;
  vetCalled: boolean;
  /** The stay's page, whose Care log shows the incident. */
  stayUrl: string;
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

/** An incident during a stay (ADR 0165): what happened, what was done, whether a vet was called, and whom to call. */
export function incidentMail({ to, name, catName, when, whatHappened, whatWasDone, vetCalled, stayUrl, business, siteUrl }: IncidentMailInput): MailMessage {
  const c = mailColors;
  const subject = `An incident during ${catName}'s stay`;
  const greeting = `Hello${name ? ` ${name}` : ""},`;
  const intro = `We want you to know at once: something happened during ${catName}'s stay with us, on ${when}.`;
  const vet = vetCalledText(vetCalled);
  const rows: [string, string][] = [
    ["What happened", whatHappened],
    ["What we did", whatWasDone],
    ["Vet", vet],
  ];
  const text = [
    greeting,
    "",
    intro,
    "",
    ...rows.flatMap(([label, value]) => [`${label}: ${value}`, ""]),
    `You can read it on your stay's Care log: ${stayUrl}`,
    "",
    `Questions? Call us at ${business.phone.display}.`,
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");
  const body = `${bookingMailParts.opening(subject, greeting)}
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
${rows.map(([label, value]) => `<p style="margin:0 0 16px;"><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</p>`).join("\n")}
<p style="margin:8px 0 24px;"><a href="${escapeHtml(stayUrl)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:${c.brand};color:#ffffff;font-weight:700;text-decoration:none;">See the Care log</a></p>
${bookingMailParts.callUs(business.phone)}`;
  return {
    to,
    subject,
    text,
    html: mailLayout({ preheader: intro, body, siteUrl, reason: "You received this e-mail because your cat is staying with us." }),
  };
}
