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
export function beyond(boundary: Boundary, at: AnyPgColumn | SQL, id: AnyPgColumn | SQL): SQL | undefined {
  if (!boundary) return undefined;
  const before = "before" in boundary;
  const [instant, rowId] = (before ? boundary.before : boundary.after).split("_");
  const position = sql`(${instant}::timestamptz, ${rowId}::uuid)`;
  return before ? sql`(${at}, ${id}) < ${position}` : sql`(${at}, ${id}) > ${position}`;
}

/**
 * One keyset page, newest first: the newest rows, those older than `before` or those newer than
 * `after`, with the cursors of the pages either side (null where there is none). `select` reads up to
 * `limit` rows beyond a boundary, nearest first; a page reads one row more than it shows to learn
 * whether another follows, and nothing counts the rest.
 */
export async function keysetPage<T extends { cursor: string }>(
  select: (boundary: Boundary, limit: number) => Promise<T[]>,
  { before, after }: { before?: string; after?: string },
  pageSize: number,
): Promise<{ rows: T[]; newer: string | null; older: string | null }> {
  if (after) {
    const rows = await select({ after }, pageSize + 1);
    // Fewer than a page is newer: those are the newest rows, so show the newest page, full.
    if (rows.length <= pageSize) return keysetPage(select, {}, pageSize);
    const page = rows.slice(0, pageSize).reverse();
    return { rows: page, newer: page[0]!.cursor, older: page.at(-1)!.cursor };
  }
  const rows = await select(before ? { before } : null, pageSize + 1);
  const page = rows.slice(0, pageSize);
  return {
    rows: page,
    // Past the oldest row, the way back starts at the cursor itself.
    newer: before ? (page[0]?.cursor ?? before) : null,
    older: rows.length > pageSize ? page.at(-1)!.cursor : null,
  };
}
