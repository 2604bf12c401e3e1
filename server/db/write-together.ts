import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Db, rowsOf } from "./client";

/**
 * Several inserts sent as one statement, each a data-modifying CTE named by its key, and how many
 * rows each wrote (each must return its rows: `returning`). Every insert runs once and to the end, all
 * in one snapshot: one may read another's returned rows by its name (a key listed before it), which
 * also makes that one run first (a trigger that reads the rows it wrote then finds them); none sees
 * another's rows otherwise. Constraints hold as for separate statements: an exclusion or unique
 * constraint refuses a row as it is written, a foreign key at the statement's end. On the embedded
 * database, whose one connection runs every query of every request in turn, a round trip saved is a
 * turn of the queue saved.
 */
export async function writeTogether<K extends string>(db: Db, writes: Record<K, SQLWrapper>): Promise<Record<K, number>> {
  const names = Object.keys(writes) as K[];
  const ctes = names.map((name) => sql`${sql.identifier(name)} as (${(writes[name] as SQLWrapper).getSQL()})`);
  const counts = names.map((name) => sql`(select count(*) from ${sql.identifier(name)})::int as ${sql.identifier(name)}`);
  const [row] = await rowsOf<Record<K, number>>(db, sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(counts, sql`, `)}` as SQL);
  return row!;
}
