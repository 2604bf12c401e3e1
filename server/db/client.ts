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

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /** dataDir undefined: an in-memory PGlite (tests). */
  | { dataDir?: string };

/** Opens the database and applies pending migrations before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
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
