import { type TestResultItem, TimeoutError, runningItem, sleep, summarize, withTimeout } from "./test-item";

/** The authentication test suite: four checks of this browser's sign-in, run one after another. */

export const AUTH_TEST_NAMES = ["Session Check", "User Validation", "Token Verification", "Auth State Listener"] as const;
export type AuthTestName = (typeof AUTH_TEST_NAMES)[number];

export const TEST_TIMEOUT_MS = 8_000;
export const LISTENER_TIMEOUT_MS = 3_000;
export const PAUSE_BETWEEN_TESTS_MS = 300;
export const REPORT_DELAY_MS = 500;

export const AUTH_TEST_TEXT = {
  sessionError: (m: string) => `Session error: ${m}`,
  noSession: "No active session found - user is not authenticated",
  sessionExpired: "Session has expired",
  userError: (m: string) => `User validation error: ${m}`,
  noUser: "User validation failed - no authenticated user found",
  invalidToken: (m: string) => `Invalid or expired token: ${m}`,
  tokenFailed: (m: string) => `Token verification failed: ${m}`,
  listenerNoUser: "Auth state shows no authenticated user",
  listenerTimeout: "Auth listener test timed out after 3 seconds",
  testTimeout: "Test timeout after 8 seconds",
  unknown: "Error: Unknown error",
} as const;

export interface AuthUserLike {
  id: string;
  email: string;
  email_confirmed_at?: string | null;
  last_sign_in_at?: string | null;
}
export interface ServiceError {
  code: string;
  message: string;
  /** HTTP status, when the error came from our server. */
  status?: number;
}

/** What the tests talk to: the server's session endpoint, an authenticated API request and the auth state. */
export interface AuthTestDeps {
  getSession(): Promise<{ session: { user: AuthUserLike; expires_at: number } | null; error: ServiceError | null }>;
  getUser(): Promise<{ user: AuthUserLike | null; error: ServiceError | null }>;
  /** An authenticated request that reads wordpress_connections (the WordPress runner's check_status action). */
  verifyToken(): Promise<{ error: ServiceError | null }>;
  /** Resolves with the state the auth listener reports next. */
  nextAuthState(): Promise<{ user: AuthUserLike | null }>;
  now(): number;
}

type Outcome = Pick<TestResultItem, "status" | "message" | "details">;

/**
 * The hosted service's PGRST301 ("no rows for you") means the token itself was accepted. Ours: a
 * signed-in request refused for lack of rights (403 FORBIDDEN) or rows (404). A refused token is a
 * 401 / AUTH_REQUIRED / AUTH_INVALID, or a message about the token (the spec's "mentions JWT").
 */
export function classifyTokenError(error: ServiceError): "valid" | "invalid" | "failed" {
  if (error.code === "PGRST301" || error.code === "FORBIDDEN" || error.status === 403 || error.status === 404) return "valid";
  if (error.status === 401 || error.code === "AUTH_REQUIRED" || error.code === "AUTH_INVALID" || /jwt|token/i.test(error.message)) return "invalid";
  return "failed";
}

async function sessionCheck(deps: AuthTestDeps): Promise<Outcome> {
  const { session, error } = await deps.getSession();
  if (error) return { status: "failed", message: AUTH_TEST_TEXT.sessionError(error.message) };
  if (!session || !session.user) return { status: "failed", message: AUTH_TEST_TEXT.noSession };
  const expiresAt = new Date(session.expires_at * 1000).toISOString();
  if (session.expires_at * 1000 < deps.now()) return { status: "failed", message: AUTH_TEST_TEXT.sessionExpired, details: { expires_at: expiresAt } };
  return { status: "passed", message: `Active session for ${session.user.email}`, details: { user_id: session.user.id, expires_at: expiresAt } };
}

async function userValidation(deps: AuthTestDeps): Promise<Outcome> {
  const { user, error } = await deps.getUser();
  if (error) return { status: "failed", message: AUTH_TEST_TEXT.userError(error.message) };
  if (!user) return { status: "failed", message: AUTH_TEST_TEXT.noUser };
  return {
    status: "passed",
    message: `User validated: ${user.email}`,
    details: { id: user.id, email: user.email, email_confirmed_at: user.email_confirmed_at ?? null, last_sign_in_at: user.last_sign_in_at ?? null },
  };
}

