import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { type AsyncZippable, strFromU8, strToU8, unzipSync, zip } from "fflate";
import pg from "pg";
import { type Database, openDatabase } from "../db/client";
import { PRIVATE_FILE_MODE, privateFolder, tightenFolder } from "../db/private-files";

/**
 * Backups (ADR 0139). One file per backup, `cat-hotel-backup-<UTC instant>.zip`, holding
 * `manifest.json` and the database: the embedded database's whole data folder as a gzipped tarball
 * (PGlite's `dumpDataDir`), or PostgreSQL's `pg_dump` in its custom format. Every file a person
 * uploads (certificates, cat photos, staff images) is stored in the database (`bytea`), so the
 * database is the whole of what a restore needs; the embedded database's folder also holds the
 * development mail outbox and key, when there are any.
 */

export class BackupError extends Error {}

export const BACKUP_FORMAT = 1;
const NAME = /^cat-hotel-backup-\d{8}T\d{6}Z\.zip$/;
const PGLITE_ENTRY = "database.tar.gz";
const POSTGRES_ENTRY = "database.pgdump";

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  app: "cat-hotel";
  kind: Database["kind"];
  createdAt: string;
  database: typeof PGLITE_ENTRY | typeof POSTGRES_ENTRY;
}

/** What a backup reads: the open embedded database, or a PostgreSQL database by its URL. */
export type BackupSource = { kind: "pglite"; dumpDataDir(): Promise<Blob> } | { kind: "postgres"; url: string };
/** Where a restore writes: an empty data folder, or an empty PostgreSQL database. */
export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

export function backupSourceOf(database: Pick<Database, "kind" | "dumpDataDir" | "url">): BackupSource {
  if (database.kind === "pglite" && database.dumpDataDir) return { kind: "pglite", dumpDataDir: () => database.dumpDataDir!() };
  if (database.kind === "postgres" && database.url) return { kind: "postgres", url: database.url };
  throw new BackupError(`This ${database.kind} database cannot be backed up: it was opened without its data folder or URL.`);
}

/** `cat-hotel-backup-20250601T100000Z.zip`: the instant in UTC, so names sort by time in every season. */
export const backupFileName = (now: Date) =>
  `cat-hotel-backup-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "")}.zip`;

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
const zipAsync = (files: AsyncZippable) =>
  new Promise<Uint8Array>((resolve, reject) => zip(files, { level: 0 }, (error, data) => (error ? reject(error) : resolve(data))));

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

/**
 * Writes one backup into `dir` and answers its path. The embedded database is dumped between two
 * queries (PGlite runs none meanwhile, so the copy is what a sudden power cut would leave, which
 * PostgreSQL recovers from on opening) and compressed afterwards off the event loop; `pg_dump` reads
 * one snapshot in its own process. The file appears under its name only once it is whole.
 */
export async function takeBackup(source: BackupSource, dir: string, now: Date): Promise<BackupResult> {
  const started = performance.now();
  // A backup is the whole database: the folder and the file are this account's alone (ADR 0176).
  await privateFolder(dir);
  const file = path.resolve(dir, backupFileName(now));
  if (await exists(file)) throw new BackupError(`${file} already exists: a backup was taken this second.`);

  const database =
    source.kind === "pglite"
      ? await gzip(new Uint8Array(await (await source.dumpDataDir()).arrayBuffer()), { level: 6 })
      : await runTool("pg_dump", ["--format=custom", "--compress=6"], source.url);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    app: "cat-hotel",
    kind: source.kind,
    createdAt: now.toISOString(),
    database: source.kind === "pglite" ? PGLITE_ENTRY : POSTGRES_ENTRY,
  };
  // Both entries are already compressed: the zip only holds them.
  const archive = await zipAsync({ "manifest.json": strToU8(JSON.stringify(manifest, null, 2)), [manifest.database]: new Uint8Array(database) });

  const partial = `${file}.partial`;
  const handle = await fs.open(partial, "wx", PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(archive);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(partial, file);
  return { file, bytes: archive.length, ms: performance.now() - started };
}

