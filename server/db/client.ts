import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import path from "node:path";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock";
import * as schema from "./schema/index";

/** One type for both drivers: every query in the app is written against this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers whether the database responds; used by /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/** Where a lost connection is reported; nothing is reported when absent (it is still handled). */
type ErrorLog = { warn(obj: object, msg: string): void };

export type DatabaseOptions =
  | { url: string; poolSize?: number; logger?: ErrorLog }
  /** dataDir undefined: an in-memory PGlite (tests). */
  | { dataDir?: string };

/** Opens the database and applies pending migrations before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = createPool(options.url, options.poolSize ?? 10, options.logger);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: "postgres",
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }

  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const client = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      kind: "pglite",
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A pool that survives the server dropping its connections (a restart, a failover,
 * pg_terminate_backend): a connection that errors, idle or checked out, is logged and discarded,
 * and the next query opens a new one. Without these listeners the 'error' event is unhandled and
 * ends the process. A connection attempt gives up after 5 s, so a request in an outage is answered
 * (503) rather than left hanging.
 */
function createPool(url: string, max: number, logger: ErrorLog | undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, keepAlive: true });
  // Every connection keeps its own listener, idle or checked out (inside a transaction the pool has
  // none on it); the pool discards a connection that errored instead of handing it out again.
  pool.on("connect", (client) => client.on("error", (err) => logger?.warn({ err }, "database connection lost; it will be replaced")));
  // An idle connection's error is also re-emitted by the pool: already logged above.
  pool.on("error", () => {});
  return pool;
}
