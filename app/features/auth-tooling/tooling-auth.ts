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
    const res = await fetch("/api/auth/session", { credentials: "same-origin", headers: { accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as (SessionAnswer & { error?: { code: string; message: string } }) | null;
    if (!res.ok || !body) {
      return { data: null, error: { code: body?.error?.code ?? `HTTP_${res.status}`, message: body?.error?.message ?? `The server answered HTTP ${res.status}`, status: res.status } };
    }
    return { data: body, error: null };
  } catch {
    return { data: null, error: { code: "NETWORK", message: "We could not reach the server" } };
  }
}
