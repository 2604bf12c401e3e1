import type { ReactNode } from "react";
import type { TimeSeries } from "./schema";

/**
 * Bar charts without a chart library (ADR 0080): the bars are decoration (aria-hidden); the numbers
 * live in a real table under each chart for screen readers and for anyone who wants the exact
 * figures. A time series is one SVG with one path per series, however many days it covers, so a
 * long range adds rows to its table and nothing else to the page (ADR 0115).
 */

export interface SeriesStyle<K extends string> {
  label: Record<K, string>;
  /** SVG fill classes (fill-…), with at least 3:1 contrast against white. */
  color: Record<K, string>;
}

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "Jan 19" for an ISO date (a calendar day, so formatted in UTC to keep the same day). */
export const formatDay = (iso: string) => shortDate.format(new Date(`${iso}T00:00:00Z`));
export const bucketLabel = (iso: string, group: "day" | "week") => (group === "week" ? `Week of ${formatDay(iso)}` : formatDay(iso));

export function ChartCard({ title, id, children, note }: { title: string; id: string; children: ReactNode; note?: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {note ? <p className="mt-1 text-sm text-muted">{note}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-brand-50 p-4 text-center text-sm font-semibold text-brand-800">{children}</p>;
}

function Legend<K extends string>({ keys, style }: { keys: readonly K[]; style: SeriesStyle<K> }) {
  if (keys.length < 2) return null;
  return (
    <ul aria-hidden="true" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {keys.map((k) => (
        <li key={k} className="flex items-center gap-1.5">
          <svg viewBox="0 0 1 1" className="h-3 w-3 rounded-sm">
            <rect width="1" height="1" className={style.color[k]} />
          </svg>
          {style.label[k]}
        </li>
      ))}
    </ul>
  );
}

/** The chart's height in SVG units; its width is one unit per bar. */
const CHART_HEIGHT = 100;
/** The share of each bar's slot left empty between bars. */
const BAR_GAP = 0.15;
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * One series' part of every stacked column as one path: a rectangle per bar, standing on the
 * series stacked before it (in key order, from the bottom up).
 */
function stackedBars<K extends string>(series: TimeSeries<K>, key: K, max: number): string {
  const below = series.keys.slice(0, series.keys.indexOf(key));
  let d = "";
  series.rows.forEach((row, i) => {
    const value = row.values[key];
    if (value <= 0) return;
    const base = below.reduce((n, k) => n + row.values[k], 0);
    const top = CHART_HEIGHT - ((base + value) / max) * CHART_HEIGHT;
    d += `M${round(i + BAR_GAP / 2)} ${round(top)}h${1 - BAR_GAP}v${round((value / max) * CHART_HEIGHT)}h${-(1 - BAR_GAP)}z`;
  });
  return d;
}

/** Stacked columns, one per day or week, drawn as one SVG, with the table of the same numbers below. */
export function TimeSeriesChart<K extends string>({
  series,
  style,
  group,
  caption,
  empty,
}: {
  series: TimeSeries<K>;
  style: SeriesStyle<K>;
  group: "day" | "week";
  caption: string;
  empty: string;
}) {
  const totals = series.rows.map((r) => series.keys.reduce((n, k) => n + r.values[k], 0));
  const max = Math.max(0, ...totals);
  if (max === 0) return <EmptyState>{empty}</EmptyState>;
  const first = series.rows[0]!.bucket;
  const last = series.rows[series.rows.length - 1]!.bucket;
  const showTotal = series.keys.length > 1;

  return (
    <>
      <Legend keys={series.keys} style={style} />
      <div aria-hidden="true">
        <div className="flex items-baseline justify-between text-xs text-muted">
          <span>{max}</span>
        </div>
        <svg
          viewBox={`0 0 ${series.rows.length} ${CHART_HEIGHT}`}
          preserveAspectRatio="none"
          className="block h-40 w-full border-t border-dashed border-brand-200 border-b border-b-brand-300 sm:h-48"
        >
          {series.keys.map((k) => (
            <path key={k} d={stackedBars(series, k, max)} className={style.color[k]} />
          ))}
        </svg>
        <div className="mt-1 flex justify-between text-xs text-muted">
          <span>{bucketLabel(first, group)}</span>
          {first !== last ? <span>{bucketLabel(last, group)}</span> : null}
        </div>
      </div>
      <DataTable caption={caption}>
        <thead>
          <tr>
            <th scope="col">{group === "week" ? "Week" : "Day"}</th>
            {series.keys.map((k) => (
              <th key={k} scope="col" className="text-right">
                {style.label[k]}
              </th>
            ))}
            {showTotal ? (
              <th scope="col" className="text-right">
                Total
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {series.rows.map((row, i) => (
            <tr key={row.bucket}>
              <th scope="row" className="font-normal whitespace-nowrap">
                {bucketLabel(row.bucket, group)}
              </th>
              {series.keys.map((k) => (
                <td key={k} className="text-right tabular-nums">
                  {row.values[k]}
                </td>
              ))}
              {showTotal ? <td className="text-right font-bold tabular-nums">{totals[i]}</td> : null}
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}

/** Totals per category as horizontal bars inside the table itself: the bar is decoration beside the number. */
export function TotalsChart({
  items,
  caption,
  labelHeader,
  valueHeader,
  empty,
  barClass = "bg-brand-600",
}: {
  items: { label: string; value: number }[];
  caption: string;
  labelHeader: string;
  valueHeader: string;
  empty: string;
  barClass?: string;
}) {
  const max = Math.max(0, ...items.map((i) => i.value));
  if (max === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <DataTable caption={caption} scroll={false}>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col" className="text-right">
            {valueHeader}
          </th>
          <th scope="col" className="w-2/5">
            <span className="sr-only">Bar</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.label}>
            <th scope="row" className="font-normal break-all">
              {item.label}
            </th>
            <td className="text-right tabular-nums">{item.value}</td>
            <td aria-hidden="true">
              <div className="h-3 rounded-sm bg-brand-50">
                <div className={`h-3 rounded-sm ${barClass}`} style={{ width: `${(item.value / max) * 100}%` }} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function DataTable({ caption, children, scroll = true }: { caption: string; children: ReactNode; scroll?: boolean }) {
  const table = (
    <table className="w-full text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1 [&_th:not(.text-right)]:text-left [&_thead_th]:sticky [&_thead_th]:top-0 [&_thead_th]:bg-white [&_thead_th]:font-bold [&_tbody_tr]:border-t [&_tbody_tr]:border-brand-50">
      <caption className="sr-only">{caption}</caption>
      {children}
    </table>
  );
  if (!scroll) return <div className="mt-4">{table}</div>;
  // A long range has many rows: they scroll inside the card, and the region is focusable for keyboard users.
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="mt-4 max-h-64 overflow-auto rounded-lg border border-brand-100 focus:outline-none focus:ring-2 focus:ring-brand-300"
    >
      {table}
    </div>
  );
}
