/**
 * `npm run restore -- FILE`: brings a backup (from `npm run backup` or the daily one) back into an
 * EMPTY database: the PostgreSQL database DATABASE_URL names, or else the folder DATA_DIR (new or
 * empty). It refuses a target that holds anything, so live data is never overwritten (ADR 0139).
 */
import { BackupError, restoreBackup } from "../server/backup/backup";
import { loadEnvOrExit } from "../server/env";
import { createFilesPrivately } from "../server/db/private-files";

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error(
    "Usage: npm run restore -- FILE\n  restores FILE into DATABASE_URL (an empty PostgreSQL database) or, without it, into DATA_DIR (an empty or new folder).",
  );
  process.exit(2);
}

// The embedded database's files (and a backup, a restored folder) are this account's alone (ADR 0176).
createFilesPrivately();
const env = loadEnvOrExit();

const target = env.DATABASE_URL ? ({ kind: "postgres", url: env.DATABASE_URL } as const) : ({ kind: "pglite", dataDir: env.DATA_DIR } as const);
try {
  const started = performance.now();
  await restoreBackup(file, target);
  const where = target.kind === "pglite" ? `the data folder ${target.dataDir}` : "the database DATABASE_URL names";
  console.log(`Restored ${file} into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s. Start the server on it.`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
