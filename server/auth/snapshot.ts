import { type AuthSnapshot, type AuthUser, SIGNED_OUT } from "~/domain/auth-session";
import type { CurrentAuth } from "./current";
import type { SessionUser } from "./sessions";

export function toAuthUser(user: SessionUser): AuthUser {
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

/** The browser's view of a request's auth: no token, no session id, just what the UI shows. */
export function toSnapshot(auth: CurrentAuth | null): AuthSnapshot {
  if (!auth) return SIGNED_OUT;
  const user = toAuthUser(auth.user);
  return {
    user,
    session: { user, expires_at: Math.floor(auth.session.expiresAt.getTime() / 1000) },
    isAdmin: auth.isAdmin,
    isStaff: auth.isStaff,
    role: auth.role,
    permissions: auth.permissions,
  };
}
