import fs from "node:fs/promises";
import path from "node:path";

/**
 * The data folder, the backups and a restored folder hold every customer's data, the development
 * encryption key and the outbox's sign-in links: only the account that runs the server may read them.
 * PostgreSQL's own rule for its data folder: folders 0700, files 0600 (ADR 0176).
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes every file and folder this process creates from now on private to its account, PGlite's
 * own included (it creates them with the mode the umask leaves). Called first by the server and by
 * each script that opens the embedded database.
 */
export function createFilesPrivately() {
  process.umask(0o077);
}

/** Creates `dir` (and any missing parents) private, and makes `dir` itself private if it was looser. */
export async function privateFolder(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const { mode } = await fs.stat(dir);
  if ((mode & 0o077) !== 0) await fs.chmod(dir, mode & 0o700);
}

/**
 * Walks `dir` and takes every permission for the group and others away from what has any (folders
 * and files alike; links are left alone, they are not followed). Answers how many it changed, and
 * nothing when the folder does not exist yet.
 */
export async function tightenFolder(dir: string): Promise<{ changed: number }> {
  let changed = 0;
  const tighten = async (entry: string): Promise<void> => {
    let stat;
    try {
      stat = await fs.lstat(entry);
    } catch (error) {
      // Gone meanwhile (a temporary file of the database's), or never there.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      await fs.chmod(entry, stat.mode & 0o700);
      changed++;
    }
    if (stat.isDirectory()) {
      for (const name of await fs.readdir(entry).catch(() => [])) await tighten(path.join(entry, name));
    }
  };
  await tighten(path.resolve(dir));
  return { changed };
}
