import crypto from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Database } from "../db/client";
import * as schema from "../db/schema/index";
import { sqlStateOf } from "../db/sql-state";
import { loadEnv } from "../env";
import { testHousehold } from "../testing/households";
import { testRequestContext } from "../testing/request-context";
import { routeTable } from "../testing/route-table";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";

/**
 * A loader only reads (ADR 0193, 0203): a GET, a prefetch or a revalidation changes nothing. Every
 * page's loader runs here, as a customer and as the Owner, on a connection whose transactions are all
 * read-only, so a write (an UPDATE, an INSERT, a DELETE, even inside a transaction of its own) fails
 * with PostgreSQL's own refusal. What a page changes when it is shown goes to its action, posted by the
 * page (Messages marks what it shows read), or to a job.
 */

/** Pages whose loader does more with a query: the address it is walked with besides its bare one. */
const QUERIES: Record<string, () => string> = {
  "/admin/messages": () => `?c=${encodeURIComponent(`phone:${texter}`)}`,
};

/** The SQLSTATEs of a write refused by a read-only transaction, and of what follows it in the same transaction. */
const READ_ONLY_REFUSALS = new Set(["25006", "25P02"]);

let database: Database;
let readOnly: Db;
let closeReadOnly = async () => {};
let texter = "";
const cookies = { customer: "", owner: "" };
const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const now = new Date();
  const viewer = await testHousehold(db, now);
  cookies.customer = await sessionCookieFor(db, viewer.user.email);
  cookies.owner = await sessionCookieFor(db, `owner-${crypto.randomUUID()}@example.com`, { admin: true });
  texter = `+1949555${String(crypto.randomInt(10_000)).padStart(4, "0")}`;
  await db
    .insert(schema.incomingTexts)
    .values({ messageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`, fromPhone: texter, body: "Is Miso eating?", receivedAt: now });
  if (database.url) {
    const pool = new pg.Pool({ connectionString: database.url, options: "-c default_transaction_read_only=on", max: 4 });
    // eslint-disable-next-line no-restricted-syntax -- a driver's connection made a Db, as server/db/client.ts makes one.
    readOnly = drizzle(pool, { schema }) as unknown as Db;
    closeReadOnly = () => pool.end();
  } else {
    // The embedded database has one connection: from here on, every transaction on it is read-only.
    await db.execute(sql`set default_transaction_read_only = on`);
    readOnly = db;
  }
});
afterAll(async () => {
  await closeReadOnly();
  await database.close();
});

type Loader = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;

const PAGES = routeTable().filter((r) => !/[:*]/.test(r.url) && /export (const|async function) loader\b/.test(r.source));

describe("every page's loader, for a customer and for the Owner", () => {
  it.each(PAGES.map((r) => [r.url, r.file]))(
    "%s only reads",
    async (url, file) => {
      const { loader } = (await import(/* @vite-ignore */ path.resolve("app", file))) as { loader: Loader };
      const writes: string[] = [];
      for (const address of new Set([url, `${url}${QUERIES[url]?.() ?? ""}`])) {
        for (const [who, cookie] of Object.entries(cookies)) {
          const request = new Request(`http://localhost${address}`, { headers: { cookie } });
          const outcome = await loader({ request, context: testRequestContext(env, readOnly), params: {} }).catch((e: unknown) => e);
          const state = sqlStateOf(outcome);
          if (state && READ_ONLY_REFUSALS.has(state)) writes.push(`GET ${address} as ${who}`);
        }
      }
      expect(writes, "move the write to the page's action or a job").toEqual([]);
    },
    120_000,
  );
});
