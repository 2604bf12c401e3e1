import { formatCalendarDay } from "~/lib/business-time";
import { entryText, vetCalledText } from "~/domain/care-wording";

/** One standing entry as the log shows it (the server's `CareLogEntry`). */
type LogEntry = Parameters<typeof entryText>[0] & {
  id: string;
  time: string;
  catName: string;
  /** Who logged it: a name for the team, initials for the owner. */
  by: string;
  isCorrection: boolean;
  remark: string | null;
  photo: { src: string; srcSet: string; sizes: string; width: number; height: number } | null;
  /** A dose, said plainly with what the team did (ADR 0188); `wentWrong` when it was late, refused, spat out or vomited. */
  doseText: string | null;
  wentWrong: boolean;
};

/** A dose nobody logged (the server's `CareLogMissedDose`). */
interface LogMissedDose {
  id: string;
  catName: string;
  time: string;
  text: string;
}

/** An incident as the log shows it (the server's `IncidentView`). */
interface LogIncident {
  id: string;
  catName: string;
  time: string;
  whatHappened: string;
  whatWasDone: string;
  vetCalled: boolean;
  by: string;
}

export interface CareLogDayView {
  day: string;
  incidents: LogIncident[];
  missed: LogMissedDose[];
  entries: LogEntry[];
}

/**
 * A stay's Care log, day by day (ADR 0157, 0165, 0188): each day's incidents first, highlighted, then
 * the doses missed, then its entries with the time and who did it; a dose that went wrong (late,
 * refused, spat out, vomited) is marked and says what the team did. The owner's stay page and the staff stay page both show it.
 * `manyCats`: the stay has more than one cat, so each line names its cat.
 */
export function CareLogDays({ days, manyCats, emptyText }: { days: CareLogDayView[]; manyCats: boolean; emptyText: string }) {
  if (days.length === 0) return <p className="mt-2 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)]">{emptyText}</p>;
  return days.map(({ day, incidents, missed, entries }) => (
    <section key={day} className="mt-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6" aria-label={formatCalendarDay(day)}>
      <h3 className="font-display text-xl text-brand-900">{formatCalendarDay(day)}</h3>
      {incidents.map((i) => (
        <IncidentBlock key={i.id} incident={i} />
      ))}
      {missed.length > 0 ? (
        <ul className="mt-3 grid gap-2" aria-label="Doses missed">
          {missed.map((m) => (
            <li key={m.id} className="rounded-xl border-2 border-amber-700 bg-amber-50 p-3">
              <span className="font-bold text-amber-900">Dose missed · {m.time}</span>
              <br />
              {manyCats ? `${m.catName}: ` : ""}
              {m.text}
            </li>
          ))}
        </ul>
      ) : null}
      {entries.length > 0 ? (
        <ul className="mt-2 grid gap-2">
          {entries.map((e) => (
            <li key={e.id} className="grid grid-cols-[5.5rem_1fr] gap-2">
              <span className="font-semibold">{e.time}</span>
              <span className="min-w-0">
                {e.wentWrong ? <strong className="text-amber-900">Dose not as planned: </strong> : null}
                {manyCats ? `${e.catName}: ` : ""}
                {e.doseText ?? entryText(e)}
                <span className="text-muted"> · {e.by}</span>
                {e.isCorrection ? <span className="text-muted"> (corrected)</span> : null}
                {e.photo ? (
                  <img
                    {...e.photo}
                    alt={`${e.catName}, ${e.time}${e.remark ? `: ${e.remark}` : ""}`}
                    loading="lazy"
                    className="mt-2 h-auto w-full max-w-[480px] rounded-xl"
                  />
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  ));
}

/** An incident: what happened, what was done, whether a vet was called, highlighted in the day. */
function IncidentBlock({ incident: i }: { incident: LogIncident }) {
  return (
    <article aria-label={`Incident at ${i.time}`} className="mt-3 rounded-xl border-2 border-red-700 bg-red-50 p-3 sm:p-4">
      <h4 className="font-bold text-red-900">
        Incident · {i.time} · {i.catName}
      </h4>
      <dl className="mt-1 grid gap-1 text-sm">
        <div>
          <dt className="inline font-semibold">What happened: </dt>
          <dd className="inline break-words whitespace-pre-line">{i.whatHappened}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">What was done: </dt>
          <dd className="inline break-words whitespace-pre-line">{i.whatWasDone}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Vet: </dt>
          <dd className="inline">{vetCalledText(i.vetCalled)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-sm">Recorded by {i.by}</p>
    </article>
  );
}
