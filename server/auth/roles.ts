import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { userRoles, users } from "../db/schema/index";
import type { Logger } from "../logger";

export const ADMIN_ROLE = "admin";
/** Caretakers and groomers: the /staff pages, nothing of /admin (ADR 0156). An admin is staff too. */
export const STAFF_ROLE = "staff";

/**
 * What `user_roles` says of a user right now, in one read: an admin, and staff (the staff role, or
 * admin). Never cached; an error reading it means neither (the safe side).
 */
export async function rolesOf(db: Pick<Db, "select">, userId: string, logger?: Logger): Promise<{ isAdmin: boolean; isStaff: boolean }> {
  try {
    const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    const isAdmin = rows.some((r) => r.role === ADMIN_ROLE);
    return { isAdmin, isStaff: isAdmin || rows.some((r) => r.role === STAFF_ROLE) };
  } catch (err) {
    logger?.error({ err, userId }, "could not read user_roles; treating the user as neither admin nor staff");
    return { isAdmin: false, isStaff: false };
  }
}

/**
 * Read from `user_roles` on every request that needs it, never cached: a revoked admin loses access at
 * once. Any error reading it means "not admin" (the spec's rule, and the safe side).
 */
export async function isAdmin(db: Pick<Db, "select">, userId: string, logger?: Logger): Promise<boolean> {
  try {
    return await holdsAdminRole(db, userId);
  } catch (err) {
    logger?.error({ err, userId }, "could not read user_roles; treating the user as not admin");
    return false;
  }
}

/**
 * Whether the user holds the admin role, letting an error through: inside a transaction, where a
 * failed statement aborts it on PostgreSQL and a swallowed error would let the commit quietly roll
 * back (a sign-in the visitor is told succeeded, with no session).
 */
export async function holdsAdminRole(db: Pick<Db, "select">, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
    .limit(1);
  return rows.length === 1;
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

export interface TeamMember {
  email: string;
  role: "admin" | "staff";
  since: Date;
}

/** The team: every admin and every staff member, admins first, then by address. */
export async function listTeam(db: Pick<Db, "select">): Promise<TeamMember[]> {
  const rows = await db
    .select({ email: users.email, role: userRoles.role, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .orderBy(users.email);
  // One line a person: an admin who also holds the staff role is listed as an admin.
  const byEmail = new Map<string, TeamMember>();
  for (const r of rows) {
    const role = r.role === ADMIN_ROLE ? "admin" : "staff";
    const seen = byEmail.get(r.email);
    if (!seen || role === "admin") byEmail.set(r.email, { email: r.email, role, since: r.since });
  }
  return [...byEmail.values()].sort((a, b) => (a.role === b.role ? a.email.localeCompare(b.email) : a.role === "admin" ? -1 : 1));
}

/**
 * Makes `email` a staff member (creating the account, which signs in by link like any other), and
 * says whether anything changed: an admin or a member already is one.
 */
export async function addStaffMember(db: Executor, email: string): Promise<"added" | "already staff" | "admin"> {
  const [user] = await db.insert(users).values({ email }).onConflictDoUpdate({ target: users.email, set: { email } }).returning({ id: users.id });
  if (await isAdmin(db, user!.id)) return "admin";
  const added = await db.insert(userRoles).values({ userId: user!.id, role: STAFF_ROLE }).onConflictDoNothing().returning({ userId: userRoles.userId });
  return added.length > 0 ? "added" : "already staff";
}

/** Takes the staff role from `email`; whether it held it. An admin's role is not changed here (the admin command does that). */
export async function removeStaffMember(db: Executor, email: string): Promise<boolean> {
  const removed = await db
    .delete(userRoles)
    .where(and(eq(userRoles.role, STAFF_ROLE), sql`${userRoles.userId} = (select ${users.id} from ${users} where ${users.email} = ${email})`))
    .returning({ userId: userRoles.userId });
  return removed.length > 0;
}
