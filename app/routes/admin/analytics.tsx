import { analyticsSummary } from "@server/analytics/queries";
import { requirePermission } from "@server/auth/guards.server";
import { mapRefusals } from "@server/http/refusals";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { ChartCard, type SeriesStyle, TimeSeriesChart, TotalsChart, formatDay } from "~/features/analytics/charts";
import { MAX_DAILY_DAYS, rangeFromSearchParams } from "~/features/analytics/range-params";
import { ANALYTICS_PRESETS, type AnalyticsSummary } from "~/features/analytics/schema";
import { businessDate } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/analytics";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Analytics");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "reports");
  const choice = rangeFromSearchParams(new URL(request.url).searchParams, businessDate(context.clock.now()));
  const summary = await analyticsSummary(context.db, choice);
  return { choice, summary };
});

const LEADS: SeriesStyle<AnalyticsSummary["leads"]["keys"][number]> = {
  label: { callbacks: "Callbacks", vouchers: "Vouchers", signups: "Newsletter sign-ups" },
  color: { callbacks: "fill-brand-700", vouchers: "fill-accent-600", signups: "fill-sky-700" },
};
const APPOINTMENTS: SeriesStyle<AnalyticsSummary["appointments"]["keys"][number]> = {
  label: { Confirmed: "Confirmed", Pending: "Pending", Cancelled: "Cancelled", Completed: "Completed" },
  color: { Confirmed: "fill-brand-700", Pending: "fill-accent-600", Cancelled: "fill-red-700", Completed: "fill-slate-500" },
};
const SIGN_INS: SeriesStyle<"signIns"> = { label: { signIns: "Sign-ins" }, color: { signIns: "fill-brand-700" } };
const VIEWS: SeriesStyle<"views"> = { label: { views: "Page views" }, color: { views: "fill-brand-700" } };
const OUTCOME_LABELS = { placed: "Placed", simulated: "Simulated", failed: "Failed", paused: "Paused", pending: "Pending" } as const;

const sum = <K extends string>(s: { keys: readonly K[]; rows: { values: Record<K, number> }[] }) =>
  s.rows.reduce((n, r) => n + s.keys.reduce((m, k) => m + r.values[k], 0), 0);

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { choice, summary } = loaderData;
  const { group } = choice;
  const period = `${formatDay(choice.from)} – ${formatDay(choice.to)}`;
  const totals = [
    { label: "Leads", value: sum(summary.leads) },
    { label: "Sign-ins", value: sum(summary.signIns) },
    { label: "Appointments", value: sum(summary.appointments) },
    { label: "Page views", value: sum(summary.pageViews) },
  ];

  return (
    <div>
      <h1 className="text-3xl">Analytics</h1>
      <p className="mt-2 text-muted">
        {period} ({choice.preset ? `last ${choice.preset} days` : "custom range"}), by {group}
        {choice.weekly ? ` (ranges over ${MAX_DAILY_DAYS} days are shown by week)` : ""}. Days are Los Angeles days.
      </p>

      <section
        aria-labelledby="revenue-link"
        className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6"
      >
        <div className="min-w-0 flex-1">
          <h2 id="revenue-link" className="text-xl">
            Revenue
          </h2>
          <p className="mt-1 text-sm text-muted">By month and service: booked, completed, gross, offers, deposits, balances, refunds and net, with a CSV.</p>
        </div>
        <Link to="/admin/analytics/revenue" className="rounded-full bg-brand-700 px-4 py-2 text-sm font-bold text-white hover:bg-brand-800">
          Open revenue
        </Link>
      </section>

      <div className="mt-6 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6">
        <nav aria-label="Date range presets" className="flex flex-wrap gap-2">
          {ANALYTICS_PRESETS.map((days) => (
            <Link
              key={days}
              to={`?days=${days}&group=${group}`}
              aria-current={choice.preset === days ? "page" : undefined}
              className={cn(
                "rounded-full border px-4 py-2 text-sm font-bold",
                choice.preset === days ? "border-brand-700 bg-brand-700 text-white" : "border-brand-200 text-brand-800 hover:bg-brand-50",
              )}
            >
              Last {days} days
            </Link>
          ))}
        </nav>
        <Form method="get" className="mt-4 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap" aria-label="Custom date range">
          <div className="sm:w-44">
            <Label htmlFor="range-from">From</Label>
            <Input id="range-from" name="from" type="date" required defaultValue={choice.from} key={`from-${choice.from}`} />
          </div>
          <div className="sm:w-44">
            <Label htmlFor="range-to">To</Label>
            <Input id="range-to" name="to" type="date" required defaultValue={choice.to} key={`to-${choice.to}`} />
          </div>
          <div>
            <Label htmlFor="range-group">Group by</Label>
            <select
              id="range-group"
              name="group"
              defaultValue={group}
              key={`group-${group}`}
              className="h-11 w-full rounded-xl border border-brand-200 bg-white px-3 sm:w-32"
            >
              <option value="day">Day</option>
              <option value="week">Week</option>
            </select>
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
        {choice.error ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
            {choice.error} Showing the last 30 days instead.
          </p>
        ) : null}
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {totals.map((t) => (
          <div key={t.label} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
            <dt className="text-sm font-bold text-muted">{t.label}</dt>
            <dd className="mt-1 font-display text-3xl text-brand-900 tabular-nums">{t.value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ChartCard id="chart-leads" title="Leads">
          <TimeSeriesChart series={summary.leads} style={LEADS} group={group} caption={`Leads per ${group} by kind`} empty="No leads in this period." />
        </ChartCard>
        <ChartCard id="chart-outcomes" title="Callback outcomes" note="What happened to the call each callback request asked for.">
          <TotalsChart
            items={summary.callbackOutcomes.map((o) => ({ label: OUTCOME_LABELS[o.outcome], value: o.count }))}
            caption="Callback requests by call outcome"
            labelHeader="Outcome"
            valueHeader="Requests"
            empty="No callback requests in this period."
          />
        </ChartCard>
        <ChartCard id="chart-sign-ins" title="Sign-ins" note="Every successful sign-in, by e-mail link or code.">
          <TimeSeriesChart series={summary.signIns} style={SIGN_INS} group={group} caption={`Sign-ins per ${group}`} empty="No sign-ins in this period." />
        </ChartCard>
        <ChartCard id="chart-appointments" title="Appointments by status" note="By the day the appointment starts.">
          <TimeSeriesChart
            series={summary.appointments}
            style={APPOINTMENTS}
            group={group}
            caption={`Appointments per ${group} by status`}
            empty="No appointments in this period."
          />
        </ChartCard>
        <ChartCard
          id="chart-page-views"
          title="Page views"
          note="Counted without cookies or personal data; visitors with Do-Not-Track or Global Privacy Control are not counted."
        >
          <TimeSeriesChart series={summary.pageViews} style={VIEWS} group={group} caption={`Page views per ${group}`} empty="No page views in this period." />
        </ChartCard>
        <ChartCard id="chart-top-pages" title="Top pages">
          <TotalsChart
            items={summary.topPaths.map((p) => ({ label: p.path, value: p.views }))}
            caption="Most viewed pages"
            labelHeader="Page"
            valueHeader="Views"
            empty="No page views in this period."
          />
        </ChartCard>
      </div>
    </div>
  );
}
