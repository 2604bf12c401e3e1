import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client";
import { callMeBackForm, testConfigurations, userRoles, users } from "./schema/index";
import { createTestDatabase } from "../testing/test-database";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("schema constraints", () => {
  it("stores a callback number only as +1 and a valid 10-digit North American number", async () => {
    const { db } = database;
    await db.insert(callMeBackForm).values({ phoneNumber: "+19495551234" });
    for (const bad of ["9495551234", "+11495551234", "+1949155123", "+19491551234", "+1949555123x"]) {
      await expect(db.insert(callMeBackForm).values({ phoneNumber: bad })).rejects.toThrow();
    }
    const rows = await db.select().from(callMeBackForm);
    expect(rows.map((r) => r.phoneNumber)).toEqual(["+19495551234"]);
  });

  it("knows only the team's roles, and drops roles with their user", async () => {
    const { db } = database;
    const [user] = await db.insert(users).values({ email: "owner@example.com" }).returning();
    await db.insert(userRoles).values({ userId: user!.id, role: "care" });
    await expect(db.insert(userRoles).values({ userId: user!.id, role: "superuser" })).rejects.toThrow();
    await db.delete(users).where(eq(users.id, user!.id));
    expect(await db.select().from(userRoles)).toEqual([]);
  });

  it("gives test configurations the spec's defaults: 30 s time-out, 3 retries", async () => {
    const { db } = database;
    const [row] = await db.insert(testConfigurations).values({ testName: "Posts", endpoint: "/wp/v2/posts", method: "GET" }).returning();
    expect(row).toMatchObject({ timeoutSeconds: 30, retryCount: 3, enabled: true, headers: {} });
    await expect(db.insert(testConfigurations).values({ testName: "Posts", endpoint: "/x", method: "GET" })).rejects.toThrow();
    await expect(db.insert(testConfigurations).values({ testName: "Bad", endpoint: "/x", method: "TRACE" })).rejects.toThrow();
  });
});
