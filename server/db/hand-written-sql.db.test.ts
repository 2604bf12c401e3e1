import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database";
import { type Database, rowsOf } from "./client";
import * as schema from "./schema/index";

/**
 * What the database holds that drizzle-kit does not know: exclusion constraints and triggers are SQL
 * written by hand at the end of a migration (below its `-- hand-written below` line), absent from the
 * schema files and the snapshots, so a migration generated again loses them without a word. The app
 * relies on each one below for an invariant; the test fails when a migrated database lacks one (a
 * migration lost its hand-written tail) or has one that is not listed here (a new invariant must say
 * what it holds). See "Add or change a table" in docs/architecture.md. The constraints and indexes the
 * schema files declare are checked too: each must exist after migrating, and anything else the database
 * holds must be listed here as written by hand.
 */
const EXCLUSION_CONSTRAINTS: Record<string, string> = {
  stay_suites_no_overlap: "a suite is booked once a night (ADR 0125)",
  stay_cats_no_overlap: "a cat has one stay a night (ADR 0141)",
  appointments_groomer_no_overlap: "a groomer grooms one cat at a time (ADR 0130)",
};

/** Checks and unique indexes written by hand (the team's roles were rewritten before they could hold). */
const OTHER_HAND_WRITTEN: Record<string, string> = {
  user_roles_role_known: "a role is one of the team's four (ADR 0185)",
  user_roles_one_role: "one role a person (ADR 0185)",
};

const TRIGGERS: Record<string, string> = {
  stay_cats_from_suite: "a cat's nights are copied from its suite row (ADR 0141)",
  stay_suites_to_cats: "a suite row's changed nights reach its cats (ADR 0141)",
  stay_agreement_signatures_unchanged: "a signed agreement is never changed (ADR 0158)",
  care_entries_append_only: "care entries are appended, never edited (ADR 0157)",
  care_alerts_set_once: "an alert's acknowledgement and text are set once (ADR 0164)",
  stay_releases_unchanged: "a release is never changed (ADR 0162)",
  cat_handovers_append_only: "hand-overs are appended, never edited (ADR 0161)",
  care_incidents_append_only: "incidents are appended, never edited (ADR 0165)",
  user_roles_keep_an_owner: "the team always keeps an Owner (ADR 0185)",
};

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("the hand-written SQL of the migrations", () => {
  it("holds every exclusion constraint the app relies on, and no other", async () => {
    const rows = await rowsOf<{ name: string }>(
      database.db,
      sql`select conname as name from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'x' and n.nspname = 'public' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(EXCLUSION_CONSTRAINTS).sort());
  });

  it("holds every trigger the app relies on, and no other", async () => {
    const rows = await rowsOf<{ name: string }>(
      database.db,
      sql`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where not t.tgisinternal and n.nspname = 'public' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(TRIGGERS).sort());
  });

  it("keeps every trigger enabled and every exclusion constraint validated", async () => {
    // Present is not enough: a trigger left disabled or a constraint added NOT VALID holds nothing.
    const triggers = await rowsOf<{ name: string; enabled: string }>(
      database.db,
      sql`select tgname as name, tgenabled as enabled from pg_trigger where not tgisinternal order by 1`,
    );
    expect(triggers.filter((t) => t.enabled !== "O")).toEqual([]);
    const constraints = await rowsOf<{ name: string }>(database.db, sql`select conname as name from pg_constraint where contype = 'x' and not convalidated`);
    expect(constraints).toEqual([]);
  });

  it("holds every constraint and index the schema declares, and besides them only the hand-written ones above", async () => {
    const declared = new Set<string>();
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      for (const index of config.indexes) declared.add(index.config.name!);
      for (const check of config.checks) declared.add(check.name);
      for (const unique of config.uniqueConstraints) declared.add(unique.getName()!);
      for (const key of config.primaryKeys) declared.add(key.getName());
      for (const key of config.foreignKeys) declared.add(key.getName());
      for (const column of config.columns) {
        if (column.isUnique) declared.add(column.uniqueName!);
        if (column.primary) declared.add(`${config.name}_pkey`);
      }
    }
    // Not-null constraints are columns' (newer PostgreSQL versions list them too); an exclusion constraint or a
    // unique constraint also has an index of its name.
    const held = await rowsOf<{ name: string }>(
      database.db,
      sql`select c.conname as name from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where n.nspname = 'public' and c.contype in ('c', 'f', 'p', 'u', 'x')
          union select indexname from pg_indexes where schemaname = 'public' order by 1`,
    );
    const names = held.map((r) => r.name).sort();
    expect([...declared].filter((name) => !names.includes(name))).toEqual([]);
    const handWritten = { ...EXCLUSION_CONSTRAINTS, ...OTHER_HAND_WRITTEN };
    expect(names.filter((name) => !declared.has(name))).toEqual(Object.keys(handWritten).sort());
  });
});
