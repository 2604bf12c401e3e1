import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database";
import { type Database, rowsOf } from "./client";

/**
 * What the database holds that drizzle-kit does not know: exclusion constraints and triggers are SQL
 * written by hand at the end of a migration (below its `-- hand-written below` line), absent from the
 * schema files and the snapshots, so a migration generated again loses them without a word. The app
 * relies on each one below for an invariant; the test fails when a migrated database lacks one (a
 * migration lost its hand-written tail) or has one that is not listed here (a new invariant must say
 * what it holds). See "Add or change a table" in docs/architecture.md.
 */
const EXCLUSION_CONSTRAINTS: Record<string, string> = {
  stay_suites_no_overlap: "a suite is booked once a night (ADR 0125)",
  stay_cats_no_overlap: "a cat has one stay a night (ADR 0141)",
  appointments_groomer_no_overlap: "a groomer grooms one cat at a time (ADR 0130)",
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
});
