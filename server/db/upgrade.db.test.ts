import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { type Database, openDatabase } from "./client";
import { createEmptyPostgresDatabase, testDatabaseKind } from "../testing/test-database";

/**
 * A database that a deployed release migrated with the first migration only, holding a lead of each
 * kind, is opened by today's code: the later migrations apply and every row is kept (migrations are
 * additive).
 */
const FIRST_RELEASE_SQL = `
  insert into call_me_back_form (phone_number, source_page, consent_text, ip_hash, user_agent) values ('+19492490188', '/', 'consent', 'hash', 'old release');
  insert into voucher_requests (name, email, phone, consent_text, consented_at, source_page) values ('Old Lead', 'old@example.com', '+19492497788', 'consent', now(), '/');
`;

/** The drizzle folder as the first release shipped it: the first migration and its journal entry. */
function firstReleaseMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-first-release-"));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  const journal = JSON.parse(fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const first = journal.entries[0]!;
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries: [first] }));
  fs.copyFileSync(path.resolve(`drizzle/${first.tag}.sql`), path.join(dir, `${first.tag}.sql`));
  return dir;
}

async function expectRowsKept(database: Database) {
  const { rows: callbacks } = (await database.db.execute("select phone_number, call_status from call_me_back_form")) as unknown as {
    rows: { phone_number: string; call_status: string }[];
  };
  const { rows: vouchers } = (await database.db.execute("select email, voucher_code, mail_status from voucher_requests")) as unknown as {
    rows: { email: string; voucher_code: string | null; mail_status: string | null }[];
  };
  expect(callbacks).toEqual([{ phone_number: "+19492490188", call_status: "pending" }]);
  // Columns added later are empty for rows from before them.
  expect(vouchers).toEqual([{ email: "old@example.com", voucher_code: null, mail_status: null }]);
}

// Two on-disk databases built from scratch and every migration run twice: about 11 s on a quiet
// machine, so the budget is the slow-test one rather than the default.
describe("upgrading a database made by the first release", { timeout: 60_000 }, () => {
  it.skipIf(testDatabaseKind !== "pglite")("embedded: the data folder keeps its rows", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-pglite-"));
    try {
      const old = await PGlite.create(dataDir);
      await migratePglite(drizzlePglite(old), { migrationsFolder: firstReleaseMigrations() });
      await old.exec(FIRST_RELEASE_SQL);
      await old.close();

      const database = await openDatabase({ dataDir });
      try {
        await expectRowsKept(database);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(testDatabaseKind !== "postgres")("PostgreSQL: the database keeps its rows", async () => {
    const empty = await createEmptyPostgresDatabase("test_upgrade");
    try {
      const old = new pg.Client({ connectionString: empty.url });
      await old.connect();
      await migratePg(drizzlePg(old), { migrationsFolder: firstReleaseMigrations() });
      await old.query(FIRST_RELEASE_SQL);
      await old.end();

      const database = await openDatabase({ url: empty.url, poolSize: 2 });
      try {
        await expectRowsKept(database);
      } finally {
        await database.close();
      }
    } finally {
      await empty.drop();
    }
  });
});
