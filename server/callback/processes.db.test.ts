import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMeBackForm, telephonyEvents } from "../db/schema/index";
import { twoProcesses } from "../testing/booking-race";
import { createTestDatabase, testDatabaseKind } from "../testing/test-database";

const clientIp = (i: number) => `198.51.100.${i + 1}`;

// Several server processes share one PostgreSQL database (PGlite's folder allows one process).
describe.skipIf(testDatabaseKind !== "postgres")("callback requests raced across two server processes", () => {
  const processes = twoProcesses();
  // Starting two processes that load the server's code may take long beside busy neighbours.
  beforeAll(() => processes.start(), 120_000);
  afterAll(() => processes.stop());

  it("twenty requests for one number: one lead, one call, nineteen told to wait for it", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const phoneNumber = "+19492496001";
      const requests = Array.from({ length: 20 }, (_, i) => ({ input: { phoneNumber, ip: clientIp(i) }, env: { CALLBACK_GLOBAL_PER_HOUR: "1000" } }));
      const outcomes = await processes.race(database.url!, requests, "callback");

      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok).map((o) => o.code)).toEqual(Array(19).fill("NUMBER_RECENTLY_CALLED"));
      expect(await database.db.select().from(callMeBackForm)).toMatchObject([{ phoneNumber, callStatus: "simulated" }]);
      expect(await database.db.select().from(telephonyEvents).where(eq(telephonyEvents.kind, "call"))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it("twenty numbers against a cap of five calls an hour: five called, fifteen kept as paused", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const numbers = Array.from({ length: 20 }, (_, i) => `+1949249${String(6100 + i)}`);
      const requests = numbers.map((phoneNumber, i) => ({ input: { phoneNumber, ip: clientIp(i) }, env: { CALLBACK_GLOBAL_PER_HOUR: "5" } }));
      const outcomes = await processes.race(database.url!, requests, "callback");

      expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
      expect(outcomes.filter((o) => !o.ok).map((o) => o.code)).toEqual(Array(15).fill("CALLS_PAUSED"));
      const leads = await database.db.select().from(callMeBackForm).where(inArray(callMeBackForm.phoneNumber, numbers));
      expect(leads).toHaveLength(20);
      expect(leads.filter((l) => l.callStatus === "simulated")).toHaveLength(5);
      expect(leads.filter((l) => l.callStatus === "paused")).toHaveLength(15);
      expect(await database.db.select().from(telephonyEvents).where(eq(telephonyEvents.kind, "call"))).toHaveLength(5);
    } finally {
      await database.close();
    }
  });
});
