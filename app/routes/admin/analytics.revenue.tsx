import { revenueReport } from "@server/analytics/revenue";
import { requirePermission } from "@server/auth/guards.server";
import { mapRefusals } from "@server/http/refusals";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { REVENUE_SERVICES, REVENUE_SERVICE_LABELS, type RevenueFigures, formatMonth, revenuePeriodFromSearchParams, revenueYears } from "~/domain/revenue";
import { businessDate } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import type { Route } from "./+types/analytics.revenue";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Revenue");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "reports");
  const today = businessDate(context.clock.now());
  const period = revenuePeriodFromSearchParams(new URL(request.url).searchParams, today);
  return { report: await revenueReport(context.db, period), years: revenueYears(today) };
});

// The month column stays in view while a phone scrolls the figures sideways.
const TABLE =
  "w-full min-w-[40rem] text-sm tabular-nums whitespace-nowrap [&_th[scope=row]]:sticky [&_th[scope=row]]:left-0 [&_th[scope=row]]:bg-white [&_thead_th:first-child]:sticky [&_thead_th:first-child]:left-0 [&_thead_th:first-child]:bg-white [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5 [&_thead_th]:text-right [&_thead_th:first-child]:text-left [&_thead_th]:align-bottom [&_thead_th]:font-bold [&_tbody_tr]:border-t [&_tbody_tr]:border-brand-50 [&_tfoot_tr]:border-t-2 [&_tfoot_tr]:border-brand-200 [&_tfoot]:font-bold [&_td]:text-right [&_td:first-child]:text-left [&_th[scope=row]]:text-left";

/** A wide table scrolls sideways inside its card on a phone; the region is reachable by keyboard. */
function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div role="region" aria-label={caption} tabIndex={0} className="mt-4 overflow-x-auto">
      <table className={TABLE}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A count and its value, one above the other. */
const CountValue = ({ count, cents }: { count: number; cents: number }) => (
  <>
    {count}
    <span className="block text-xs text-muted">{formatCents(cents)}</span>
  </>
);

