/**
 * `npm run admin -- grant <email>` / `revoke <email>` / `list`.
 * Uses the same database as the server: DATABASE_URL if set, else the PGlite folder DATA_DIR (./data).
 */
import { parseAdminCommand, runAdminCommand } from "../server/auth/admin-cli";
import { type Database, openDatabase } from "../server/db/client";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { createFilesPrivately } from "../server/db/private-files";

// The embedded database's files (and a backup, a restored folder) are this account's alone (ADR 0176).
createFilesPrivately();
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const dataDir = process.env.DATA_DIR?.trim() || "./data";
const adminEmails = (process.env.ADMIN_EMAILS ?? "")
  .split(",")
  .map((e) => e.trim().toLowerCase())
  .filter(Boolean);

const command = parseAdminCommand(process.argv.slice(2));
if ("exitCode" in command) {
  console.error(command.output);
  process.exit(command.exitCode);
}

let database: Database;
try {
  database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\n\n` +
        "The embedded database allows one process at a time, so roles cannot be changed while the server runs on it.\n" +
        "Stop the server, run this command again, then start the server. (Or add the address to ADMIN_EMAILS and\n" +
        "restart the server: it becomes an admin when it next signs in.)",
    );
  } else {
    console.error(`Cannot open the database: ${(error as Error).message}`);
  }
  process.exit(1);
}

let exitCode = 1;
try {
  const result = await runAdminCommand(database.db, command, adminEmails);
  (result.exitCode === 0 ? console.log : console.error)(result.output);
  exitCode = result.exitCode;
} catch (error) {
  console.error(`Failed: ${(error as Error).message}`);
} finally {
  await database.close();
}
process.exit(exitCode);
