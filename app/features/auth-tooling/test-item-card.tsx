import { Badge } from "~/components/ui/panel";
import { statusTone } from "~/features/wordpress/settings-validator";
import { NOT_STARTED, TESTING, type TestResultItem } from "./test-item";

const statusLabel: Record<TestResultItem["status"], string> = {
  pending: NOT_STARTED,
  running: TESTING,
  passed: "Passed",
  failed: "Failed",
  warning: "Warning",
};

/** One test: name, status badge, message, duration and expandable details. */
export function TestItemCard({ item, index }: { item: TestResultItem; index: number }) {
  return (
    <li className="rounded-xl border border-brand-100 bg-white p-3" data-testid="test-item" data-status={item.status}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-bold text-muted">{index + 1}.</span>
        <span className="font-bold text-brand-900">{item.name}</span>
        <Badge tone={statusTone[item.status]} className="ml-auto">
          {statusLabel[item.status]}
        </Badge>
      </div>
      {item.status !== "pending" && item.status !== "running" ? (
        <p className="mt-1 text-sm break-words" data-testid="test-message">
          {item.message}
          {item.duration !== undefined ? <span className="text-muted"> · {item.duration} ms</span> : null}
        </p>
      ) : null}
      {item.details ? (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer font-semibold text-brand-800">Details</summary>
          <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-2 whitespace-pre-wrap break-words">{JSON.stringify(item.details, null, 2)}</pre>
        </details>
      ) : null}
    </li>
  );
}

export function SummaryStats({ passed, failed, total, successRate }: { passed: number; failed: number; total: number; successRate?: number }) {
  const stats = [
    { label: "Passed", value: passed, className: "text-green-800" },
    { label: "Failed", value: failed, className: "text-red-700" },
    { label: "Total", value: total, className: "text-brand-900" },
    ...(successRate !== undefined ? [{ label: "Success Rate", value: `${successRate}%`, className: "text-brand-900" }] : []),
  ];
  return (
    <dl className={`grid gap-2 ${stats.length === 4 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3"}`} data-testid="summary">
      {stats.map((s) => (
        <div key={s.label} className="rounded-xl bg-brand-50 px-3 py-2 text-center">
          <dt className="text-xs font-bold tracking-wide text-muted uppercase">{s.label}</dt>
          <dd className={`font-display text-2xl font-bold ${s.className}`}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
