/**
 * `npm run backup`: writes one backup of the database (DATABASE_URL if set, else the embedded
 * database in DATA_DIR) into BACKUP_DIR (./backups) and keeps the newest BACKUP_KEEP (14) there
 * (ADR 0139). On the embedded database, stop the server first: one process holds its folder.
 */
import { BackupError, backupSourceOf, pruneBackups, takeBackup } from "../server/backup/backup";
import { type Database, openDatabase } from "../server/db/client";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { loadEnvOrExit } from "../server/env";
import { createFilesPrivately } from "../server/db/private-files";

// The embedded database's files (and a backup, a restored folder) are this account's alone (ADR 0176).
createFilesPrivately();
const env = loadEnvOrExit();

let database: Database;
try {
  database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR });
} catch (error) {
  console.error(
    error instanceof DataDirLockedError
      ? `${error.message}\n\nThe running server takes a backup itself every night (see BACKUP_KEEP); to take one now, stop it first.`
      : `Cannot open the database: ${(error as Error).message}`,
  );
  process.exit(1);
}

let exitCode = 1;
try {
  const { file, bytes, ms } = await takeBackup(backupSourceOf(database), env.BACKUP_DIR, new Date());
  const pruned = env.BACKUP_KEEP > 0 ? await pruneBackups(env.BACKUP_DIR, env.BACKUP_KEEP) : [];
  console.log(`Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s).`);
  if (pruned.length) console.log(`Removed ${pruned.length} older backup(s), keeping the newest ${env.BACKUP_KEEP}: ${pruned.join(", ")}`);
  exitCode = 0;
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Backup failed: ${(error as Error).message}`);
} finally {
  await database.close();
}
process.exit(exitCode);
