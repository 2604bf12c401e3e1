import type { SiteBusiness } from "~/features/content/site-content";
import { type DoseOutcome } from "~/domain/doses";
import { EATEN_LABELS, type EatenShare, STOOL_LABELS, type StoolKind } from "~/domain/care-log";
import { DIARY_SWITCH_LABEL, doseAccountText, vetCalledText, weightText } from "~/domain/care-wording";
import { formatBusinessTime, formatCalendarDayLong } from "~/lib/business-time";
import type { MailMessage } from "../../mail/mailer";
import { bookingMailParts, escapeHtml, mailColors, mailLayout } from "./layout";
import { listOf } from "~/lib/words";

/** One standing care entry of the day, as the diary tells it. */
export interface DiaryEntry {
  kind: string;
  at: Date;
  meal: string | null;
  eaten: EatenShare | null;
  urine: boolean | null;
  stool: StoolKind | null;
  medication: string | null;
  dose: string | null;
  dueAt: Date | null;
  outcome: DoseOutcome | null;
  remark: string | null;
  /** A weigh-in's weight in grams (ADR 0169). */
  weightGrams: number | null;
  initials: string;
  /**
   * A photo entry's image: sent in the mail as a JPEG (`jpeg`, base64), which the HTML shows inline
   * (a mail client has no session, so an address of the site would show a broken image), and its
   * address on the stay's page (`url`: the owner signs in there for the larger sizes).
   */
  photo: { url: string; jpeg: string; width: number; height: number } | null;
}

/** An incident of the day, as the diary tells it (ADR 0165, 0188). */
export interface DiaryIncident {
  happenedAt: Date;
  whatHappened: string;
  whatWasDone: string;
  vetCalled: boolean;
}

/** A dose of the day nobody logged (ADR 0188): what was due and what the team did about it. */
export interface DiaryMissedDose {
  medication: string;
  dose: string;
  dueAt: Date;
  followUp: string;
}

export interface CareDiaryMailInput {
  to: string;
  name: string | null;
  /** The business day the diary tells ("2026-11-27"). */
  day: string;
  cats: { name: string; entries: DiaryEntry[]; missed?: DiaryMissedDose[]; incidents?: DiaryIncident[] }[];
  /** The stay's page (its Care log), or My Trips when the household has several stays. */
  logUrl: string;
  business: Pick<SiteBusiness, "name" | "phone">;
  siteUrl: string;
}

const by = (e: DiaryEntry) => `${formatBusinessTime(e.at)}, ${e.initials}`;
const withRemark = (e: DiaryEntry) => (e.remark ? ` (${e.remark})` : "");

/** Ends a person's words with a full stop when they have no closing mark. */
const sentence = (words: string) => (/[.!?]$/.test(words.trim()) ? words.trim() : `${words.trim()}.`);

interface CatSection {
  heading: string;
  lines: string[];
}

/** A cat's day in sections, each a list of lines; no section for what was not logged. Incidents and doses missed come first, plainly. */
function sectionsOf(entries: DiaryEntry[], missed: DiaryMissedDose[], incidents: DiaryIncident[]): CatSection[] {
  const of = (kind: string) => entries.filter((e) => e.kind === kind);
  const doseLines = [
    ...missed.map((m) => ({ dueAt: m.dueAt, line: doseAccountText({ ...m, at: null, outcome: null, remark: null }) })),
    ...of("dose").map((e) => ({ dueAt: e.dueAt ?? e.at, line: `${doseAccountText({ ...e, dueAt: e.dueAt ?? e.at })} (${e.initials})` })),
  ].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  const sections: CatSection[] = [
    {
      heading: "Incidents",
      lines: incidents.map(
        (i) => `${formatBusinessTime(i.happenedAt)}: ${sentence(i.whatHappened)} What the team did: ${sentence(i.whatWasDone)} ${vetCalledText(i.vetCalled)}`,
      ),
    },
    { heading: "Meals", lines: of("meal").map((e) => `${e.meal}: ${EATEN_LABELS[e.eaten!]} (${by(e)})`) },
    {
      heading: "Litter",
      lines: of("litter").map((e) => `${e.urine ? "Urine" : "No urine"}, ${STOOL_LABELS[e.stool!].toLowerCase()} (${by(e)})`),
    },
    { heading: "Medication", lines: doseLines.map((d) => d.line) },
    {
      heading: "Water and play",
      lines: entries
        .filter((e) => e.kind === "water" || e.kind === "play")
        .map((e) => `${e.kind === "water" ? "Water refreshed" : "Play"}${withRemark(e)} (${by(e)})`),
    },
    { heading: "Weigh-in", lines: of("weight").map((e) => `${weightText(e.weightGrams!)} (${by(e)})`) },
    { heading: "From the team", lines: of("note").map((e) => `${e.remark} (${by(e)})`) },
  ];
  return sections.filter((s) => s.lines.length > 0);
}

const photoCaption = (cat: string, e: DiaryEntry) => `${cat}, ${formatBusinessTime(e.at)}${e.remark ? `: ${e.remark}` : ""}`;

