import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { TEST_POSTGRES_URL } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated embedded database's data folder, for the pglite project. */
    pgliteTemplate: string;
    /** A tarball of a new embedded cluster's data folder, nothing migrated (for tests of upgrading one). */
    pgliteNewCluster: string;
    /** A migrated database on the PostgreSQL server, for the postgres project to copy. */
    postgresTemplate: string;
    /** How this run's copies of it are named: the run's end drops any left by that prefix. */
    postgresCopyPrefix: string;
  }
}

/**
 * Migrates one database per project and run, which every test file then copies: creating and
 * migrating a database per file was most of the database tests' time (ADR 0138).
 */
export default async function setup(project: TestProject) {
  if (project.name === "pglite") {
    // A new cluster (initdb), kept before migrating: tests of upgrading start from it instead of creating their own.
    const cluster = await PGlite.create();
    const newCluster = await cluster.dumpDataDir("none");
    await cluster.close();
    const database = await openDatabase({ loadDataDir: newCluster });
    // A checkpoint first: each copy then starts from it instead of redoing the migrations from the WAL.
    await database.db.execute(sql`checkpoint`);
    const dump = await database.dumpDataDir!();
    await database.close();
    const files = [await tarball("template", dump), await tarball("new-cluster", newCluster)] as const;
    project.provide("pgliteTemplate", files[0]);
    project.provide("pgliteNewCluster", files[1]);
    return () => files.forEach((file) => fs.rmSync(file, { force: true }));
  }
  if (project.name === "postgres") {
    const run = crypto.randomBytes(6).toString("hex");
    const name = `test_template_${run}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await database.close();
    project.provide("postgresTemplate", name);
    const copyPrefix = `test_${run}_`;
    project.provide("postgresCopyPrefix", copyPrefix);
    return async () => {
      await dropCopies(copyPrefix);
      await adminQuery(`drop database if exists ${name} with (force)`);
    };
  }
}

/**
 * Drops the run's copies of the template still on the server: a test file's database is dropped while
 * the next file runs (`createTestDatabase()`), and the last ones may be cut short when their worker ends.
 */
async function dropCopies(prefix: string) {
  const { rows } = await adminQuery("select datname from pg_database where starts_with(datname, $1)", [prefix]);
  for (const { datname } of rows) await adminQuery(`drop database if exists ${String(datname)} with (force)`);
}

async function tarball(name: string, dump: Blob): Promise<string> {
  const file = path.join(os.tmpdir(), `cat-hotel-test-${name}-${process.pid}-${crypto.randomBytes(4).toString("hex")}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

async function adminQuery(text: string, values: unknown[] = []) {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}
