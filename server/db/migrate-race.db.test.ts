import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { createEmptyPostgresDatabase, testDatabaseKind } from "../testing/test-database";

const migrationCount = readdirSync(path.resolve("drizzle")).filter((f) => f.endsWith(".sql")).length;

// Several server processes share one PostgreSQL database; PGlite's folder allows one process (data-dir-lock.ts).
describe.skipIf(testDatabaseKind !== "postgres")("instances starting together on an empty PostgreSQL database", () => {
  it("all open it: the migrations are applied once, under a lock", async () => {
    const empty = await createEmptyPostgresDatabase("test_race");
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ url: empty.url, poolSize: 2 })));
      const opened = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      await Promise.all(opened.map((db) => db.close()));
      expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "ok"))).toEqual(["ok", "ok", "ok", "ok"]);

      const check = new pg.Client({ connectionString: empty.url });
      await check.connect();
      const { rows } = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      // pg_locks lists the whole server's locks: other test files' bookings take advisory locks in their own databases.
      const locks = await check.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      await check.end();
      expect(rows[0].n).toBe(migrationCount);
      expect(locks.rows[0].n).toBe(0);
    } finally {
      await empty.drop();
    }
  });
});
