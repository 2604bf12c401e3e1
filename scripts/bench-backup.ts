// Backup benchmark: five years of a busy small business (server/testing/five-years.ts) in the embedded
// database and in a PostgreSQL server of this script's own; then the time `npm run backup` takes, the
// file's size, how long the embedded database is held for its dump (no query runs meanwhile), and the
// time a restore into an empty target takes. Prints figures; asserts nothing.
//
//   npm run bench:backup [-- --scale 1]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type BackupSource, restoreBackup, takeBackup } from "../server/backup/backup";
import { type Database, openDatabase, rowsOf } from "../server/db/client";
import { fiveYearsOfData } from "../server/testing/five-years";
import { startTempPostgres } from "./temp-postgres";

const args = process.argv.slice(2);
const scaleAt = args.indexOf("--scale");
const scale = scaleAt >= 0 ? Number(args[scaleAt + 1]) : 1;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function fill(database: Database) {
  for (const { label, sql: text } of fiveYearsOfData(scale)) {
    const started = performance.now();
    await database.db.execute(sql.raw(text));
    console.log(`  ${label.padEnd(26)} ${seconds(performance.now() - started)}`);
  }
}

async function databaseSize(database: Database) {
  const [row] = await rowsOf<{ bytes: string }>(database.db, sql`select pg_database_size(current_database())::text as bytes`);
  return Number(row!.bytes);
}

const results: string[] = [];

async function measure(
  label: string,
  database: Database,
  restoreInto: () => Promise<{ target: Parameters<typeof restoreBackup>[1]; done(): Promise<void> }>,
  dir: string,
) {
  const size = await databaseSize(database);
  let held = 0;
  const source: BackupSource =
    database.kind === "pglite"
      ? {
          kind: "pglite",
          dumpDataDir: async () => {
            const started = performance.now();
            const blob = await database.dumpDataDir!();
            held = performance.now() - started;
            return blob;
          },
        }
      : { kind: "postgres", url: database.url! };
  const backup = await takeBackup(source, dir, new Date());
  await database.close();
  const { target, done } = await restoreInto();
  const started = performance.now();
  await restoreBackup(backup.file, target);
  const restore = performance.now() - started;
  await done();
  results.push(
    `| ${label.padEnd(10)} | ${mb(size).padStart(9)} | ${seconds(backup.ms).padStart(7)} | ${(held ? seconds(held) : "none").padStart(9)} | ${mb(backup.bytes).padStart(8)} | ${seconds(restore).padStart(7)} |`,
  );
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cathotel-bench-backup-"));
  const postgres = await startTempPostgres("backup");
  try {
    console.log("Filling the embedded database with five years of data:");
    const pglite = await openDatabase({ dataDir: path.join(dir, "pglite") });
    await fill(pglite);
    await pglite.db.execute(sql`vacuum analyze`);
    await measure(
      "PGlite",
      pglite,
      async () => ({ target: { kind: "pglite", dataDir: path.join(dir, "pglite-restored") }, done: async () => {} }),
      path.join(dir, "backups-pglite"),
    );

    const admin = new pg.Client({ connectionString: postgres.url("postgres") });
    await admin.connect();
    await admin.query("create database cathotel_backup");
    await admin.query("create database cathotel_restored");
    await admin.end();
    console.log("Filling a PostgreSQL database with five years of data:");
    const server = await openDatabase({ url: postgres.url("cathotel_backup"), poolSize: 1 });
    await fill(server);
    await server.db.execute(sql`vacuum analyze`);
    await measure(
      "PostgreSQL",
      server,
      async () => ({ target: { kind: "postgres", url: postgres.url("cathotel_restored") }, done: async () => {} }),
      path.join(dir, "backups-postgres"),
    );

    console.log(`\nFive years of data${scale === 1 ? "" : ` at scale ${scale}`}; "held": how long the embedded database runs no query for the dump.\n`);
    console.log("| Database   | data size | backup  | held      | file     | restore |\n|---|---:|---:|---:|---:|---:|");
    for (const line of results) console.log(line);
  } finally {
    postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
