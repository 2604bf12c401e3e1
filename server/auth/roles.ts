import { and, eq, sql } from "drizzle-orm";
import { type Permission, type Role, ROLE_LABELS, isRole, opensAdmin, permissionsOf } from "~/domain/roles";
import type { Db } from "../db/client";
import { userRoles, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { inTransaction } from "../db/transaction";

/** The Owner role: everything, the team included. ADMIN_EMAILS and `npm run admin` make Owners (ADR 0185). */
export const OWNER_ROLE: Role = "owner";
/** Care attendants: Today and the care pages (ADR 0156's staff, ADR 0185). */
export const CARE_ROLE: Role = "care";

/** Who a user is on the team right now: their role (null for a customer) and what it permits. */
export interface TeamStanding {
  role: Role | null;
  permissions: readonly Permission[];
  /** The role opens the admin area (an Owner, a Manager, the front desk): where sign-in lands them. */
  isAdmin: boolean;
  /** Any role: a team member, whose account is not deleted from /account. */
  isStaff: boolean;
}

export function standingOf(role: Role | null): TeamStanding {
  return { role, permissions: permissionsOf(role), isAdmin: opensAdmin(role), isStaff: role !== null };
}

/**
 * What `user_roles` says of a user right now, in one read. Never cached: a member removed or given
 * another role has it at the next request; an error reading it means no role (the safe side).
 */
export async function rolesOf(db: Pick<Db, "select">, userId: string, logger?: Logger): Promise<TeamStanding> {
  try {
    return standingOf(await roleOf(db, userId));
  } catch (err) {
    logger?.error({ err, userId }, "could not read user_roles; treating the user as holding no role");
    return standingOf(null);
  }
}

/** The user's role, letting an error through (inside a transaction, see holdsAdminRole). */
export async function roleOf(db: Pick<Db, "select">, userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1);
  return row && isRole(row.role) ? row.role : null;
}

/** Whether the user is an Owner; any error reading it means "no" (the spec's rule, and the safe side). */
export async function isAdmin(db: Pick<Db, "select">, userId: string, logger?: Logger): Promise<boolean> {
  try {
    return await holdsAdminRole(db, userId);
  } catch (err) {
    logger?.error({ err, userId }, "could not read user_roles; treating the user as not an owner");
    return false;
  }
}

/**
 * Whether the user's role opens the admin area, letting an error through: inside a transaction, where a
 * failed statement aborts it on PostgreSQL and a swallowed error would let the commit quietly roll
 * back (a sign-in the visitor is told succeeded, with no session).
 */
export async function holdsAdminRole(db: Pick<Db, "select">, userId: string): Promise<boolean> {
  return opensAdmin(await roleOf(db, userId));
}

type Executor = Pick<Db, "insert" | "delete" | "select">;

/**
 * Whether `email` belongs to an Owner: listed in ADMIN_EMAILS, or a user holding the role. Used before
 * sign-in (no session yet); an error reading the roles counts as "no".
 */
export async function isAdminAddress(db: Pick<Db, "select">, adminEmails: readonly string[], email: string, logger?: Logger): Promise<boolean> {
  if (adminEmails.includes(email)) return true;
  try {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(users.email, email), eq(userRoles.role, OWNER_ROLE)))
      .limit(1);
    return rows.length === 1;
  } catch (err) {
    logger?.error({ err }, "could not read user_roles; treating the address as not an owner's");
    return false;
  }
}

/** Gives the user `role`, replacing the one they held (one role a person). */
async function putRole(db: Pick<Db, "insert">, userId: string, role: Role): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({
      target: userRoles.userId,
      set: { role, createdAt: sql`case when ${userRoles.role} = excluded.role then ${userRoles.createdAt} else now() end` },
    });
}

/** Makes the user an Owner (ADMIN_EMAILS at sign-in, `npm run admin -- grant`, tests). */
export async function grantAdmin(db: Pick<Db, "insert">, userId: string): Promise<void> {
  await putRole(db, userId, OWNER_ROLE);
}

