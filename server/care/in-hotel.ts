import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { cats, stayCats, staySuites, stays, suites } from "../db/schema/index";

/** The cats in the hotel now (their stays checked in): what their profiles say, and their suite (Today, the care alerts). */
export function catsCheckedIn(db: Db) {
  return db
    .select({
      stayId: stays.id,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      catId: cats.id,
      catName: stayCats.catName,
      profileName: cats.name,
      feedingInstructions: cats.feedingInstructions,
      medications: cats.medications,
      suite: suites.name,
    })
    .from(stays)
    .innerJoin(stayCats, eq(stayCats.stayId, stays.id))
    .innerJoin(cats, eq(cats.id, stayCats.catId))
    .leftJoin(staySuites, eq(staySuites.id, stayCats.staySuiteId))
    .leftJoin(suites, eq(suites.id, staySuites.suiteId))
    .where(eq(stays.status, "checked_in"))
    .$dynamic();
}
