import { type RunnerRequest, VALIDATOR_STREAM_TYPE, type ValidationReport, type ValidatorStreamLine } from "./schema";

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
export const CANCELLED_CODE = "CANCELLED";

export interface CallOptions {
  /** Aborting it cancels the request, and the server stops its work on the site. */
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

function failure(status: number, code: string, message: string): Extract<RunnerOutcome<never>, { ok: false }> {
  return { ok: false, status, code, message, authRequired: isAuthFailure(status, code, message) };
}

async function post(request: RunnerRequest, options: CallOptions, accept: string): Promise<Response | Extract<RunnerOutcome<never>, { ok: false }>> {
  try {
    return await (options.fetchImpl ?? fetch)(RUNNER_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept },
      body: JSON.stringify(request),
      signal: options.signal,
    });
  } catch {
    return options.signal?.aborted ? failure(0, CANCELLED_CODE, "Cancelled.") : failure(0, "NETWORK", NETWORK_MESSAGE);
  }
}

async function readJson<T>(res: Response): Promise<RunnerOutcome<T>> {
  const body = (await res.json().catch(() => null)) as ({ error?: { code?: string; message?: string } } & T) | null;
  if (!res.ok || !body) {
    return failure(res.status, body?.error?.code ?? `HTTP_${res.status}`, body?.error?.message ?? `The server answered HTTP ${res.status}.`);
  }
  return { ok: true, data: body };
}

export async function callRunner<T>(request: RunnerRequest, options: CallOptions = {}): Promise<RunnerOutcome<T>> {
  const res = await post(request, options, "application/json");
  return res instanceof Response ? readJson<T>(res) : res;
}

/**
 * validate_settings as a stream: `onStage` hears each stage as the server starts it, and the
 * outcome is the report (or the error) that ends the stream.
 */
export async function streamValidation(onStage: (index: number) => void, options: CallOptions = {}): Promise<RunnerOutcome<{ report: ValidationReport }>> {
  const res = await post({ action: "validate_settings" }, options, VALIDATOR_STREAM_TYPE);
  if (!(res instanceof Response)) return res;
  // An error before the work started (no saved connection, not signed in) is plain JSON.
  if (!res.ok || !res.body || !res.headers.get("content-type")?.includes(VALIDATOR_STREAM_TYPE)) return readJson(res);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffered.slice(0, newline)) as ValidatorStreamLine;
        buffered = buffered.slice(newline + 1);
        if ("stage" in line) onStage(line.stage);
        else if ("result" in line) return { ok: true, data: line.result };
        else return failure(res.status, line.error.code, line.error.message);
      }
    }
  } catch {
    return options.signal?.aborted ? failure(0, CANCELLED_CODE, "Cancelled.") : failure(0, "NETWORK", NETWORK_MESSAGE);
  }
  return failure(0, "NETWORK", "The server stopped before the report was ready. Please try again.");
}
