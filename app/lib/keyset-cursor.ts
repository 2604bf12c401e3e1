import { z } from "~/lib/zod";

/**
 * A place in a list sorted by an instant and then an id (ADR 0115): "<ISO instant to the
 * microsecond>_<uuid>", e.g. 2026-01-03T12:00:00.123456Z_5b1e…. The microseconds are the database's
 * own precision, so two rows a fraction of a millisecond apart never share a place; the id breaks
 * exact ties. Pages start after or end before such a place, so they stay put however many rows
 * arrive meanwhile, and no page counts the rows before it.
 */
export const KEYSET_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const keysetCursorSchema = z
  .string()
  .regex(KEYSET_CURSOR_PATTERN, "This page link is not valid.")
  // A date that does not exist (February 31) is refused here, not by the database.
  .refine((v) => {
    const at = Date.parse(v.slice(0, 27));
    return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 19) === v.slice(0, 19);
  }, "This page link is not valid.");

/** A page link's query string: the page before or after a cursor (neither: the first page). */
export const keysetPageQuerySchema = z.object({ before: keysetCursorSchema.optional(), after: keysetCursorSchema.optional() });
export type KeysetPageQuery = z.output<typeof keysetPageQuerySchema>;
