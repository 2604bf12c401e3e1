import { getTableColumns } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { zipSync } from "fflate";
import { businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { type DataSubject, PERSONAL_TABLES, type PersonalTable, findSubject } from "./tables";

/**
 * The privacy export (ADR 0124): everything stored about a customer's account and household, as
 * one zip. `data.json` holds every row of every table in PERSONAL_TABLES that is about them, with
 * every column under its database name (only the secrets each table names are withheld, and the
 * file says which and why); stored files (vaccine documents, cat photos) are beside it under
 * `files/`, and their cells in the JSON name the file.
 */

export interface HouseholdExport {
  /** The JSON document, as written to data.json. */
  data: {
    exportedAt: string;
    account: string;
    about: string;
    tables: Record<string, Record<string, unknown>[]>;
    withheld: Record<string, Record<string, string>>;
  };
  /** Stored files by their path in the zip. */
  files: Record<string, Uint8Array>;
}

const ABOUT =
  "Everything our website stores about your account and household, table by table, one object per stored row, each with every stored column under its database name. Dates and times are in UTC. Uploaded documents and photos are in the files/ folder; the cells that held them name the file. A few secrets (hashed sign-in and session tokens) are left out: 'withheld' says which and why.";

/** The file type of stored bytes, by their first bytes (what the uploads were checked to be). */
function extensionOf(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 12));
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return "jpg";
  if (head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return "png";
  if (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (head.toString("latin1", 0, 5) === "%PDF-") return "pdf";
  return "bin";
}

/** The row's primary key as a file name: "<id>" or "<cat id>-<width>". */
function keyOf(table: PersonalTable["table"], row: Record<string, unknown>): string {
  const config = getTableConfig(table);
  const own = config.columns.filter((c) => c.primary).map((c) => c.name);
  const names = own.length ? own : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []);
  return names.map((n) => String(row[n])).join("-");
}

/** A stored row with its database column names; bytes become a file in the zip. */
function exportedRow(name: string, entry: PersonalTable, row: Record<string, unknown>, files: HouseholdExport["files"]) {
  const columns = Object.entries(getTableColumns(entry.table)).map(([key, column]) => [column.name, row[key]] as const);
  const out: Record<string, unknown> = Object.fromEntries(columns.filter(([column]) => !entry.withheld?.[column]));
  for (const [column, value] of Object.entries(out)) {
    if (typeof value === "bigint") out[column] = value.toString();
    if (!(value instanceof Uint8Array)) continue;
    const path = `files/${name}/${keyOf(entry.table, out)}.${extensionOf(value)}`;
    files[path] = value;
    out[column] = { file: path, bytes: value.byteLength };
  }
  return out;
}

export async function buildExport(db: Db, subject: DataSubject, now: Date): Promise<HouseholdExport> {
  const files: HouseholdExport["files"] = {};
  const tables: HouseholdExport["data"]["tables"] = {};
  const withheld: HouseholdExport["data"]["withheld"] = {};
  for (const [name, entry] of Object.entries(PERSONAL_TABLES)) {
    const rows = (await db.select().from(entry.table).where(entry.rowsOf(subject))) as Record<string, unknown>[];
    tables[name] = rows.map((row) => exportedRow(name, entry, row, files));
    if (entry.withheld) withheld[name] = entry.withheld;
  }
  return { data: { exportedAt: now.toISOString(), account: subject.email, about: ABOUT, tables, withheld }, files };
}

/** The export of a signed-in user's account as a zip, and the name to save it under. */
export async function exportZip(db: Db, userId: string, now: Date): Promise<{ fileName: string; zip: Uint8Array }> {
  const subject = await findSubject(db, userId);
  if (!subject) throw new AppError(404, "ACCOUNT_NOT_FOUND", "This account no longer exists.");
  const { data, files } = await buildExport(db, subject, now);
  const json = new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`);
  // Documents and photos are already compressed: stored as they are; the JSON is deflated.
  const entries = Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, [bytes, { level: 0 }] as const]));
  const zip = zipSync({ "data.json": [json, { level: 6 }], ...entries }, { mtime: now });
  return { fileName: `cat-hotel-data-${businessDate(now)}.zip`, zip };
}