export default function AdminRevenue({ loaderData }: Route.ComponentProps) {
  const { report, years } = loaderData;
  const { period } = report;
  const query = period.year === null ? "" : `?year=${period.year}`;
  const { stays, grooms } = report.totals;
  const offersTotal = (f: RevenueFigures) => report.offers.reduce((n, o) => n + (f.offers[o.key] ?? 0), 0);
  const cards = [
    { label: "Gross", value: stays.grossCents + grooms.grossCents },
    { label: "Offers", value: offersTotal(stays) },
    { label: "Added at check-out", value: stays.extrasCents },
    { label: "Discounts", value: stays.discountsCents },
    { label: "Deposits", value: stays.depositsCents },
    { label: "Balances", value: stays.balancesCents },
    { label: "Grooms paid at the desk", value: grooms.balancesCents },
    { label: "Refunds", value: stays.refundsCents + grooms.refundsCents },
    { label: "Net", value: stays.netCents + grooms.netCents },
    { label: `Owed at the end of ${formatMonth(period.months.at(-1)!)}`, value: stays.owedCents },
  ];
  const choices = [
    { to: "?", label: "Last 12 months", current: period.year === null },
    ...years.map((y) => ({ to: `?year=${y}`, label: String(y), current: period.year === y })),
  ];

  return (
    <div>
      <p className="text-sm font-bold">
        <Link to="/admin/analytics" className="text-brand-800 underline">
          Analytics
        </Link>
      </p>
      <h1 className="mt-1 text-3xl">Revenue</h1>
      <p className="mt-2 text-muted">
        {period.label} ({formatMonth(period.months[0]!)} – {formatMonth(period.months.at(-1)!)}), by Los Angeles month. Money is what the payment rows hold:
        deposits, balances and grooms paid at the desk by the day they were paid, refunds by the day they were made (a groom's satisfaction guarantee, given
        back at the desk, included); net is what was paid less refunds. Added at check-out and discounts: the lines the desk put on the bills of the stays
        completed (a groom done during a stay is one), part of their value. Owed at month end: what stays checked out by then had left unpaid (their price after
        offers, less what was paid by then net of refunds), so the stays checked out add up: price after offers = paid − refunded + owed.
      </p>

      <div className="mt-6 flex flex-wrap items-center gap-2 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6">
        <nav aria-label="Period" className="flex flex-wrap gap-2">
          {choices.map((c) => (
            <Link
              key={c.label}
              to={c.to}
              aria-current={c.current ? "page" : undefined}
              className={cn(
                "rounded-full border px-4 py-2 text-sm font-bold",
                c.current ? "border-brand-700 bg-brand-700 text-white" : "border-brand-200 text-brand-800 hover:bg-brand-50",
              )}
            >
              {c.label}
            </Link>
          ))}
        </nav>
        <a
          href={`/admin/analytics/revenue.csv${query}`}
          download
          className="rounded-full border-2 border-brand-700 bg-white px-4 py-2 text-sm font-bold text-brand-800 hover:bg-brand-50 sm:ml-auto"
        >
          Download CSV
        </a>
        {period.error ? (
          <p role="alert" className="w-full text-sm font-semibold text-red-700">
            {period.error} Showing the last 12 months instead.
          </p>
        ) : null}
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {cards.map((c) => (
          <div key={c.label} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
            <dt className="text-sm font-bold text-muted">{c.label}</dt>
            <dd className="mt-1 font-display text-xl break-words text-brand-900 tabular-nums sm:text-2xl">{formatCents(c.value)}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="revenue-bookings" className="mt-6 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6">
        <h2 id="revenue-bookings" className="text-xl">
          Booked and completed
        </h2>
        <p className="mt-1 text-sm text-muted">
          Booked: made that month (cancelled ones included). Completed: stays checked out, grooms done. Values are prices after offers.
        </p>
        <ScrollTable caption="Bookings and completions by month and service">
          <thead>
            <tr>
              <th scope="col">Month</th>
              {REVENUE_SERVICES.flatMap((s) => [
                <th key={`${s}-booked`} scope="col">
                  {REVENUE_SERVICE_LABELS[s]} booked
                </th>,
                <th key={`${s}-completed`} scope="col">
                  {REVENUE_SERVICE_LABELS[s]} completed
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {report.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatMonth(m.month)}</th>
                {REVENUE_SERVICES.flatMap((s) => [
                  <td key={`${s}-booked`}>
                    <CountValue count={m.services[s].bookedCount} cents={m.services[s].bookedCents} />
                  </td>,
                  <td key={`${s}-completed`}>
                    <CountValue count={m.services[s].completedCount} cents={m.services[s].completedCents} />
                  </td>,
                ])}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {REVENUE_SERVICES.flatMap((s) => [
                <td key={`${s}-booked`}>
                  <CountValue count={report.totals[s].bookedCount} cents={report.totals[s].bookedCents} />
                </td>,
                <td key={`${s}-completed`}>
                  <CountValue count={report.totals[s].completedCount} cents={report.totals[s].completedCents} />
                </td>,
              ])}
            </tr>
          </tfoot>
        </ScrollTable>
      </section>

      <section aria-labelledby="revenue-money" className="mt-6 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6">
        <h2 id="revenue-money" className="text-xl">
          Gross, offers and money taken
        </h2>
        <p className="mt-1 text-sm text-muted">
          Gross: the completed stays and grooms at their price before offers; each offer is what the completed stays were given. Deposits, balances and refunds
          are stays&apos; payments (card, cash and check); grooms are paid at the salon, so their only money figure is a satisfaction guarantee given back at
          the desk, under Groom refunds.
        </p>
        <ScrollTable caption="Gross, offers, deposits, balances, refunds and net by month">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Gross stays</th>
              <th scope="col">Gross grooms</th>
              {report.offers.map((o) => (
                <th key={o.key} scope="col">
                  {o.label}
                </th>
              ))}
              <th scope="col">Added at check-out</th>
              <th scope="col">Discounts</th>
              <th scope="col">Deposits</th>
              <th scope="col">Balances</th>
              <th scope="col">Grooms paid</th>
              <th scope="col">Refunds</th>
              <th scope="col">Groom refunds</th>
              <th scope="col">Net</th>
              <th scope="col">Owed at month end</th>
            </tr>
          </thead>
          <tbody>
            {report.months.map((m) => (
              <MoneyRow key={m.month} label={formatMonth(m.month)} stays={m.services.stays} grooms={m.services.grooms} offers={report.offers} />
            ))}
          </tbody>
          <tfoot>
            <MoneyRow label="Total" stays={stays} grooms={grooms} offers={report.offers} />
          </tfoot>
        </ScrollTable>
      </section>
    </div>
  );
}

function MoneyRow({ label, stays, grooms, offers }: { label: string; stays: RevenueFigures; grooms: RevenueFigures; offers: { key: string }[] }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{formatCents(stays.grossCents)}</td>
      <td>{formatCents(grooms.grossCents)}</td>
      {offers.map((o) => (
        <td key={o.key}>{formatCents(-(stays.offers[o.key] ?? 0))}</td>
      ))}
      <td>{formatCents(stays.extrasCents)}</td>
      <td>{formatCents(-stays.discountsCents)}</td>
      <td>{formatCents(stays.depositsCents)}</td>
      <td>{formatCents(stays.balancesCents)}</td>
      <td>{formatCents(grooms.balancesCents)}</td>
      <td>{formatCents(-stays.refundsCents)}</td>
      <td>{formatCents(-grooms.refundsCents)}</td>
      <td className="font-bold">{formatCents(stays.netCents + grooms.netCents)}</td>
      <td>{formatCents(stays.owedCents)}</td>
    </tr>
  );
}
