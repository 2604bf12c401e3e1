import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Placeholder, type Query, type SQL, is, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock";
import { EmbeddedPGlite } from "./embedded";
import { StatementNames } from "./statement-names";
import { tightenFolder } from "./private-files";
import * as schema from "./schema/index";

/** One type for both drivers: every query in the app is written against this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw query: both drivers (node-postgres and PGlite) answer `execute` with `{ rows }`. */
export async function rowsOf<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] };
  return result.rows ?? [];
}

/**
 * A statement whose SQL is built once and prepared under `name` on each connection that runs it, so
 * neither this process nor the database parses and plans it again for every request (ADR 0221). Its
 * values are placeholders (`sql.placeholder`), given by name when it runs; it answers `rowsOf`'s rows.
 * Only for a hot statement of fixed text: the name must be unique in the app. On PostgreSQL it goes
 * to the pool itself (node-postgres prepares a named statement once per connection), without
 * Drizzle's per-query wrapping: none of its mapping applies to raw rows (ADR 0226); on the embedded
 * database through Drizzle's session, where it is named as any repeated statement is (`StatementNames`,
 * ADR 0227). Either way it is also built only once.
 */
export function preparedStatement<T>(name: string, build: () => SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  let query: Query | undefined;
  const preparedFor = new WeakMap<Db, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return async (db, values) => {
    query ??= new PgDialect().sqlToQuery(build());
    const client = "$client" in db ? db.$client : undefined;
    if (client instanceof pg.Pool) {
      const params = query.params.map((param) => (is(param, Placeholder) ? values[param.name] : param));
      return (await client.query({ name, text: query.sql, values: params })).rows as T[];
    }
    let prepared = preparedFor.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(query, undefined, name, false);
      preparedFor.set(db, prepared);
    }
    const result = (await prepared.execute(values)) as { rows?: T[] };
    return result.rows ?? [];
  };
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers whether the database responds; used by /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's whole data folder as one tarball (PGlite only). */
  dumpDataDir?(): Promise<Blob>;
  /** The PostgreSQL server's connection URL (PostgreSQL only): what a backup's pg_dump reads. */
  url?: string;
}

/**
 * The embedded database's memory (ADR 0198). PostgreSQL's default 128 MB of shared buffers is
 * allocated and zeroed inside the process at start: a small hotel's whole database fits in 16 MB, and
 * its files are in the system's page cache anyway, so the larger cache only held memory at rest. The
 * embedded database has one connection, this process's, so the shared tables sized for PostgreSQL's
 * default 100 connections (locks, snapshots) are sized for a few.
 */
const EMBEDDED_SETTINGS = ["shared_buffers=16MB", "max_connections=5"];

/**
 * Creating a cluster runs initdb and PostgreSQL's bootstrap in WebAssembly instances of their own:
 * their memories (about 300 MB, all of it touched) are garbage once the database is open, but a
 * server at rest allocates too little to start the full collection that would free them, so its first
 * start kept 380–740 MB until it was restarted. One full collection, once, right after a data folder
 * is created frees them (ADR 0228); a reopened folder leaves little garbage, so it is not collected.
 */
function collectWhatCreatingLeft() {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  v8.setFlagsFromString("--no-expose-gc");
  gc();
}

const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/** Where a lost connection is reported; nothing is reported when absent (it is still handled). */
type ErrorLog = { warn(obj: object, msg: string): void };

export type DatabaseOptions =
  | { url: string; poolSize?: number; logger?: ErrorLog }
  /**
   * dataDir undefined: an in-memory PGlite (tests), started from `loadDataDir` (another's
   * `dumpDataDir()`) when given: that skips creating a cluster, the bulk of opening one.
   */
  | { dataDir?: string; loadDataDir?: Blob };

/** Opens the database and applies pending migrations before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = createPool(options.url, options.poolSize ?? 10, options.logger);
    // eslint-disable-next-line no-restricted-syntax -- the driver's database as the one Db type (ADR 0002)
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migrateUnderLock(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: "postgres",
      url: options.url,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }

  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  const creatingFolder = options.dataDir !== undefined && !fs.existsSync(path.join(options.dataDir, "PG_VERSION"));
  try {
    // pg_trgm: the trigram indexes the admin's search uses (migration 0004 creates the extension);
    // btree_gist: the exclusion constraints that keep two stays out of one suite (migration 0006) and two grooms off one groomer at once.
    const client = await EmbeddedPGlite.open({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm, btree_gist },
      startParams: [...EmbeddedPGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ["-c", setting])],
    });
    // eslint-disable-next-line no-restricted-syntax -- the driver's database as the one Db type (ADR 0002)
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    if (creatingFolder) collectWhatCreatingLeft();
    // PGlite sets some modes itself, whatever the umask: a new cluster's files 0666, the relation cache's
    // init files 0644. The folder is made private again once open and once closed (ADR 0176).
    const tighten = async () => void (options.dataDir && (await tightenFolder(options.dataDir)));
    await tighten();
    return {
      db,
      kind: "pglite",
      ping: async () => void (await db.execute(sql`select 1`)),
      dumpDataDir: () => client.dumpDataDir("none"),
      close: async () => {
        try {
          await client.close();
          await tighten();
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
  pool.on("connect", (client) => {
    client.on("error", (err) => logger?.warn({ err }, "database connection lost; it will be replaced"));
    nameRepeatedStatements(client);
  });
  // An idle connection's error is also re-emitted by the pool: already logged above.
  pool.on("error", () => {});
  return pool;
}

/**
 * A connection runs a statement it has sent before by a name (`StatementNames`, ADR 0227):
 * node-postgres prepares a named statement once on its connection, and PostgreSQL then neither
 * parses nor plans it again for each request. A statement named by its caller keeps its name.
 */
function nameRepeatedStatements(client: pg.PoolClient) {
  const names = new StatementNames();
  // node-postgres's record of the statements it prepared on this connection, by name.
  const { parsedStatements } = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
  const send = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const given = typeof config === "string" ? { text: config } : (config as { text?: unknown; name?: unknown; submit?: unknown } | null);
    if (!given || given.submit || given.name || typeof given.text !== "string") return send(config, ...rest);
    const name = names.nameOf(given.text);
    // Queued before the statement, after any sent already under the closed name; only a name the
    // server prepared (else its refusal would end a transaction under way). In a failed transaction
    // the server refuses it and keeps the statement, which only costs its memory.
    for (const closed of names.takeClosed())
      if (parsedStatements[closed] !== undefined)
        void (send(`deallocate ${closed}`) as Promise<unknown>).then(
          () => delete parsedStatements[closed],
          () => {},
        );
    return send(name ? { ...given, name } : config, ...rest);
  }) as typeof client.query;
}

/** Any fixed number, the same in every process of this app: the session lock migrations run under. */
const MIGRATION_LOCK_KEY = 7_240_311_020_001n;

/**
 * Applies pending migrations while holding a session advisory lock on one dedicated connection, so
 * instances starting together on the same database take turns: the first applies them, the others
 * find nothing left to do (without it, two concurrent `create table`s collide in the catalog:
 * "duplicate key value violates unique constraint pg_type_typname_nsp_index"). The lock goes with
 * the connection, so a process that dies while holding it does not block the others.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection that failed here is closed rather than reused, which also drops any lock it held.
    client.release(broken);
  }
}
