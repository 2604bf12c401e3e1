import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database } from "./client";
import { createTestDatabase, TEST_POSTGRES_URL, testDatabaseKind } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";

// Dropped connections and outages are a PostgreSQL server's failure modes; PGlite runs in-process.
describe.skipIf(testDatabaseKind !== "postgres")("when PostgreSQL drops the server's connections", () => {
  let database: Database;
  let server: TestServer;
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    name = result.rows[0]!.name;
    admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await admin.query(`alter database ${name} with allow_connections true`);
    await admin.end();
    await server.close();
    await database.close();
  });

  /** Ends every connection to the test database, as a restart or an operator would, through a separate admin connection. */
  async function terminateAll() {
    const { rows } = await admin.query("select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1", [name]);
    return rows.length;
  }
  const settle = () => new Promise((r) => setTimeout(r, 200));

  async function until(check: () => Promise<boolean>, ms = 10_000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("condition not met in time");
  }

  it("keeps answering: idle connections that were killed are replaced", async () => {
    // Fill the pool with several idle connections first.
    await Promise.all(Array.from({ length: 5 }, () => fetch(`${server.url}/healthz`)));
    expect(await terminateAll()).toBeGreaterThanOrEqual(1);
    await settle();

    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const session = await fetch(`${server.url}/api/auth/session`, { headers: { cookie: "cat_hotel_session=not-a-session" } });
    expect(session.status).toBe(200);
  });

  it("takes callback requests on the connections that replace killed ones, the number's wait still held", async () => {
    const ask = (phoneNumber: string) =>
      fetch(`${server.url}/api/callback`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.78" },
        body: JSON.stringify({ phoneNumber }),
      });
    expect((await ask("9492495556")).status).toBe(200);
    expect(await terminateAll()).toBeGreaterThanOrEqual(1);
    await settle();

    expect((await ask("9492495557")).status).toBe(200);
    const again = await ask("9492495556");
    expect(again.status).toBe(429);
    expect((await again.json()).error.code).toBe("NUMBER_RECENTLY_CALLED");
  });

  it("a transaction whose connection is killed fails on its own; the process and the pool carry on", async () => {
    const running = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(5)`);
    });
    const outcome = running.then(
      () => "committed",
      () => "failed",
    );
    await until(
      async () =>
        (await admin.query("select 1 from pg_stat_activity where datname = $1 and query like '%pg_sleep%' and pid <> pg_backend_pid()", [name])).rowCount! > 0,
    );
    await terminateAll();
    expect(await outcome).toBe("failed");
    await settle();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("in an outage answers 503 with Retry-After (JSON for /api, a page elsewhere) and recovers by itself", async () => {
    await admin.query(`alter database ${name} with allow_connections false`);
    await terminateAll();
    await settle();

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe("5");
    expect(await health.json()).toMatchObject({ status: "unavailable", database: "postgres", reason: "the database is unreachable" });

    const api = await fetch(`${server.url}/api/auth/session`, { headers: { cookie: "cat_hotel_session=not-a-session" } });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("5");
    expect(await api.json()).toEqual({
      error: { code: "DATABASE_UNAVAILABLE", message: "Our service is briefly unavailable. Please try again in a few seconds." },
    });

    const page = await fetch(`${server.url}/media/00000000-0000-4000-8000-000000000000-640.webp`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("We will be right back");
    expect(html).not.toMatch(/at .*\.(js|ts):\d+/);

    // A lead is not lost silently either: the visitor is told it was not saved and may retry.
    const callback = await fetch(`${server.url}/api/callback`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
      body: JSON.stringify({ phoneNumber: "9492495555" }),
    });
    expect(callback.status).toBe(503);
    expect(callback.headers.get("retry-after")).toBe("5");

    await admin.query(`alter database ${name} with allow_connections true`);
    const back = await fetch(`${server.url}/healthz`);
    expect(back.status).toBe(200);
    expect((await fetch(`${server.url}/api/auth/session`, { headers: { cookie: "cat_hotel_session=not-a-session" } })).status).toBe(200);
  });
});
