import { weekdayOf } from "~/domain/calendar";
import { addBusinessDays } from "~/lib/business-time";

/** The first date on or after `from` (YYYY-MM-DD, Los Angeles) that falls on `weekday` (0 = Sunday). */
export function weekdayOnOrAfter(from: string, weekday: number): string {
  let date = from;
  while (weekdayOf(date) !== weekday) date = addBusinessDays(date, 1);
  return date;
}
