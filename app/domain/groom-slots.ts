import type { TimeWindow } from "./calendar";
import { businessLocalToUtc, businessTime } from "~/lib/business-time";

/**
 * Free start times for a groom (ADR 0130), a plain function of the groomers' day: their working
 * hours and breaks on that weekday, whether the day is off, and the grooms already held. Times are
 * wall-clock times in Los Angeles turned into instants through the business-time module, so a day
 * when the clocks change has the same local times as any other.
 */

/** Start times are offered every quarter hour. */
export const SLOT_STEP_MINUTES = 15;

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface GroomerDay {
  groomerId: string;
  /** The weekday's working hours and breaks, local "HH:MM". */
  hours: readonly TimeWindow[];
  breaks: readonly TimeWindow[];
  dayOff: boolean;
  /** The groomer's active grooms that day. */
  busy: readonly Interval[];
}

export interface FreeTime extends Interval {
  /** Local "HH:MM". */
  time: string;
  /** The groomers free for the whole groom, in the order given. */
  groomerIds: string[];
}

const MINUTE = 60_000;
const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
const windowOn = (day: string, w: TimeWindow): Interval => ({ startsAt: businessLocalToUtc(day, w.from), endsAt: businessLocalToUtc(day, w.to) });

/**
 * Every start time on `day` at which at least one groomer is free for `durationMinutes` inside their
 * working hours, outside their breaks and their other grooms, and not before `notBefore`.
 */
export function freeTimes(day: string, durationMinutes: number, groomers: readonly GroomerDay[], notBefore: Date): FreeTime[] {
  const byTime = new Map<number, FreeTime>();
  for (const groomer of groomers) {
    if (groomer.dayOff) continue;
    const blocked = [...groomer.breaks.map((b) => windowOn(day, b)), ...groomer.busy];
    for (const hours of groomer.hours.map((w) => windowOn(day, w))) {
      for (let start = hours.startsAt.getTime(); start + durationMinutes * MINUTE <= hours.endsAt.getTime(); start += SLOT_STEP_MINUTES * MINUTE) {
        const slot = { startsAt: new Date(start), endsAt: new Date(start + durationMinutes * MINUTE) };
        if (slot.startsAt < notBefore || blocked.some((b) => overlaps(slot, b))) continue;
        const found = byTime.get(start);
        if (found) found.groomerIds.push(groomer.groomerId);
        else byTime.set(start, { ...slot, time: businessTime(slot.startsAt), groomerIds: [groomer.groomerId] });
      }
    }
  }
  return [...byTime.values()].sort((a, b) => +a.startsAt - +b.startsAt);
}

/** What a groom of `cats` cats takes and costs: the service once per cat, one after another. */
export const groomLength = (service: { durationMinutes: number; priceCents: number }, cats: number) => ({
  durationMinutes: service.durationMinutes * cats,
  priceCents: service.priceCents * cats,
});
