import { addBusinessDays, businessDate, businessLocalToUtc, formatBusinessDate } from "../../app/lib/business-time";

/**
 * A calendar day `daysAhead` days after today in the business's time zone, by the same clock the
 * server reads, so a test about "later than today" stays true whenever it runs: its ISO form for a
 * date field ("2027-07-14") and the label the pages show ("Wed, Jul 14, 2027").
 */
export function businessDayAhead(daysAhead: number): { iso: string; label: string } {
  const iso = addBusinessDays(businessDate(new Date()), daysAhead);
  return { iso, label: formatBusinessDate(businessLocalToUtc(iso, "12:00")) };
}
