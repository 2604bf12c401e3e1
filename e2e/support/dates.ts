import { addBusinessDays, businessDate, businessLocalToUtc, formatBusinessDate } from "../../app/lib/business-time";

/**
 * A calendar day `daysAhead` days after today in the business's time zone, by the same clock the
 * server reads, so a test about "later than today" stays true whenever it runs: its ISO form for a
 * date field (YYYY-MM-DD) and the label the pages show (as "Sun, Mar 8, 2026").
 */
export function businessDayAhead(daysAhead: number): { iso: string; label: string } {
  const iso = addBusinessDays(businessDate(new Date()), daysAhead);
  return { iso, label: formatBusinessDate(businessLocalToUtc(iso, "12:00")) };
}
