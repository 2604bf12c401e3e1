import type { Permission, Role } from "./roles";

/** The user as the browser sees it (the spec's field names). Dates are ISO strings. */
export interface AuthUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
}

export interface AuthSession {
  user: AuthUser;
  /** When the session ends if left unused, in seconds since the epoch. */
  expires_at: number;
}

/** What `GET /api/auth/session` answers: the spec's Session without `loading`. */
export interface AuthSnapshot {
  user: AuthUser | null;
  session: AuthSession | null;
  /** The role opens the admin area (an Owner, a Manager, the front desk; ADR 0185). */
  isAdmin: boolean;
  /** Any role on the team (ADR 0156, 0185). */
  isStaff: boolean;
  /** The role on the team (null for a customer) and what it permits: the menus show only what it may open. */
  role: Role | null;
  permissions: readonly Permission[];
}

export const SIGNED_OUT: AuthSnapshot = { user: null, session: null, isAdmin: false, isStaff: false, role: null, permissions: [] };