/**
 * The evening diary (ADR 0163): at 6 pm on each day of a stay, what the team logged for each of the
 * household's cats that day (meals and how much was eaten, litter, each dose with its time and who gave
 * it, water and play, a weigh-in on a long stay, the day's photos and the team's notes), in one mail
 * per household. The day's incidents and any dose missed, late, refused, spat out or vomited are told
 * plainly, with what the team did (ADR 0188).
 */
export function careDiaryMail({ to, name, day, cats, logUrl, business, siteUrl }: CareDiaryMailInput): MailMessage {
  const c = mailColors;
  const names = listOf(cats.map((cat) => cat.name));
  const date = formatCalendarDayLong(day);
  const subject = `Diary for ${names} — ${date}`;
  const greeting = `Hello${name ? ` ${name}` : ""},`;
  const intro = `Here is ${names}'s day with us, ${date}, as the team logged it by 6 pm. The full care log is on your trip's page.`;
  const accountUrl = `${siteUrl}/account`;
  const switchOff = `Rather not get this e-mail? Switch off "${DIARY_SWITCH_LABEL}" on your account: ${accountUrl}`;
  // Each photo is an inline attachment, named in the HTML by its Content-ID.
  const attachments: NonNullable<MailMessage["attachments"]> = [];
  const cidOf = new Map<DiaryEntry, string>();
  const parts = cats.map((cat) => {
    const sections = sectionsOf(cat.entries, cat.missed ?? [], cat.incidents ?? []);
    const photos = cat.entries.filter((e) => e.photo !== null);
    for (const e of photos) {
      const cid = `care-photo-${attachments.length + 1}@diary`;
      cidOf.set(e, cid);
      const name = `${cat.name}-${formatBusinessTime(e.at)}`.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase();
      attachments.push({ filename: `${name}.jpg`, contentType: "image/jpeg", content: e.photo!.jpeg, encoding: "base64", cid });
    }
    const empty =
      cat.entries.length === 0 && !cat.missed?.length && !cat.incidents?.length ? `No entries yet today for ${cat.name}; the team has been alerted.` : null;
    return { cat, sections, photos, empty };
  });

  const text = [
    greeting,
    "",
    intro,
    "",
    ...parts.flatMap(({ cat, sections, photos, empty }) => [
      `== ${cat.name} ==`,
      ...(empty ? [empty] : []),
      ...sections.flatMap((s) => [`${s.heading}:`, ...s.lines.map((l) => `- ${l}`)]),
      ...(photos.length > 0 ? ["Photos:", ...photos.map((e) => `- ${photoCaption(cat.name, e)}: ${e.photo!.url}`)] : []),
      "",
    ]),
    `The care log: ${logUrl}`,
    "",
    `Questions? Call us at ${business.phone.display}.`,
    "",
    switchOff,
    "",
    `${business.name} — ${siteUrl}`,
  ].join("\n");

  const catHtml = parts
    .map(({ cat, sections, photos, empty }) => {
      const list = (lines: string[]) => `<ul style="margin:0 0 12px;padding-left:20px;">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`;
      const photoHtml = photos
        .map((e) => {
          const caption = photoCaption(cat.name, e);
          return `<p style="margin:0 0 12px;"><a href="${escapeHtml(e.photo!.url)}"><img src="cid:${cidOf.get(e)!}" width="${e.photo!.width}" height="${e.photo!.height}" alt="${escapeHtml(caption)}" style="display:block;max-width:100%;height:auto;border-radius:12px;"></a><span style="color:${c.muted};font-size:14px;">${escapeHtml(caption)}</span></p>`;
        })
        .join("");
      return `
<h2 style="margin:24px 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:22px;color:${c.brandDark};">${escapeHtml(cat.name)}</h2>
${empty ? `<p style="margin:0 0 12px;">${escapeHtml(empty)}</p>` : ""}
${sections.map((s) => `<h3 style="margin:12px 0 4px;font-size:16px;color:${c.brandDark};">${escapeHtml(s.heading)}</h3>${list(s.lines)}`).join("\n")}
${photos.length > 0 ? `<h3 style="margin:12px 0 8px;font-size:16px;color:${c.brandDark};">Photos</h3>${photoHtml}` : ""}`;
    })
    .join("\n");

  const body = `${bookingMailParts.opening(`Diary for ${names}`, greeting)}
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
${catHtml}
${bookingMailParts.button(logUrl, "See the care log")}
${bookingMailParts.callUs(business.phone)}
<p style="margin:16px 0 0;color:${c.muted};font-size:14px;">Rather not get this e-mail? Switch off "${escapeHtml(DIARY_SWITCH_LABEL)}" on <a href="${escapeHtml(accountUrl)}" style="color:${c.brand};">your account</a>.</p>`;
  return {
    to,
    subject,
    text,
    html: mailLayout({
      preheader: intro,
      body,
      siteUrl,
      reason: "You received this e-mail because your cat is staying with us and the daily diary is on in your account.",
    }),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}
