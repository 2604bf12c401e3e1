import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { cats, stayCheckIns } from "../db/schema/index";

/**
 * Which cats of a stay our team gives medication to, so is charged for (ADR 0194): a cat whose care
 * plan lists a medication. The care plan is the one the owner confirmed at online check-in; before
 * that (or for a cat the plan does not name, one added to the stay since), it is what the cat's
 * profile lists, as the check-in page prefills it and as Today schedules the doses.
 */
export async function medicatedCats(db: Db, input: { stayId?: string; catIds: readonly string[] }): Promise<Set<string>> {
  if (input.catIds.length === 0) return new Set();
  // One read after the other: in a transaction they share one connection.
  const profiles = await db
    .select({ id: cats.id, medications: cats.medications })
    .from(cats)
    .where(inArray(cats.id, [...input.catIds]));
  const [plan] = input.stayId ? await db.select({ cats: stayCheckIns.cats }).from(stayCheckIns).where(eq(stayCheckIns.stayId, input.stayId)) : [];
  return new Set(
    input.catIds.filter((catId) => {
      const planned = plan?.cats.find((c) => c.catId === catId);
      if (planned) return planned.medications.length > 0;
      return (profiles.find((p) => p.id === catId)?.medications.length ?? 0) > 0;
    }),
  );
}
