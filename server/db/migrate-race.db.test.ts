import crypto from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { TEST_POSTGRES_URL, testDatabaseKind } from "../testing/test-database";

const migrationCount = readdirSync(path.resolve("drizzle")).filter((f) => f.endsWith(".sql")).length;

// Several server processes share one PostgreSQL database; PGlite's folder allows one process (data-dir-lock.ts).
describe.skipIf(testDatabaseKind !== "postgres")("instances starting together on an empty PostgreSQL database", () => {
  it("all open it: the migrations are applied once, under a lock", async () => {
    const name = `test_race_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ url: url.toString(), poolSize: 2 })));
      const opened = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      await Promise.all(opened.map((db) => db.close()));
      expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "ok"))).toEqual(["ok", "ok", "ok", "ok"]);

      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const locks = await check.query("select count(*)::int as n from pg_locks where locktype = 'advisory'");
      await check.end();
      expect(rows[0].n).toBe(migrationCount);
      expect(locks.rows[0].n).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
