import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { stayCats } from "../db/schema/index";

/**
 * The names of each stay's cats as booked (null for a cat whose profile was erased), in one query for
 * a list of stays: what a mail or a list names the stay by. Each caller says what an unnamed cat is.
 */
export async function catNamesByStay(db: Db, stayIds: string[]): Promise<Map<string, (string | null)[]>> {
  const names = new Map<string, (string | null)[]>(stayIds.map((id) => [id, []]));
  if (stayIds.length === 0) return names;
  const rows = await db.select({ stayId: stayCats.stayId, catName: stayCats.catName }).from(stayCats).where(inArray(stayCats.stayId, stayIds));
  for (const row of rows) names.get(row.stayId)?.push(row.catName);
  return names;
}
