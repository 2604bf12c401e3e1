import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { readSessionToken } from "./cookies";
import { type TeamStanding, rolesOf } from "./roles";
import { type ActiveSession, type SessionUser, findSession } from "./sessions";

/**
 * Who is making a request: the user, their session, and their role on the team right now with what it
 * permits (`role` null for a customer; `isAdmin`: the role opens /admin; `isStaff`: any role; ADR 0185).
 */
export interface CurrentAuth extends TeamStanding {
  user: SessionUser;
  session: ActiveSession;
}

export interface AuthDeps {
  db: Db;
  env: Pick<Env, "isProduction">;
  logger?: Logger;
}

/** Reads the session cookie from a Cookie header and answers who it belongs to (null: nobody). */
export async function authenticate(deps: AuthDeps, cookieHeader: string | null | undefined, now: Date): Promise<CurrentAuth | null> {
  const token = readSessionToken(deps.env, cookieHeader);
  if (!token) return null;
  const found = await findSession(deps.db, token, now);
  if (!found) return null;
  return { ...found, ...(await rolesOf(deps.db, found.user.id, deps.logger)) };
}
