import type { careEntries } from "../db/schema/index";

/** One row of the care log, as stored. */
export type CareEntry = typeof careEntries.$inferSelect;

/**
 * The entries that stand (ADR 0157): each one no later entry corrects, in the order they were logged.
 * A file of its own so the alerts, which `logCareEntry` calls for a weigh-in, need not import the log.
 */
export function standing<T extends Pick<CareEntry, "id" | "correctsId" | "at">>(entries: T[]): T[] {
  const corrected = new Set(entries.flatMap((e) => (e.correctsId ? [e.correctsId] : [])));
  return entries.filter((e) => !corrected.has(e.id)).sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * When each standing entry happened: a correction tells what happened at the time of the entry it
 * corrects (a meal logged at 8:00 and corrected at noon was eaten at 8:00).
 */
export function happenedAt<T extends Pick<CareEntry, "id" | "correctsId" | "at">>(all: T[]): (e: T) => Date {
  const byId = new Map(all.map((e) => [e.id, e]));
  return (e) => {
    let first = e;
    for (let hops = 0; first.correctsId && hops < 100; hops++) first = byId.get(first.correctsId) ?? first;
    return first.at;
  };
}
