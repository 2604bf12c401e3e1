import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { households } from "./schema/index";

/**
 * The one ownership check (ADR 0203): a customer's query is scoped to the household of the signed-in
 * account here and nowhere else, so that scope is written once and a forgotten one shows up in review
 * as a query that calls neither. `owned.test.ts` refuses a `households.userId` predicate in any other
 * file. Another household's row, an unknown one and a malformed id answer the same 404 (ADR 0116).
 */

/** The account's household row: for a query from `households`, or one joined to it by the household's id. */
export const householdOf = (userId: string): SQL => eq(households.userId, userId);

/** The rows whose `householdId` column is the account's household (none while it has no household). */
export const ownedBy = (householdId: AnyPgColumn, userId: string): SQL =>
  sql`${householdId} = (select ${households.id} from ${households} where ${householdOf(userId)})`;

/**
 * A record the household reads and the team reads too (a receipt, a certificate, a photo): scoped in
 * the query to the account's household, or unscoped (`undefined`, which `and` drops) for a reader who
 * may see every household's. The record is never read first and compared with the reader after.
 */
export const readableBy = (householdId: AnyPgColumn, reader: { userId: string; seesEveryHousehold: boolean }): SQL | undefined =>
  reader.seesEveryHousehold ? undefined : ownedBy(householdId, reader.userId);
