import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Keyset paging over (an instant, an id), the cursor format of app/lib/keyset-cursor.ts (ADR 0115).
 * A page reads only the rows next to its cursor from an index that starts with the instant, so the
 * last page costs what the first does.
 */

/** Where a page starts: after (older than) or before (newer than) the row a cursor names. */
export type Boundary = { before: string } | { after: string } | null;

/** A row's cursor: its instant in UTC to the microsecond, and its id. */
export const cursorOf = (at: AnyPgColumn | SQL, id: AnyPgColumn | SQL) =>
  sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${id}`;

/** The rows beyond the boundary, as one row comparison that an index on the instant can answer. */
export function beyond(boundary: Boundary, at: AnyPgColumn, id: AnyPgColumn): SQL | undefined {
  if (!boundary) return undefined;
  const before = "before" in boundary;
  const [instant, rowId] = (before ? boundary.before : boundary.after).split("_");
  const position = sql`(${instant}::timestamptz, ${rowId}::uuid)`;
  return before ? sql`(${at}, ${id}) < ${position}` : sql`(${at}, ${id}) > ${position}`;
}
