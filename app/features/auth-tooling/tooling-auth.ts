import { ApiError, apiFetch } from "~/lib/api-client";
import type { AuthUserLike, ServiceError } from "./auth-tests";

/**
 * The slice of the app's auth state (useAuth) the testing panels use. Passed in as a prop so the
 * panels stay plain components.
 */
export interface ToolingAuth {
  user: AuthUserLike | null;
  session: { user: AuthUserLike; expires_at: number } | null;
  loading: boolean;
  isAdmin: boolean;
  signIn(email: string, options?: { redirectTo?: string }): Promise<{ error: { code: string; message: string } | null }>;
  signOut(): Promise<{ error: { code: string; message: string } | null }>;
  refresh(): Promise<void>;
}

interface SessionAnswer {
  user: AuthUserLike | null;
  session: { user: AuthUserLike; expires_at: number } | null;
}

/** GET /api/auth/session: what the server makes of this browser's session cookie. */
export async function fetchServerSession(): Promise<{ data: SessionAnswer | null; error: ServiceError | null }> {
  try {
    return { data: await apiFetch<SessionAnswer>("/api/auth/session"), error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { data: null, error: { code: error.code, message: error.message, status: error.status } };
  }
}
