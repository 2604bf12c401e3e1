/**
 * Care alerts (ADR 0164): what the alerts job raises when a cat's care log shows something staff must
 * look at, and the words the Today page shows for each. Browser-safe: no database here.
 */

export const CARE_ALERT_RULES = ["no_food_24h", "no_urine_24h", "no_stool_72h", "dose_overdue", "no_entry_today", "weight_change", "incident"] as const;
export type CareAlertRule = (typeof CARE_ALERT_RULES)[number];

/** What each rule means, as a line on Today. */
export const CARE_ALERT_LABELS: Record<CareAlertRule, string> = {
  no_food_24h: "No food eaten in 24 hours",
  no_urine_24h: "No urine in 24 hours",
  no_stool_72h: "No stool in 72 hours",
  dose_overdue: "Dose not given",
  no_entry_today: "Nothing logged today",
  weight_change: "Weight changed during the stay",
  incident: "Incident",
};

/**
 * Urgent alerts come first on Today, in red, and each is texted to the manager once; one not
 * acknowledged within `ESCALATE_AFTER_MINUTES` is texted to the hotel's owner (ADR 0188).
 */
export const URGENT_CARE_ALERTS: ReadonlySet<CareAlertRule> = new Set<CareAlertRule>(["no_urine_24h", "dose_overdue", "weight_change", "incident"]);

/** An urgent alert still open this many minutes after it was raised is texted to the hotel's owner. */
export const ESCALATE_AFTER_MINUTES = 30;

/** The hours without each that raise an alert, counted from check-in or the last entry that showed it. */
export const GAP_HOURS = { no_food_24h: 24, no_urine_24h: 24, no_stool_72h: 72 } as const;

/** An open dose raises its alert this many minutes after its window closed. */
export const DOSE_OVERDUE_MINUTES = 60;

/** The business time after which a cat with nothing logged that day raises an alert. */
export const NO_ENTRY_BY = "17:30";

/** A change of at least this share of the arrival weight raises an alert at check-out. */
export const WEIGHT_CHANGE_PERCENT = 5;

/** The weight change over a stay as a share of the arrival weight: -5 for 4,000 g to 3,800 g. */
export function weightChangePercent(arrivalGrams: number, departureGrams: number): number {
  if (!(arrivalGrams > 0)) throw new RangeError("The arrival weight must be above zero");
  // Multiplied before dividing: 200 g of 4,000 g is exactly 5, never 4.999….
  return ((departureGrams - arrivalGrams) * 100) / arrivalGrams;
}

/** Whether a change over a stay raises the weight alert (5 % or more, either way). */
export const weightChangeAlerts = (arrivalGrams: number, departureGrams: number) =>
  Math.abs(weightChangePercent(arrivalGrams, departureGrams)) >= WEIGHT_CHANGE_PERCENT;