async function tokenVerification(deps: AuthTestDeps): Promise<Outcome> {
  const { error } = await deps.verifyToken();
  if (!error) return { status: "passed", message: "Token is valid: the server accepted the signed-in request" };
  switch (classifyTokenError(error)) {
    case "valid":
      return { status: "passed", message: "Token is valid (the server accepted it; this account may not read those rows)", details: { code: error.code } };
    case "invalid":
      return { status: "failed", message: AUTH_TEST_TEXT.invalidToken(error.message), details: { code: error.code } };
    case "failed":
      return { status: "failed", message: AUTH_TEST_TEXT.tokenFailed(error.message), details: { code: error.code } };
  }
}

async function authStateListener(deps: AuthTestDeps): Promise<Outcome> {
  try {
    const state = await withTimeout(deps.nextAuthState(), LISTENER_TIMEOUT_MS, AUTH_TEST_TEXT.listenerTimeout);
    if (!state.user) return { status: "failed", message: AUTH_TEST_TEXT.listenerNoUser };
    return { status: "passed", message: `Auth state listener reports ${state.user.email}`, details: { user_id: state.user.id } };
  } catch (error) {
    if (error instanceof TimeoutError) return { status: "failed", message: error.message };
    throw error;
  }
}

const TESTS: Record<AuthTestName, (deps: AuthTestDeps) => Promise<Outcome>> = {
  "Session Check": sessionCheck,
  "User Validation": userValidation,
  "Token Verification": tokenVerification,
  "Auth State Listener": authStateListener,
};

/** One test, never throwing: time-outs and crashes become failed items with the spec's messages. */
export async function runAuthTest(name: AuthTestName, deps: AuthTestDeps): Promise<TestResultItem> {
  const started = deps.now();
  try {
    const outcome = await withTimeout(TESTS[name](deps), TEST_TIMEOUT_MS, AUTH_TEST_TEXT.testTimeout);
    return { name, ...outcome, duration: Math.max(0, deps.now() - started) };
  } catch (error) {
    const message =
      error instanceof TimeoutError ? error.message : error instanceof Error && error.message ? `Error: ${error.message}` : AUTH_TEST_TEXT.unknown;
    return { name, status: "failed", message, duration: Math.max(0, deps.now() - started) };
  }
}

/** Runs the four tests 300 ms apart, reporting each change; the report is built 500 ms after the last. */
export async function runAuthSuite(
  deps: AuthTestDeps,
  onChange: (index: number, item: TestResultItem) => void,
  isCancelled: () => boolean = () => false,
): Promise<TestResultItem[] | null> {
  const results: TestResultItem[] = [];
  for (const [index, name] of AUTH_TEST_NAMES.entries()) {
    if (isCancelled()) return null;
    onChange(index, runningItem(name));
    const result = await runAuthTest(name, deps);
    if (isCancelled()) return null;
    results.push(result);
    onChange(index, result);
    if (index < AUTH_TEST_NAMES.length - 1) await sleep(PAUSE_BETWEEN_TESTS_MS);
  }
  await sleep(REPORT_DELAY_MS);
  return isCancelled() ? null : results;
}

/** The plain-text report behind Copy Report. */
export function buildAuthReport(results: readonly TestResultItem[], context: { generatedAt: Date; email: string | null }): string {
  const s = summarize(results);
  const lines = [
    "Authentication Test Report",
    `Generated: ${context.generatedAt.toISOString()}`,
    `User: ${context.email ?? "Not signed in"}`,
    "",
    "Summary",
    `Passed: ${s.passed}`,
    `Failed: ${s.failed}`,
    `Total: ${s.total}`,
    `Success rate: ${s.successRate}%`,
    "",
    "Results",
  ];
  results.forEach((r, i) => {
    lines.push(`${i + 1}. ${r.name}: ${r.status.toUpperCase()}${r.duration !== undefined ? ` (${r.duration}ms)` : ""}`);
    lines.push(`   ${r.message}`);
    if (r.details) lines.push(`   Details: ${JSON.stringify(r.details)}`);
  });
  return lines.join("\n");
}
