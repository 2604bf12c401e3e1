import { and, eq, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema/index";
import { hashToken, randomToken } from "../crypto/tokens";

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** A session unused for this long ends. */
export const SESSION_IDLE_MS = 7 * day;
/** A session ends this long after sign-in, however much it is used. */
export const SESSION_ABSOLUTE_MS = 30 * day;
/** Use pushes the idle expiry forward, at most once per this interval (one write per hour, not per request). */
export const SESSION_RENEW_AFTER_MS = hour;

export interface SessionUser {
  id: string;
  email: string;
  /** A team member's name as typed on the Team page or /account (ADR 0196); null until one is given. */
  fullName: string | null;
  emailConfirmedAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export interface ActiveSession {
  id: string;
  /** When this session ends if unused: the earlier of the idle and the absolute expiry. */
  expiresAt: Date;
  /** The absolute end; the cookie lives until then. */
  absoluteExpiresAt: Date;
}

type Executor = Pick<Db, "insert" | "delete" | "select" | "update">;

const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** Starts a session; the token goes into the cookie, only its hash into the database. */
export async function createSession(db: Executor, userId: string, now: Date) {
  // Tidy this user's ended sessions while we are here.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.idleExpiresAt, now))));
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const idleExpiresAt = earlier(new Date(now.getTime() + SESSION_IDLE_MS), expiresAt);
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now, idleExpiresAt, expiresAt })
    .returning({ id: sessions.id });
  const session: ActiveSession = { id: row!.id, expiresAt: idleExpiresAt, absoluteExpiresAt: expiresAt };
  return { token, session };
}

/**
 * The session and user behind a cookie token, or null. An ended session is deleted on sight.
 * A session in use has its idle expiry pushed forward (never beyond the absolute one).
 */
export async function findSession(db: Db, token: string, now: Date): Promise<{ session: ActiveSession; user: SessionUser } | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  if (session.expiresAt <= now || session.idleExpiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  let idleExpiresAt = session.idleExpiresAt;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_RENEW_AFTER_MS) {
    idleExpiresAt = earlier(new Date(now.getTime() + SESSION_IDLE_MS), session.expiresAt);
    await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.id, session.id));
  }
  return {
    session: { id: session.id, expiresAt: idleExpiresAt, absoluteExpiresAt: session.expiresAt },
    user: {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      emailConfirmedAt: user.emailConfirmedAt,
      lastSignInAt: user.lastSignInAt,
      createdAt: user.createdAt,
    },
  };
}

/** Sign-out: the row goes, so the cookie is worthless even if someone kept a copy. */
export async function deleteSession(db: Db, token: string): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
