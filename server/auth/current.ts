import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { readSessionToken } from "./cookies";
import { rolesOf } from "./roles";
import { type ActiveSession, type SessionUser, findSession } from "./sessions";

/** Who is making a request: the user, their session, and whether `user_roles` says admin (or staff) right now. */
export interface CurrentAuth {
  user: SessionUser;
  session: ActiveSession;
  isAdmin: boolean;
  /** Staff or admin: the /staff pages (ADR 0156). */
  isStaff: boolean;
}

export interface AuthDeps {
  db: Db;
  env: Pick<Env, "isProduction">;
  logger?: Logger;
}

/** Reads the session cookie from a Cookie header and answers who it belongs to (null: nobody). */
export async function authenticate(deps: AuthDeps, cookieHeader: string | null | undefined, now = new Date()): Promise<CurrentAuth | null> {
  const token = readSessionToken(deps.env, cookieHeader);
  if (!token) return null;
  const found = await findSession(deps.db, token, now);
  if (!found) return null;
  return { ...found, ...(await rolesOf(deps.db, found.user.id, deps.logger)) };
}
