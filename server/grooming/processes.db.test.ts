import { isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { appointments } from "../db/schema/index";
import { twoProcesses, verifiedCustomers } from "../testing/booking-race";
import { createTestDatabase, testDatabaseKind } from "../testing/test-database";
import { weekdayOnOrAfter } from "../testing/dates";

// Several server processes share one PostgreSQL database (PGlite's folder allows one process).
describe.skipIf(testDatabaseKind !== "postgres")("two server processes booking one groomer's time at once", () => {
  const processes = twoProcesses();
  // Starting two processes that load the server's code may take long beside busy neighbours.
  beforeAll(() => processes.start(), 120_000);
  afterAll(() => processes.stop());

  it("give exactly one groom between them", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const now = new Date();
      const today = businessDate(now);
      const day = weekdayOnOrAfter(addBusinessDays(today, 14), 3);

      const requests = (await verifiedCustomers(db, 20, now)).map(({ user, catId }) => ({
        user: { id: user.id, email: user.email },
        input: { serviceId: "full-grooming", catIds: [catId], day, time: "14:00" },
      }));
      const outcomes = await processes.race(database.url!, requests, "groom");
      expect(outcomes).toHaveLength(20);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.code))).toEqual(new Set(["TIME_NOT_FREE"]));
      expect(await db.select().from(appointments).where(isNotNull(appointments.groomerId))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
