import { formatCalendarDayWeekday } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import { type CalendarDay, weekdayOf } from "~/domain/calendar";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** What a day means for a booking, in words (the cell's accessible name and tooltip). */
function describe(day: CalendarDay): string {
  const notes = [
    day.blackout ? `closed for stays (${day.blackout})` : null,
    day.full ? "full" : null,
    day.peak ? `peak: ${day.peak}` : null,
    !day.arrivals && !day.departures ? "no arrivals or departures" : !day.arrivals ? "no arrivals" : !day.departures ? "no departures" : null,
  ].filter(Boolean);
  return `${formatCalendarDayWeekday(day.date)}${notes.length ? `: ${notes.join(", ")}` : ": open"}`;
}

/**
 * The next weeks at a glance: which nights are full, which days are closed for arrivals and
 * departures, which are peak. Server-rendered, so it reads the same before the JavaScript arrives.
 */
export function StayCalendar({ days }: { days: CalendarDay[] }) {
  if (days.length === 0) return null;
  const leading = weekdayOf(days[0]!.date);
  return (
    <figure className="mt-2">
      <div role="list" aria-label="Availability by day" className="grid grid-cols-7 gap-1 text-center text-sm">
        {WEEKDAYS.map((d) => (
          <span key={d} aria-hidden="true" className="pb-1 text-xs font-bold text-muted uppercase">
            {d}
          </span>
        ))}
        {Array.from({ length: leading }, (_, i) => (
          <span key={`pad-${i}`} aria-hidden="true" />
        ))}
        {days.map((day) => {
          const closed = !day.arrivals && !day.departures;
          return (
            <span
              key={day.date}
              role="listitem"
              title={describe(day)}
              aria-label={describe(day)}
              className={cn(
                "relative flex h-11 flex-col items-center justify-center rounded-lg border text-sm",
                day.blackout || day.full
                  ? "border-red-200 bg-red-50 text-red-900 line-through"
                  : day.peak
                    ? "border-accent-300 bg-accent-100 text-accent-700"
                    : closed
                      ? "border-transparent bg-cream text-muted"
                      : "border-brand-100 bg-white text-ink",
              )}
            >
              <span className="font-semibold">{Number(day.date.slice(8))}</span>
              {day.date.endsWith("-01") || day === days[0] ? (
                <span className="text-[0.65rem] leading-none text-muted no-underline">{formatCalendarDayWeekday(day.date).split(" ")[1]}</span>
              ) : null}
            </span>
          );
        })}
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 rounded-sm border border-red-200 bg-red-50 align-middle" />
          Full or closed for stays
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 rounded-sm border border-accent-300 bg-accent-100 align-middle" />
          Peak (surcharge, minimum nights)
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 rounded-sm bg-cream align-middle" />
          No arrivals or departures
        </span>
      </figcaption>
    </figure>
  );
}
