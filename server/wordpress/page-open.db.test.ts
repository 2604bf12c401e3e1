import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { testConfigurations, userRoles, users, wordpressConnections } from "../db/schema/index";
import { createSession } from "../auth/sessions";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { testRequestContext } from "../testing/request-context";

/**
 * Opening the WordPress tools writes nothing: the pages' loaders, and every runner action their
 * panels send on opening (the connection form, the test configurations, the testing dashboard's
 * database-save check, which runs by itself on /admin-backup), leave every table as it was.
 */

type Handler = (args: { request: Request; context: RequestContext; params: Record<string, string> }) => Promise<unknown>;

let database: Database;
let server: TestServer;
let cookie = "";

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database, { WORDPRESS_ALLOWED_HOSTS: "127.0.0.1" });
  const [admin] = await database.db.insert(users).values({ email: "owner@example.com" }).returning();
  await database.db.insert(userRoles).values({ userId: admin!.id, role: "owner" });
  cookie = `cat_hotel_session=${(await createSession(database.db, admin!.id, new Date())).token}`;
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const runner = async (body: unknown) => {
  const res = await fetch(`${server.url}/api/wordpress-test-runner`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const credentials = { url: "https://wp.example.com", username: "admin", password: "abcd efgh ijkl mnop" };
const MASK = "••••••••••••••••";

/** Every table's row count, and the WordPress rows in full (a re-save only moves updated_at). */
async function snapshot() {
  const { rows } = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const result = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`)) as unknown as { rows: { n: number }[] };
    counts[table_name] = result.rows[0]!.n;
  }
  return {
    counts,
    connections: await database.db.select().from(wordpressConnections),
    configurations: await database.db.select().from(testConfigurations),
  };
}

async function openPage(file: string, url: string) {
  const { loader } = (await import(/* @vite-ignore */ file)) as { loader: Handler };
  const context: RequestContext = testRequestContext(server.env, database.db);
  await loader({ request: new Request(`http://localhost${url}`, { headers: { cookie } }), context, params: {} });
}

describe("opening the WordPress tools", () => {
  it("writes nothing: not on the pages, not in what their panels ask for on opening", async () => {
    // The admin saved a connection once, on purpose.
    expect((await runner({ action: "save_credentials", credentials })).status).toBe(200);
    const before = await snapshot();
    expect(before.configurations).toHaveLength(0);

    await openPage("~/routes/admin/layout", "/admin/integrations");
    await openPage("~/routes/admin/integrations", "/admin/integrations");
    await openPage("~/routes/admin-backup", "/admin-backup");

    // The connection form and the test configurations panel.
    expect((await runner({ action: "load_credentials" })).body.credentials).toEqual({ ...credentials, password: MASK });
    const status = await runner({ action: "check_status" });
    expect(status.body).toMatchObject({ configurations_saved: false, test_configurations: { total: 0 } });
    expect(status.body.configurations).toHaveLength(6);
    // The database-save check that /admin-backup runs by itself: status, load, the save as a dry run, read back.
    await runner({ action: "check_status" });
    await runner({ action: "load_credentials" });
    const dryRun = await runner({ action: "save_credentials", credentials: { ...credentials, password: MASK }, dry_run: true });
    expect(dryRun).toMatchObject({ status: 200, body: { success: true, dry_run: true, connection_info: { connection_name: "default" } } });
    await runner({ action: "load_credentials" });

    expect(await snapshot()).toEqual(before);
  });

  it("the dry run makes the real save's checks (and the real save would have been seen)", async () => {
    const elsewhere = await runner({
      action: "save_credentials",
      credentials: { ...credentials, url: "https://other.example.com", password: MASK },
      dry_run: true,
    });
    expect(elsewhere).toMatchObject({ status: 400, body: { error: { code: "PASSWORD_REQUIRED" } } });

    const before = await snapshot();
    expect((await runner({ action: "save_credentials", credentials: { ...credentials, password: MASK } })).status).toBe(200);
    const after = await snapshot();
    expect(after.connections[0]!.updatedAt.getTime()).toBeGreaterThan(before.connections[0]!.updatedAt.getTime());
  });
});
