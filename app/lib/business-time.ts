/** The business runs on Los Angeles time; appointments are stored in UTC and shown in this zone. */
export const BUSINESS_TIME_ZONE = "America/Los_Angeles";

const partsFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function zoneParts(instant: Date) {
  const parts = Object.fromEntries(partsFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes the business zone is ahead of UTC at that instant (-480 in winter, -420 in summer). */
function offsetMinutes(instant: Date): number {
  const p = zoneParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of a wall-clock date and time in Los Angeles ("2026-03-08", "10:30").
 * A time skipped by the spring-forward gap moves forward by an hour, as clocks do; an
 * ambiguous autumn time takes its first occurrence.
 */
export function businessLocalToUtc(date: string, time: string): Date {
  const key = `${date} ${time}`;
  let instant = localToUtcMemo.get(key);
  if (instant === undefined) {
    if (localToUtcMemo.size >= MEMO_SIZE) localToUtcMemo.clear();
    instant = localToUtc(date, time);
    localToUtcMemo.set(key, instant);
  }
  return new Date(instant);
}

/**
 * Each conversion asks the zone four times (`formatToParts`, tens of microseconds each): Today works
 * out every cat's meals, doses and checks of one day, the same few wall-clock times again and again.
 */
const localToUtcMemo = new Map<string, number>();
/** How many answers each memo keeps before it starts again. */
const MEMO_SIZE = 5000;

function localToUtc(date: string, time: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  // The zone's offset a day either side of the date covers both offsets a DST day can have.
  const offsets = new Set([offsetMinutes(new Date(wall - 86_400_000)), offsetMinutes(new Date(wall + 86_400_000))]);
  const candidates = [...offsets].map((o) => wall - o * 60_000).sort((a, b) => a - b);
  const matching = candidates.filter((c) => {
    const p = zoneParts(new Date(c));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
  });
  // Ambiguous: the earlier (daylight-time) instant. Skipped: the later one, an hour on, as clocks do.
  return matching.length ? matching[0]! : candidates[candidates.length - 1]!;
}

/** "2026-03-08" for the instant's calendar day in Los Angeles. */
export function businessDate(instant: Date): string {
  const p = zoneParts(instant);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** "14:05" for the instant's wall-clock time in Los Angeles. */
export function businessTime(instant: Date): string {
  const p = zoneParts(instant);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}

const displayDate = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const displayTime = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, hour: "numeric", minute: "2-digit" });

const mediumDateTime = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
const longDate = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, dateStyle: "long" });
const longDateTime = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, dateStyle: "long", timeStyle: "short" });
const monthYear = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, month: "long", year: "numeric" });

// Every formatter names the zone and the locale, so the server and any browser print the same text
// (a browser elsewhere would otherwise hydrate other words than the server sent).

/** "Sun, Mar 8, 2026" */
export const formatBusinessDate = (instant: Date) => displayDate.format(instant);
/** "10:30 AM" */
export function formatBusinessTime(instant: Date): string {
  const at = instant.getTime();
  let text = timeTextMemo.get(at);
  if (text === undefined) {
    if (timeTextMemo.size >= MEMO_SIZE) timeTextMemo.clear();
    text = displayTime.format(instant);
    timeTextMemo.set(at, text);
  }
  return text;
}
/** Today words the same entries' times on every load, each an `Intl` call of tens of microseconds. */
const timeTextMemo = new Map<number, string>();
/** "Mar 8, 2026, 10:30 AM": when something happened, on staff screens. */
export const formatBusinessDateTime = (instant: Date) => mediumDateTime.format(instant);
/** "March 8, 2026" */
export const formatBusinessLongDate = (instant: Date) => longDate.format(instant);
/** "March 8, 2026 at 10:30 AM (Pacific)" */
export const formatBusinessLongDateTime = (instant: Date) => `${longDateTime.format(instant)} (Pacific)`;
/** "March 2026" */
export const formatBusinessMonth = (instant: Date) => monthYear.format(instant);
/** "2026": the year in Los Angeles. */
export const businessYear = (instant: Date) => businessDate(instant).slice(0, 4);

/** The calendar day `days` after the given one ("2026-12-31", 1 -> "2027-01-01"; negative goes back). */
export function addBusinessDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** How many calendar days from one day to another ("2026-11-26" to "2026-12-03" is 7; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The next calendar day in Los Angeles after the given one ("2026-12-31" -> "2027-01-01"). */
export const nextBusinessDate = (date: string): string => addBusinessDays(date, 1);

const shortDay = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, month: "short", day: "numeric" });

/** "Mar 8": a calendar day ("2026-03-08"), without its year (sentences about the coming weeks). */
export const formatCalendarDayShort = (day: string) => shortDay.format(businessLocalToUtc(day, "12:00"));
/** "March 8, 2026": a calendar day ("2026-03-08"). */
export const formatCalendarDay = (day: string) => longDate.format(businessLocalToUtc(day, "12:00"));

/** "Tue, Dec 1, 2026" for a calendar day ("2026-12-01"), the day a stay starts or ends. */
export const formatCalendarDayWeekday = (date: string) => displayDate.format(businessLocalToUtc(date, "12:00"));

const weekdayMonthDay = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, weekday: "long", month: "long", day: "numeric" });

/** "Friday, November 27" for a calendar day ("2026-11-27"): a day of the current stay, in a sentence or a subject. */
export const formatCalendarDayLong = (date: string) => weekdayMonthDay.format(businessLocalToUtc(date, "12:00"));

/** "9:00 AM" for a local wall-clock time ("09:00"), such as an arrival window's edge. */
export const formatLocalTime = (time: string) => formatBusinessTime(businessLocalToUtc("2000-01-03", time));
