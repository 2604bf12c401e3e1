import { business } from "~/content/business";
import type { MailMessage } from "../../mail/mailer";
import { escapeHtml, mailColors, mailLayout } from "./layout";

/**
 * Queued where the published content cannot be read (the sign-in's transaction, ADR 0197): like the
 * sign-in mail, they name the business by its typed defaults.
 */
interface ReferralMailInput {
  to: string;
  siteUrl: string;
}

/** One short mail of a heading, paragraphs and a button, as both parts of the message. */
function simpleMail(
  input: ReferralMailInput,
  m: { subject: string; heading: string; paragraphs: string[]; button: { label: string; path: string }; reason: string },
): MailMessage {
  const c = mailColors;
  const href = `${input.siteUrl}${m.button.path}`;
  const text = [
    ...m.paragraphs.flatMap((p) => [p, ""]),
    `${m.button.label}: ${href}`,
    "",
    `Questions? Call us at ${business.phone.display}.`,
    "",
    `${business.name} — ${input.siteUrl}`,
  ].join("\n");
  const body = `
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${c.brandDark};">${escapeHtml(m.heading)}</h1>
${m.paragraphs.map((p) => `<p style="margin:0 0 16px;">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:8px 0 24px;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:${c.brand};color:#ffffff;font-weight:700;text-decoration:none;">${escapeHtml(m.button.label)}</a></p>
<p style="margin:0;color:${c.muted};font-size:14px;">Questions? Call us at <a href="tel:${escapeHtml(business.phone.tel)}" style="color:${c.brand};">${escapeHtml(business.phone.display)}</a>.</p>`;
  return { to: input.to, subject: m.subject, text, html: mailLayout({ preheader: m.paragraphs[0]!, body, siteUrl: input.siteUrl, reason: m.reason }) };
}

/** To the referrer, when the friend they referred checked out of a first stay (ADR 0153, 0197): the free night is theirs. */
export function referralEarnedMail(input: ReferralMailInput): MailMessage {
  return simpleMail(input, {
    subject: `You've earned a free night at ${business.name}`,
    heading: "A free night is yours",
    paragraphs: [
      "A friend you referred has just finished their first stay with us. Thank you for sending them our way: you've earned a free night.",
      "It comes off your next booking by itself, and it's good for a year.",
    ],
    button: { label: "Book a stay", path: "/book/stay" },
    reason: "You received this e-mail because you referred a friend to us.",
  });
}

/** To the new friend, when their account came through a referral link (ADR 0197): their own first night is free. */
export function firstNightFreeMail(input: ReferralMailInput): MailMessage {
  return simpleMail(input, {
    subject: `Your first night at ${business.name} is free`,
    heading: "Welcome: your first night is free",
    paragraphs: [
      `A friend sent you to ${business.name}. As a new customer, the first night of your cat's first stay with us is free.`,
      "It is taken off the price when you book; no code to type.",
    ],
    button: { label: "Book a stay", path: "/book/stay" },
    reason: "You received this e-mail because you joined through a friend's referral link.",
  });
}
