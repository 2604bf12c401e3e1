import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { ROLES, type Role, roleMay } from "~/domain/roles";
import { teamMemberName } from "~/domain/team-names";
import { formatBusinessTime } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { userRoles, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { consumeRateLimits } from "../rate-limit/rate-limit";
import { roleOf } from "./roles";

/**
 * A manager's confirmation on the desk's device (ADR 0196): a front desk member may not release a cat
 * without its pickup code, but a Manager or an Owner standing beside them may, by typing their own
 * PIN there. The PIN is set on /account and kept as a salted scrypt hash; tries are counted per
 * manager (any device) before the PIN is compared, so guessing stops after a few.
 */

/** The roles whose PIN confirms an override: those that may make it themselves. */
const CONFIRMING_ROLES: readonly Role[] = ROLES.filter((role) => roleMay(role, "override"));

/** Tries at one manager's PIN: 5 in any 15 minutes, then a wait. */
export const PIN_TRIES = { limit: 5, windowMs: 15 * 60_000, window: "sliding" } as const;

export const PIN_TEXT = {
  missing: "The manager types their PIN here to confirm the override.",
  wrong: "That PIN is not right. Ask the manager to type it again.",
  notSet: "This manager has no PIN yet: they set one on their account page.",
  unknownManager: "Choose the manager who confirms the override.",
  tooMany: (until: Date) => `Too many wrong PINs for this manager. Try again after ${formatBusinessTime(until)}, or ask the manager to release the cat.`,
} as const;

const KEY_LENGTH = 32;

function hashPin(pin: string, salt = crypto.randomBytes(16).toString("hex")): string {
  return `${salt}:${crypto.scryptSync(pin, salt, KEY_LENGTH).toString("hex")}`;
}

function pinMatches(pin: string, stored: string): boolean {
  const [salt, hash] = stored.split(":");
  if (!salt || !hash) return false;
  const typed = Buffer.from(hashPin(pin, salt).split(":")[1]!, "hex");
  const kept = Buffer.from(hash, "hex");
  return typed.length === kept.length && crypto.timingSafeEqual(typed, kept);
}

/** Sets (or replaces) the PIN of a Manager or an Owner; another role is refused in words. */
export async function setOverridePin(db: Db, userId: string, pin: string): Promise<void> {
  const role = await roleOf(db, userId);
  if (!role || !CONFIRMING_ROLES.includes(role))
    throw new AppError(403, "PIN_NOT_FOR_ROLE", "Only a Manager or an Owner sets an override PIN: it confirms their override at the desk.");
  await db
    .update(users)
    .set({ overridePinHash: hashPin(pin) })
    .where(eq(users.id, userId));
}

/** Whether the account has a PIN set (its page says so; the hash never leaves the server). */
export async function hasOverridePin(db: Pick<Db, "select">, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.overridePinHash)));
  return row !== undefined;
}

export interface ConfirmingManager {
  userId: string;
  name: string;
}

/** The Managers and Owners who set a PIN: whom the desk's override form offers. */
export async function managersWithPin(db: Pick<Db, "select">): Promise<ConfirmingManager[]> {
  const rows = await db
    .select({ userId: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(inArray(userRoles.role, [...CONFIRMING_ROLES]), isNotNull(users.overridePinHash)))
    .orderBy(asc(users.fullName), asc(users.email));
  return rows.map((r) => ({ userId: r.userId, name: teamMemberName(r) }));
}

/**
 * The manager who confirmed, when `pin` is theirs and their role may override now; refuses in words a
 * wrong PIN (counted), one typed too often (429 with when to retry) and a manager without one.
 */
export async function confirmByPin(db: Db, managerUserId: string, pin: string, now: Date): Promise<ConfirmingManager> {
  const limited = await consumeRateLimits(db, [{ key: `override-pin:user:${managerUserId}`, ...PIN_TRIES }], now);
  if (!limited.allowed)
    throw new AppError(429, "PIN_TOO_MANY", PIN_TEXT.tooMany(new Date(now.getTime() + limited.retryAfterMs))).retryAfter(limited.retryAfterMs);
  const [row] = await db
    .select({ fullName: users.fullName, email: users.email, pinHash: users.overridePinHash, role: userRoles.role })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, managerUserId));
  if (!row || !CONFIRMING_ROLES.includes(row.role as Role))
    throw new AppError(400, "PIN_MANAGER_UNKNOWN", PIN_TEXT.unknownManager, { fields: { manager: PIN_TEXT.unknownManager } });
  if (!row.pinHash) throw new AppError(409, "PIN_NOT_SET", PIN_TEXT.notSet, { fields: { manager: PIN_TEXT.notSet } });
  if (!pinMatches(pin, row.pinHash)) throw new AppError(400, "PIN_WRONG", PIN_TEXT.wrong, { fields: { pin: PIN_TEXT.wrong } });
  return { userId: managerUserId, name: teamMemberName(row) };
}

/** The front desk's override form: the manager chosen and their PIN, each asked for in words when left out. */
export async function confirmOverride(db: Db, posted: { manager: string; pin: string }, now: Date): Promise<ConfirmingManager> {
  if (!isUuid(posted.manager)) throw new AppError(400, "PIN_MANAGER_UNKNOWN", PIN_TEXT.unknownManager, { fields: { manager: PIN_TEXT.unknownManager } });
  if (!posted.pin) throw new AppError(400, "PIN_MISSING", PIN_TEXT.missing, { fields: { pin: PIN_TEXT.missing } });
  return confirmByPin(db, posted.manager, posted.pin, now);
}
