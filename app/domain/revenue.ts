import { z } from "~/lib/zod";

/**
 * The revenue report (ADR 0155): by Los Angeles month and by service, what was booked and
 * completed, the gross, each offer, the money taken (deposits, balances), refunds and net. Shared by
 * the page, its CSV and the server's queries; no server code here.
 */

/** How many years back the period selector offers, besides the last 12 months. */
export const REVENUE_YEARS_BACK = 5;

/** The page's query string: `?year=2025`, or nothing for the last 12 months. */
export const revenuePeriodSchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, "Choose a year like 2026.")
    .optional(),
});

export interface RevenuePeriod {
  /** The first month ("2026-01") and the month after the last one, both as their first day. */
  fromDay: string;
  toDay: string;
  /** Every month of the period, in order: "2026-01". */
  months: string[];
  /** The year shown, or null for the last 12 months. */
  year: number | null;
  label: string;
  /** Why the asked period was not used, if it was not. */
  error: string | null;
}

const monthAfter = (month: string, n = 1) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

function periodOf(firstMonth: string, year: number | null, label: string, error: string | null): RevenuePeriod {
  const months = Array.from({ length: 12 }, (_, i) => monthAfter(firstMonth, i));
  return { fromDay: `${firstMonth}-01`, toDay: `${monthAfter(firstMonth, 12)}-01`, months, year, label, error };
}

/** The years the selector offers: this one and the REVENUE_YEARS_BACK before it, newest first. */
export const revenueYears = (today: string) => Array.from({ length: REVENUE_YEARS_BACK + 1 }, (_, i) => Number(today.slice(0, 4)) - i);

/**
 * The period asked in the query string, against `today` (a Los Angeles day): a year the selector
 * offers, or the last 12 months (this month and the 11 before it). Anything else falls back to the
 * last 12 months with the reason.
 */
export function revenuePeriodFromSearchParams(params: URLSearchParams, today: string): RevenuePeriod {
  const asked = params.get("year");
  if (asked === null || asked === "") return lastTwelveMonths(today);
  const parsed = revenuePeriodSchema.safeParse({ year: asked });
  if (!parsed.success) return lastTwelveMonths(today, parsed.error.issues[0]?.message ?? "That period is not valid.");
  const year = Number(parsed.data.year);
  const years = revenueYears(today);
  if (!years.includes(year)) return lastTwelveMonths(today, `Choose a year from ${years.at(-1)} to ${years[0]}.`);
  return yearPeriod(year);
}

/** This month (of `today`, a Los Angeles day) and the 11 before it. */
export const lastTwelveMonths = (today: string, error: string | null = null) => periodOf(monthAfter(today.slice(0, 7), -11), null, "The last 12 months", error);

/** January to December of a year. */
export const yearPeriod = (year: number) => periodOf(`${year}-01`, year, String(year), null);

export const REVENUE_SERVICES = ["stays", "grooms"] as const;
export type RevenueService = (typeof REVENUE_SERVICES)[number];
export const REVENUE_SERVICE_LABELS: Record<RevenueService, string> = { stays: "Stays", grooms: "Grooms" };

/** One service's figures for a month (or the period). Amounts in cents; offers are positive (what was given). */
export interface RevenueFigures {
  bookedCount: number;
  bookedCents: number;
  completedCount: number;
  completedCents: number;
  grossCents: number;
  /** Each offer of REVENUE_OFFERS by key. */
  offers: Record<string, number>;
  /**
   * Lines the desk added to the bills of the stays completed (ADR 0192): late pickups, vet bills,
   * food or retail, tips and the grooms done during a stay, part of the completed value.
   */
  extrasCents: number;
  /** Discounts the desk gave on those bills (positive: what was given), like an offer. */
  discountsCents: number;
  depositsCents: number;
  /** Stays: balances paid. Grooms: grooms paid at the desk on their own (ADR 0192). */
  balancesCents: number;
  refundsCents: number;
  netCents: number;
  /**
   * Owed at the month's end (ADR 0182): what the stays checked out by then still owed, their price
   * after offers less what was paid by then net of refunds. A balance at a moment, not a sum over
   * the month: the period's total is its last month's. Stays only.
   */
  owedCents: number;
}

export interface RevenueReport {
  period: RevenuePeriod;
  /** The offers a stay's price can carry, in the order shown: a column each. */
  offers: { key: string; label: string }[];
  months: { month: string; services: Record<RevenueService, RevenueFigures> }[];
  totals: Record<RevenueService, RevenueFigures>;
}

export const emptyFigures = (offerKeys: readonly string[]): RevenueFigures => ({
  bookedCount: 0,
  bookedCents: 0,
  completedCount: 0,
  completedCents: 0,
  grossCents: 0,
  offers: Object.fromEntries(offerKeys.map((k) => [k, 0])),
  extrasCents: 0,
  discountsCents: 0,
  depositsCents: 0,
  balancesCents: 0,
  refundsCents: 0,
  netCents: 0,
  owedCents: 0,
});

/** Adds `b` into `a`; what is owed is not added up but taken from `b` (the later month). */
export function addFigures(a: RevenueFigures, b: RevenueFigures): RevenueFigures {
  a.owedCents = b.owedCents;
  for (const key of [
    "bookedCount",
    "bookedCents",
    "completedCount",
    "completedCents",
    "grossCents",
    "extrasCents",
    "discountsCents",
    "depositsCents",
    "balancesCents",
    "refundsCents",
    "netCents",
  ] as const)
    a[key] += b[key];
  for (const [key, cents] of Object.entries(b.offers)) a.offers[key] = (a.offers[key] ?? 0) + cents;
  return a;
}

const monthLabel = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
/** "Mar 2026" for "2026-03" (a calendar month, formatted in UTC to keep the same month). */
export const formatMonth = (month: string) => monthLabel.format(new Date(`${month}-01T12:00:00Z`));

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The report as CSV: a row per month and service, then a total per service. Amounts in dollars
 * (two decimals, offers and refunds as positive amounts); only numbers and our own labels, so no
 * cell can run as a spreadsheet formula.
 */
export function revenueCsv(report: RevenueReport): string {
  const header = [
    "Month",
    "Service",
    "Booked",
    "Booked value",
    "Completed",
    "Completed value",
    "Gross",
    ...report.offers.map((o) => o.label),
    "Added at check-out",
    "Discounts",
    "Deposits",
    "Balances",
    "Refunds",
    "Net",
    "Owed at month end",
  ];
  const line = (month: string, service: RevenueService, f: RevenueFigures) =>
    [
      month,
      REVENUE_SERVICE_LABELS[service],
      f.bookedCount,
      dollars(f.bookedCents),
      f.completedCount,
      dollars(f.completedCents),
      dollars(f.grossCents),
      ...report.offers.map((o) => dollars(f.offers[o.key] ?? 0)),
      dollars(f.extrasCents),
      dollars(f.discountsCents),
      dollars(f.depositsCents),
      dollars(f.balancesCents),
      dollars(f.refundsCents),
      dollars(f.netCents),
      dollars(f.owedCents),
    ].join(",");
  const rows = [header.map((h) => `"${h}"`).join(",")];
  for (const m of report.months) for (const service of REVENUE_SERVICES) rows.push(line(m.month, service, m.services[service]));
  for (const service of REVENUE_SERVICES) rows.push(line("Total", service, report.totals[service]));
  return `${rows.join("\r\n")}\r\n`;
}
