import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client";

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Which database the current Vitest project runs against (see vitest.config.ts). */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * The run's template, held in memory: a Blob that answers `arrayBuffer()` with the bytes it holds.
 * Node's Blob reads its content back in small chunks and joins them on every call, a sixth of opening
 * a database from it; PGlite only reads the bytes (it copies each file out of them).
 */
class TemplateBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

let pgliteTemplate: Blob | undefined;
let pgliteNewCluster: Blob | undefined;

/**
 * A new embedded cluster's data folder as a tarball, nothing migrated: `PGlite.create(dataDir, { loadDataDir })`
 * starts a database as an older release made it without running initdb again, the bulk of creating one.
 */
export function newPgliteCluster(): Blob {
  pgliteNewCluster ??= new TemplateBlob(new Uint8Array(fs.readFileSync(inject("pgliteNewCluster"))));
  return pgliteNewCluster;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a throw-away
 * database on the PostgreSQL server, dropped in the background once closed. Both start as a copy of
 * the database the run migrated once (server/testing/global-setup.ts).
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDatabaseKind === "pglite") {
    pgliteTemplate ??= new TemplateBlob(new Uint8Array(fs.readFileSync(inject("pgliteTemplate"))));
    return openDatabase({ loadDataDir: pgliteTemplate });
  }

  const name = `${inject("postgresCopyPrefix")}${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  await admin.end();

  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 25 });
  return {
    ...database,
    close: async () => {
      await database.close();
      // Dropped while the next file runs: a DROP DATABASE waits for a checkpoint, which writes every
      // database's changed pages, most of a second or seconds on a busy server. The run's end drops any
      // copy still there (global-setup.ts).
      void dropCopy(name);
    },
  };
}

async function dropCopy(name: string) {
  const dropper = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  try {
    await dropper.connect();
    // pg's Pool.end() resolves before its connections have finished closing; a forced drop would
    // kill them mid-goodbye and surface as an uncaught error. Wait (briefly) for them to go.
    for (let i = 0; i < 50; i++) {
      const { rows } = await dropper.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await dropper.query(`drop database if exists ${name} with (force)`);
  } catch {
    // Left for the run's end to drop.
  } finally {
    await dropper.end().catch(() => {});
  }
}

/** An empty database on the PostgreSQL server, not migrated (for tests of migrating itself), and its removal. */
export async function createEmptyPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
