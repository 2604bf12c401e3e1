import crypto from "node:crypto";
import type { Db } from "../db/client";
import { suiteTypes, suites } from "../db/schema/index";

/** A suite type of its own ($50 a night, $20 a further cat) with `count` suites, so a test knows exactly what is free. */
export async function testSuiteType(db: Db, count: number, options: { maxCats?: number } = {}) {
  const [type] = await db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats: options.maxCats ?? 2, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  await db.insert(suites).values(Array.from({ length: count }, () => ({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` })));
  return type!;
}
