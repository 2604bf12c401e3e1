import type { SiteBusiness } from "~/features/content/site-content";
import { formatCents } from "~/lib/money";
import { formatBusinessDate, formatBusinessTime } from "~/lib/business-time";
import { icsFile } from "../ics";
import type { MailMessage } from "../../mail/mailer";
import { bookingMailParts, mailLayout } from "./layout";

export type GroomMailKind = "confirmed" | "pending_review" | "changed" | "cancelled";

export interface GroomMailView {
  id: string;
  serviceTitle: string;
  catNames: string;
  startsAt: Date;
  endsAt: Date;
  priceCents: number;
}

export interface GroomMailInput {
  kind: GroomMailKind;
  to: string;
  groom: GroomMailView;
  /** Raised with each mail about the groom, so a calendar replaces its event. */
  sequence: number;
  business: Pick<SiteBusiness, "name" | "phone" | "address">;
  siteUrl: string;
  now: Date;
}

const when = (g: GroomMailView) => `${formatBusinessDate(g.startsAt)} at ${formatBusinessTime(g.startsAt)}`;

const HEADINGS: Record<GroomMailKind, (g: GroomMailView) => { subject: string; heading: string; intro: string }> = {
  confirmed: (g) => ({
    subject: `Your groom is booked: ${when(g)}`,
    heading: "Your groom is booked",
    intro: "Thank you for booking with us. Your groom is confirmed:",
  }),
  pending_review: (g) => ({
    subject: `We're holding your groom: ${when(g)}`,
    heading: "Your groom is held while we check a vaccine record",
    intro: "Your time is held. Our team checks the vaccine record you uploaded and confirms the groom by e-mail, usually within a day:",
  }),
  changed: (g) => ({
    subject: `Your groom has moved: ${when(g)}`,
    heading: "Your groom has moved",
    intro: "Here is your groom as it is now:",
  }),
  cancelled: (g) => ({
    subject: `Your groom is cancelled: ${when(g)}`,
    heading: "Your groom is cancelled",
    intro: "As you asked, we have cancelled this groom:",
  }),
};

function facts(g: GroomMailView): [string, string][] {
  return [
    ["Service", g.serviceTitle],
    ["Cats", g.catNames],
    ["When", `${formatBusinessDate(g.startsAt)}, ${formatBusinessTime(g.startsAt)} – ${formatBusinessTime(g.endsAt)} (Pacific)`],
    ["Price", `${formatCents(g.priceCents)}, paid at the groom`],
  ];
}

/** A mail about a groom: what was booked, when, the price, and the calendar file. */
export function groomMail({ kind, to, groom, sequence, business, siteUrl, now }: GroomMailInput): MailMessage {
  const { subject, heading, intro } = HEADINGS[kind](groom);
  const appointmentsUrl = `${siteUrl}/appointments`;
  const address = `${business.address.street}, ${business.address.city}, ${business.address.region} ${business.address.postalCode}`;
  const text = [
    heading,
    "",
    intro,
    "",
    ...facts(groom).map(([k, v]) => `${k}: ${v}`),
    "",
    `See, move or cancel your groom: ${appointmentsUrl}`,
    `Questions? Call us at ${business.phone.display}.`,
    "",
    `${business.name}, ${address}`,
  ].join("\n");
  const parts = bookingMailParts;
  const body = `${parts.opening(heading, intro)}
${parts.facts(facts(groom))}
${parts.button(appointmentsUrl, "See My Appointments")}
${parts.callUs(business.phone)}`;
  const ics = icsFile({
    uid: `groom-${groom.id}@${new URL(siteUrl).hostname}`,
    sequence,
    cancelled: kind === "cancelled",
    startsAt: groom.startsAt,
    endsAt: groom.endsAt,
    summary: `${groom.serviceTitle} for ${groom.catNames} at ${business.name}`,
    description: text,
    location: address,
    url: appointmentsUrl,
    now,
  });
  return {
    to,
    subject,
    text,
    html: mailLayout({ preheader: subject, body, siteUrl, reason: "You received this e-mail because you booked a groom on our website." }),
    attachments: [{ filename: "groom.ics", contentType: "text/calendar; charset=utf-8", content: ics }],
  };
}
