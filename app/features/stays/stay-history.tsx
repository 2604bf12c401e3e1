import { formatBusinessDateTime } from "~/lib/business-time";

/** A stay's history at the desk (ADR 0196): each thing that happened, when, and who did it by name. */
export function StayHistory({ lines }: { lines: { at: string; what: string; by: string }[] }) {
  if (lines.length === 0) return <p className="text-muted">Nothing has happened to this stay yet.</p>;
  return (
    <ol className="grid gap-2" aria-label="Stay history">
      {lines.map((line, i) => (
        <li key={i} className="grid gap-x-3 sm:grid-cols-[12rem_1fr]">
          <time dateTime={line.at} className="text-sm text-muted">
            {formatBusinessDateTime(new Date(line.at))}
          </time>
          <p className="break-words">
            {line.what} <span className="text-muted">· {line.by}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}
