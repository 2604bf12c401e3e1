import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { stayCats, staySuites, stays, suiteTypes, suites } from "../db/schema/index";
import { bookStay } from "./book";
import { twoProcesses, verifiedCustomers } from "../testing/booking-race";
import { createTestDatabase, testDatabaseKind } from "../testing/test-database";
import { weekdayOnOrAfter } from "../testing/dates";

// Several server processes share one PostgreSQL database (PGlite's folder allows one process).
describe.skipIf(testDatabaseKind !== "postgres")("two server processes booking the last suite at once", () => {
  const processes = twoProcesses();
  // Starting two processes that load the server's code may take long beside busy neighbours.
  beforeAll(() => processes.start(), 120_000);
  afterAll(() => processes.stop());

  it("give exactly one stay between them", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const now = new Date();
      const today = businessDate(now);
      const checkIn = weekdayOnOrAfter(addBusinessDays(today, 21), 2);
      const [type] = await db.insert(suiteTypes).values({ name: "Solo", maxCats: 1, nightlyRateCents: 5000, extraCatRateCents: 0 }).returning();
      await db.insert(suites).values({ suiteTypeId: type!.id, name: "Solo 1" });

      const requests = (await verifiedCustomers(db, 20, now)).map(({ user, catId }) => ({
        userId: user.id,
        input: { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: [catId], suiteTypeId: type!.id, arrangement: "together" },
      }));
      const outcomes = await processes.race(database.url!, requests, "stay");
      expect(outcomes).toHaveLength(20);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.code))).toEqual(new Set(["NO_SUITE_FREE"]));
      expect(await db.select().from(stays).where(eq(stays.status, "confirmed"))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it(
    "give staff at the desk and customers online, 20 at once for the last suite of a type, exactly one stay; the others are told it is taken",
    { timeout: 120_000 },
    async () => {
      const database = await createTestDatabase();
      try {
        const { db } = database;
        const now = new Date();
        const today = businessDate(now);
        const checkIn = weekdayOnOrAfter(addBusinessDays(today, 21), 2);
        const checkOut = addBusinessDays(checkIn, 2);
        const [type] = await db.insert(suiteTypes).values({ name: "Solo", maxCats: 1, nightlyRateCents: 5000, extraCatRateCents: 0 }).returning();
        const [first, last] = await db
          .insert(suites)
          .values([
            { suiteTypeId: type!.id, name: "Solo 1" },
            { suiteTypeId: type!.id, name: "Solo 2" },
          ])
          .returning();
        // One of the type's two suites is taken already: the race is for the last one.
        const [early, ...customers] = await verifiedCustomers(db, 21, now);
        const input = (catId: string) => ({ checkIn, checkOut, catIds: [catId], suiteTypeId: type!.id, arrangement: "together" as const });
        await bookStay(db, early!.user.id, input(early!.catId), { siteUrl: "http://localhost:3000", now });
        // Staff and customers alternate, so each process runs both kinds.
        const requests = customers.map(({ user, householdId, catId }, i) =>
          i % 2 === 0 ? { householdId, staff: `desk-${i}@example.com`, input: input(catId) } : { userId: user.id, input: input(catId) },
        );
        const outcomes = await processes.race(database.url!, requests, "stay");
        expect(outcomes).toHaveLength(20);
        expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
        expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.code))).toEqual(new Set(["NO_SUITE_FREE"]));
        const held = await db
          .select({ suiteId: staySuites.suiteId })
          .from(staySuites)
          .where(and(inArray(staySuites.suiteId, [first!.id, last!.id]), isNull(staySuites.releasedAt)));
        expect(held.map((h) => h.suiteId).toSorted()).toEqual([first!.id, last!.id].toSorted());
      } finally {
        await database.close();
      }
    },
  );

  it("give one cat booked 20 times over the same nights, each in a suite of its own, exactly one stay (ADR 0141)", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const now = new Date();
      const today = businessDate(now);
      const checkIn = weekdayOnOrAfter(addBusinessDays(today, 21), 2);
      const checkOut = addBusinessDays(checkIn, 2);
      // Twenty suite types of one suite each: no two requests want the same suite, only the same cat.
      const types = [];
      for (let i = 1; i <= 20; i++) {
        const [type] = await db
          .insert(suiteTypes)
          .values({ name: `Solo ${i}`, maxCats: 1, nightlyRateCents: 5000, extraCatRateCents: 0 })
          .returning();
        await db.insert(suites).values({ suiteTypeId: type!.id, name: `Solo ${i} room` });
        types.push(type!);
      }
      const [customer] = await verifiedCustomers(db, 1, now);
      const { user, catId } = customer!;
      const requests = types.map((type) => ({ userId: user.id, input: { checkIn, checkOut, catIds: [catId], suiteTypeId: type.id, arrangement: "together" } }));
      const outcomes = await processes.race(database.url!, requests, "stay");
      expect(outcomes).toHaveLength(20);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.code))).toEqual(new Set(["CAT_ALREADY_BOOKED"]));
      expect(await db.select().from(stays).where(eq(stays.status, "confirmed"))).toHaveLength(1);
      expect(
        await db
          .select()
          .from(stayCats)
          .where(and(eq(stayCats.catId, catId), eq(stayCats.held, true))),
      ).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
