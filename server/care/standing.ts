import type { careEntries } from "../db/schema/index";

/**
 * The entries that stand (ADR 0157): each one no later entry corrects, in the order they were logged.
 * A file of its own so the alerts, which `logCareEntry` calls for a weigh-in, need not import the log.
 */
export function standing<T extends Pick<typeof careEntries.$inferSelect, "id" | "correctsId" | "at">>(entries: T[]): T[] {
  const corrected = new Set(entries.flatMap((e) => (e.correctsId ? [e.correctsId] : [])));
  return entries.filter((e) => !corrected.has(e.id)).sort((a, b) => a.at.getTime() - b.at.getTime());
}
