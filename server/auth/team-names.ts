import { inArray } from "drizzle-orm";
import { teamMemberName } from "~/domain/team-names";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";

/**
 * The names of the team members who did something, by account id (ADR 0196): the stay's history and
 * the staff's Care log say who did what by name. An account deleted since is missing from the map;
 * the record's own initials or address stand in for it.
 */
export async function teamNames(db: Pick<Db, "select">, userIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, teamMemberName(r)]));
}

/** The name `names` holds for the account that did something, else what its record kept (initials, an address): an account gone, or a reader given initials. */
export function nameOr(names: ReadonlyMap<string, string>, userId: string | null, kept: string): string {
  return (userId && names.get(userId)) || kept;
}
