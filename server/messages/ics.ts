/**
 * A one-event iCalendar file (RFC 5545) for a mail attachment. A stay is an all-day event over
 * calendar days in the business's time zone; a groom has a start and an end written in UTC. Neither
 * needs a time zone table.
 */
export interface IcsEvent {
  /** Stable across updates of the same booking, so a calendar replaces the event instead of adding one. */
  uid: string;
  /** Raised with every change (RFC 5545 SEQUENCE). */
  sequence: number;
  cancelled?: boolean;
  /** All day: the first day and the day after the last, "YYYY-MM-DD" (DTEND is exclusive for all-day events). */
  startDate?: string;
  endDate?: string;
  /** Or timed: the instants it starts and ends. */
  startsAt?: Date;
  endsAt?: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  now: Date;
}

const escapeText = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
const day = (date: string) => date.replaceAll("-", "");
const stamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Lines longer than 75 octets are folded with a leading space, as the format requires. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const ch of line) {
    if (Buffer.byteLength(current + ch, "utf8") > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
    }
    current += ch;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function icsFile(event: IcsEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Laguna Niguel Cat Hotel//Bookings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.cancelled ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp(event.now)}`,
    ...(event.startsAt && event.endsAt
      ? [`DTSTART:${stamp(event.startsAt)}`, `DTEND:${stamp(event.endsAt)}`]
      : [`DTSTART;VALUE=DATE:${day(event.startDate!)}`, `DTEND;VALUE=DATE:${day(event.endDate!)}`]),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    // A stay does not fill the customer's days; a groom is an hour they are here.
    `TRANSP:${event.startsAt ? "OPAQUE" : "TRANSPARENT"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
