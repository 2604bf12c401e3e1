import type { AuthSnapshot } from "./types";

/** An error as the API reports it: a stable code and a message meant for people. */
export interface AuthError {
  code: string;
  message: string;
}

const NETWORK_ERROR: AuthError = {
  code: "NETWORK",
  message: "We could not reach the server. Please check your connection and try again.",
};

type Result<T> = { data: T; error: null } | { data: null; error: AuthError };

async function call<T>(path: string, init?: RequestInit): Promise<Result<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      ...init,
      credentials: "same-origin",
      headers: init?.body ? { "content-type": "application/json" } : undefined,
    });
  } catch {
    return { data: null, error: NETWORK_ERROR };
  }
  if (res.status === 204) return { data: null as T, error: null };
  const body = (await res.json().catch(() => null)) as ({ error?: AuthError } & T) | null;
  if (!res.ok || !body) {
    return { data: null, error: body?.error ?? { code: `HTTP_${res.status}`, message: "Something went wrong on our side. Please try again." } };
  }
  return { data: body, error: null };
}

const post = (body?: unknown): RequestInit => ({ method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });

/** The browser's side of /api/auth (server/auth/router.ts). */
export const authApi = {
  session: () => call<AuthSnapshot>("/session"),
  requestMagicLink: (email: string, redirectTo?: string) => call<{ ok: true }>("/magic-link", post({ email, redirectTo })),
  verifyCode: (email: string, code: string) => call<{ redirectTo: string }>("/verify-code", post({ email, code })),
  signOut: () => call<null>("/sign-out", post()),
};
