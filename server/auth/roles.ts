import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { userRoles, users } from "../db/schema/index";
import type { Logger } from "../logger";

export const ADMIN_ROLE = "admin";

/**
 * Read from `user_roles` on every request that needs it, never cached: a revoked admin loses access at
 * once. Any error reading it means "not admin" (the spec's rule, and the safe side).
 */
export async function isAdmin(db: Pick<Db, "select">, userId: string, logger?: Logger): Promise<boolean> {
  try {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
      .limit(1);
    return rows.length === 1;
  } catch (err) {
    logger?.error({ err, userId }, "could not read user_roles; treating the user as not admin");
    return false;
  }
}

type Executor = Pick<Db, "insert" | "delete" | "select">;

/**
 * Whether `email` belongs to an admin: listed in ADMIN_EMAILS, or a user holding the role. Used before
 * sign-in (no session yet); an error reading the roles counts as "not admin".
 */
export async function isAdminAddress(db: Pick<Db, "select">, adminEmails: readonly string[], email: string, logger?: Logger): Promise<boolean> {
  if (adminEmails.includes(email)) return true;
  try {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(users.email, email), eq(userRoles.role, ADMIN_ROLE)))
      .limit(1);
    return rows.length === 1;
  } catch (err) {
    logger?.error({ err }, "could not read user_roles; treating the address as not an admin's");
    return false;
  }
}

export async function grantAdmin(db: Executor, userId: string): Promise<void> {
  await db.insert(userRoles).values({ userId, role: ADMIN_ROLE }).onConflictDoNothing();
}

/** Returns whether a role was removed. */
export async function revokeAdmin(db: Executor, userId: string): Promise<boolean> {
  const removed = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
    .returning({ userId: userRoles.userId });
  return removed.length > 0;
}

/** The e-mail addresses that currently hold the admin role, for the CLI's `list`. */
export async function listAdmins(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, ADMIN_ROLE))
    .orderBy(users.email);
  return rows.map((r) => r.email);
}
