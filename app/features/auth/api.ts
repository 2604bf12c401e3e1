import { ApiError, apiFetch } from "~/lib/api-client";
import type { AuthSnapshot } from "~/domain/auth-session";

/** An error as the API reports it: a stable code and a message meant for people. */
export interface AuthError {
  code: string;
  message: string;
}

type Result<T> = { data: T; error: null } | { data: null; error: AuthError };

async function call<T>(path: string, body?: unknown): Promise<Result<T>> {
  try {
    return { data: await apiFetch<T>(`/api/auth${path}`, body === undefined ? { method: path === "/session" ? "GET" : "POST" } : { body }), error: null };
  } catch (error) {
    if (error instanceof ApiError) return { data: null, error: { code: error.code, message: error.message } };
    throw error;
  }
}

/** The browser's side of /api/auth (server/auth/router.ts). */
export const authApi = {
  session: () => call<AuthSnapshot>("/session"),
  requestMagicLink: (email: string, redirectTo?: string) => call<{ ok: true }>("/magic-link", { email, redirectTo }),
  verifyCode: (email: string, code: string) => call<{ redirectTo: string }>("/verify-code", { email, code }),
  signOut: () => call<null>("/sign-out"),
};
