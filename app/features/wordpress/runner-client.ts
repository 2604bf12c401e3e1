import type { RunnerRequest } from "./schema";

/** The browser's side of POST /api/wordpress-test-runner. WordPress itself is only ever called by the server. */

export const RUNNER_PATH = "/api/wordpress-test-runner";

export type RunnerOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string; /** Signed out, or not an admin: show the sign-in notice. */ authRequired: boolean };

const AUTH_CODES = new Set(["AUTH_REQUIRED", "AUTH_INVALID", "FORBIDDEN"]);

/** The spec keys the 'Authentication Required' flow on these codes or message fragments; 401/403 mean the same here. */
export function isAuthFailure(status: number, code: string, message: string): boolean {
  if (status === 401 || status === 403 || AUTH_CODES.has(code)) return true;
  const text = message.toLowerCase();
  return text.includes("authentication required") || text.includes("invalid authentication");
}

export const NETWORK_MESSAGE = "We could not reach the server. Please check your connection and try again.";

export async function callRunner<T>(request: RunnerRequest, fetchImpl: typeof fetch = fetch): Promise<RunnerOutcome<T>> {
  let res: Response;
  try {
    res = await fetchImpl(RUNNER_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
  } catch {
    return { ok: false, status: 0, code: "NETWORK", message: NETWORK_MESSAGE, authRequired: false };
  }
  const body = (await res.json().catch(() => null)) as ({ error?: { code?: string; message?: string } } & T) | null;
  if (!res.ok || !body) {
    const code = body?.error?.code ?? `HTTP_${res.status}`;
    const message = body?.error?.message ?? `The server answered HTTP ${res.status}.`;
    return { ok: false, status: res.status, code, message, authRequired: isAuthFailure(res.status, code, message) };
  }
  return { ok: true, data: body };
}