/** Reads and checks a backup file: its manifest and the database it holds. */
export async function readBackup(file: string): Promise<{ manifest: Manifest; database: Uint8Array }> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    // A zip archive's first bytes with no readable end: a backup cut short or overwritten in part.
    if (isZipStart(bytes)) throw damaged(file, "the zip archive is cut short or corrupted");
    throw new BackupError(`${file} is not a backup of this app (not a zip archive).`);
  }
  let manifest: Manifest | undefined;
  try {
    manifest = entries["manifest.json"] && (JSON.parse(strFromU8(entries["manifest.json"])) as Manifest);
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.app !== "cat-hotel" || !["pglite", "postgres"].includes(manifest.kind))
    throw new BackupError(`${file} is not a backup of this app (no manifest).`);
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is in backup format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`);
  const database = entries[manifest.database];
  if (!database) throw damaged(file, `it has no ${manifest.database}`);
  return { manifest, database };
}

const isZipStart = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The one message for a backup whose bytes are not what was written: restore another one. */
const damaged = (file: string, what: string) =>
  new BackupError(
    `The backup ${file} is damaged (${oneLine(what)}): nothing was restored. Restore an older backup, or copy this one again from where it is kept.`,
  );

/** A tool's complaint as one short printable line: pg_restore quotes the damaged bytes it read. */
const oneLine = (text: string) => {
  const line = text
    .replace(/[^\x20-\x7e]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
};

const describeKind = (kind: Database["kind"]) => (kind === "pglite" ? "the embedded database (DATA_DIR)" : "a PostgreSQL database (DATABASE_URL)");

/**
 * Brings a backup back into an empty target, then applies any migrations newer than the backup.
 * Refuses a target that holds anything, so live data is never overwritten by mistake.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<void> {
  const { manifest, database } = await readBackup(file);
  if (manifest.kind !== target.kind) {
    throw new BackupError(
      `${file} is a backup of ${describeKind(manifest.kind)}; it restores only into ${describeKind(manifest.kind)}, not into ${describeKind(target.kind)}. ` +
        (manifest.kind === "pglite" ? "Unset DATABASE_URL and set DATA_DIR to an empty folder." : "Set DATABASE_URL to an empty PostgreSQL database."),
    );
  }
  if (target.kind === "pglite") {
    await restoreDataDir(file, database, target.dataDir);
    return;
  }
  await assertEmptyDatabase(target.url);
  // One transaction: a dump that pg_restore cannot read to its end leaves the database empty. A dump
  // damaged in the wrong place can crash pg_restore itself (a signal, no message): damaged too.
  await runTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"], target.url, database).catch((error: unknown) => {
    const message = (error as Error).message;
    if (error instanceof BackupError && pgRestoreFoundDamage(message)) throw damaged(file, message);
    throw error;
  });
  const opened = await openDatabase({ url: target.url, poolSize: 1 });
  await opened.close();
}

/**
 * Unpacks the embedded database into an empty or new folder, private to this account. A backup that
 * cannot be unpacked or opened leaves nothing behind: a new folder is removed, an empty one emptied
 * again, so the next attempt (with another backup) finds an empty target.
 */
async function restoreDataDir(file: string, database: Uint8Array, dataDir: string): Promise<void> {
  await assertEmptyFolder(dataDir);
  let tarball: Uint8Array<ArrayBuffer>;
  try {
    tarball = new Uint8Array(await gunzip(database));
  } catch (error) {
    throw damaged(file, `its database does not unpack: ${(error as Error).message}`);
  }
  const existed = await exists(dataDir);
  await privateFolder(dataDir);
  try {
    const opened = await openDatabase({ dataDir, loadDataDir: new Blob([tarball]) });
    await opened.close();
  } catch (error) {
    await (existed ? emptyFolder(dataDir) : fs.rm(dataDir, { recursive: true, force: true }));
    // A folder that cannot be written (no space, no permission) is the machine's, not the backup's.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOSPC" || code === "EACCES" || code === "EPERM" || code === "EROFS")
      throw new BackupError(`Cannot write the data folder ${path.resolve(dataDir)}: ${(error as Error).message}. Nothing was restored.`);
    throw damaged(file, `its database does not open: ${(error as Error).message}`);
  }
  // PGlite writes its files with the process's umask: a restore's files are private whatever it is.
  await tightenFolder(dataDir);
}

async function emptyFolder(dir: string) {
  for (const name of await fs.readdir(dir)) await fs.rm(path.join(dir, name), { recursive: true, force: true });
}

export async function assertEmptyFolder(dataDir: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw new BackupError(`Cannot read the data folder ${path.resolve(dataDir)}: ${(error as Error).message}`);
  }
  if (names.length > 0) {
    throw new BackupError(
      `The data folder ${path.resolve(dataDir)} is not empty (it holds ${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""}). ` +
        "A restore writes only into an empty or new folder, so that nothing live is overwritten: set DATA_DIR to a new folder.",
    );
  }
}

export async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
       order by 1`,
    );
    if (rows.length > 0) {
      throw new BackupError(
        `The database ${databaseName(url)} is not empty (it holds ${rows.length} tables and sequences, such as ${rows
          .slice(0, 3)
          .map((r) => r.name)
          .join(", ")}). ` +
          "A restore writes only into an empty database, so that nothing live is overwritten: create one (createdb NAME) and set DATABASE_URL to it.",
      );
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "3D000") throw new BackupError(`The database ${databaseName(url)} does not exist: create it empty (createdb ${databaseName(url)}) first.`);
    throw new BackupError(`Cannot connect to the database ${databaseName(url)}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || "(default)";

/**
 * Runs a PostgreSQL client tool against `url`: the password travels in PGPASSWORD, not on the
 * command line where other users of the machine could read it. Answers its standard output.
 */
function runTool(tool: "pg_dump" | "pg_restore", args: string[], url: string, input?: Uint8Array): Promise<Buffer> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${parsed.toString()}`], { env, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools of the server's version (Debian: apt-get install postgresql-client) so that ${tool} is on the PATH.`,
            )
          : new BackupError(`${tool} could not start: ${error.message}`),
      ),
    );
    child.on("close", (code, signal) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new BackupError(`${tool} failed (${signal ? `killed by ${signal}` : `exit ${code}`}): ${err.trim()}`)),
    );
    // pg_restore reads the dump on its standard input; a tool that exits early closes the pipe.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** Deletes all but the newest `keep` backups in `dir` (only files named as this app names them); answers the deleted names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await fs.rm(path.join(dir, name), { force: true });
  return old;
}

/**
 * pg_restore's complaint about the archive itself, not about the target: what it says depends on
 * where the damage lies ("unexpected end of file", "unexpected data offset flag 254", "could not
 * read", "did not find magic string") or it is killed by a signal.
 */
export function pgRestoreFoundDamage(message: string): boolean {
  return message.startsWith("pg_restore failed") && /corrupt|unexpected|could not read|invalid|did not find magic|killed by/i.test(message);
}