/** The lock every change of the team takes first, the one the last-owner trigger takes too (migration team_roles). */
async function lockTeam(tx: Pick<Db, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(142005, 0)`);
}

export const LAST_OWNER_MESSAGE = "The team needs at least one Owner. Make someone else an Owner first.";
const lastOwner = () => new AppError(409, "LAST_OWNER", LAST_OWNER_MESSAGE);

/**
 * Runs a change of `userId`'s role under the team's lock, refusing in words one that would leave no
 * Owner (the trigger refuses it too, for any other writer).
 */
async function changeTeam<T>(db: Db, userId: string, next: Role | null, change: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await lockTeam(tx);
    if ((await roleOf(tx, userId)) === OWNER_ROLE && next !== OWNER_ROLE) {
      const [other] = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.role, OWNER_ROLE), sql`${userRoles.userId} <> ${userId}`))
        .limit(1);
      if (!other) throw lastOwner();
    }
    return change(tx);
  });
}

/** Takes the user's role away, whatever it is; whether they held one. Refuses the last Owner (`LAST_OWNER`). */
export async function revokeAdmin(db: Db, userId: string): Promise<boolean> {
  return changeTeam(db, userId, null, async (tx) => {
    const removed = await tx.delete(userRoles).where(eq(userRoles.userId, userId)).returning({ userId: userRoles.userId });
    return removed.length > 0;
  });
}

/** The e-mail addresses that currently hold the Owner role, for the CLI's `list`. */
export async function listAdmins(db: Pick<Db, "select">): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, OWNER_ROLE))
    .orderBy(users.email);
  return rows.map((r) => r.email);
}

export interface TeamMember {
  email: string;
  fullName: string | null;
  role: Role;
  since: Date;
}

/** The team, by role (Owners first) then by address. */
export async function listTeam(db: Pick<Db, "select">): Promise<TeamMember[]> {
  const rows = await db
    .select({ email: users.email, fullName: users.fullName, role: userRoles.role, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .orderBy(users.email);
  const order = Object.keys(ROLE_LABELS);
  return rows.filter((r): r is TeamMember => isRole(r.role)).sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role) || a.email.localeCompare(b.email));
}

/** The account of `email`, created if needed (it signs in by link like any other); a name given is its full name (ADR 0196). */
async function accountFor(db: Pick<Db, "insert">, email: string, fullName?: string): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email, fullName })
    .onConflictDoUpdate({ target: users.email, set: fullName ? { fullName } : { email } })
    .returning({ id: users.id });
  return user!.id;
}

/** A team member's own full name, from /account (ADR 0196). */
export async function setFullName(db: Pick<Db, "update">, userId: string, fullName: string): Promise<void> {
  await db.update(users).set({ fullName }).where(eq(users.id, userId));
}

export type TeamChange = "added" | "changed" | "unchanged";

/**
 * Gives `email` the role (the Team page's add and change): creates the account if needed (with the
 * full name typed when adding), replaces the role held. Refuses to take the last Owner's role away (`LAST_OWNER`). Safe to post twice: the second
 * finds the role held ("unchanged").
 */
export async function setTeamRole(db: Db, email: string, role: Role, fullName?: string): Promise<TeamChange> {
  const userId = await accountFor(db, email, fullName);
  return changeTeam(db, userId, role, async (tx) => {
    const held = await roleOf(tx, userId);
    if (held === role) return "unchanged";
    await putRole(tx, userId, role);
    return held ? "changed" : "added";
  });
}

/** Takes `email` off the team; whether they were on it. Refuses the last Owner (`LAST_OWNER`). */
export async function removeTeamMember(db: Db, email: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return false;
  return revokeAdmin(db, user.id);
}

/**
 * Makes `email` a care attendant unless they hold a role already (tests and the care helpers), and
 * says whether anything changed.
 */
export async function addStaffMember(db: Executor, email: string): Promise<"added" | "already staff" | "admin"> {
  const userId = await accountFor(db, email);
  const added = await db.insert(userRoles).values({ userId, role: CARE_ROLE }).onConflictDoNothing().returning({ userId: userRoles.userId });
  if (added.length > 0) return "added";
  return (await roleOf(db, userId)) === CARE_ROLE ? "already staff" : "admin";
}

/** Takes the care attendant's role from `email`; whether they held it. Other roles are changed on the Team page. */
export async function removeStaffMember(db: Executor, email: string): Promise<boolean> {
  const removed = await db
    .delete(userRoles)
    .where(and(eq(userRoles.role, CARE_ROLE), sql`${userRoles.userId} = (select ${users.id} from ${users} where ${users.email} = ${email})`))
    .returning({ userId: userRoles.userId });
  return removed.length > 0;
}
