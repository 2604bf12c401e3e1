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
  isAdmin: boolean;
  /** Staff or admin: the header links the staff pages (ADR 0156, 0165). */
  isStaff: boolean;
}

export const SIGNED_OUT: AuthSnapshot = { user: null, session: null, isAdmin: false, isStaff: false };
