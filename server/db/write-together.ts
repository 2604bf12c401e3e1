import { type SQLWrapper, sql } from "drizzle-orm";
import { type Db, rowsOf } from "./client";

/**
 * Several inserts sent as one statement, each a data-modifying CTE named by its key, and how many
 * rows each wrote (each must return its rows: `returning`; one left undefined is not written). Every insert runs once and to the end, all
 * in one snapshot: one may read another's returned rows by its name (a key listed before it), which
 * also makes that one run first (a trigger that reads the rows it wrote then finds them); none sees
 * another's rows otherwise. Constraints hold as for separate statements: an exclusion or unique
 * constraint refuses a row as it is written, a foreign key at the statement's end. On the embedded
 * database, whose one connection runs every query of every request in turn, a round trip saved is a
 * turn of the queue saved.
 */
export async function writeTogether(db: Db, writes: Record<string, SQLWrapper | undefined>): Promise<Record<string, number>> {
  const given = Object.entries(writes).flatMap(([name, write]) => (write ? [[name, write] as const] : []));
  const names = given.map(([name]) => name);
  const ctes = given.map(([name, write]) => sql`${sql.identifier(name)} as (${write.getSQL()})`);
  const counts = names.map((name) => sql`(select count(*) from ${sql.identifier(name)})::int as ${sql.identifier(name)}`);
  const [row] = await rowsOf<Record<string, number>>(db, sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(counts, sql`, `)}`);
  return row!;
}
