import type { RunnerOutcome } from "~/features/wordpress/runner-client";
import { type ConnectionInfo, type Credentials, PASSWORD_MASK, type RunnerRequest } from "~/features/wordpress/schema";
import { type TestResultItem, pendingItem, runningItem, sleep } from "./test-item";

/**
 * The database-save validator: can this browser save the WordPress settings? Seven checks in
 * order, 0.5 s apart. From the fifth on, a failure while signed out stops the run (the rest could
 * only fail the same way).
 */

export const SAVE_CHECK_NAMES = [
  "Session Present",
  "Session Valid",
  "Database Access",
  "Test Runner Function",
  "Saved Credentials",
  "Save Settings",
  "Read Back Saved Settings",
] as const;

export const STEP_DELAY_MS = 500;
export const AUTO_RUN_DELAY_MS = 1_000;
/** Zero-based index of the fifth check. */
export const STOP_WHEN_SIGNED_OUT_FROM = 4;

export const SAVE_CHECK_TEXT = {
  missingSession: "No active session: you are not signed in. Sign in to save settings.",
  invalidSession: (why: string) => `Invalid session: ${why}. Sign in again.`,
  databaseError: (m: string) => `Database error: ${m}`,
  functionError: (m: string) => `Test runner function error: ${m}`,
  noSavedCredentials: "No saved credentials found. Save the WordPress connection settings first.",
  credentialsFailure: (m: string) => `Credentials failure: ${m}`,
  saveFailure: (m: string) => `Save failure: ${m}`,
  stopped: "Stopped: sign in to run the remaining checks.",
} as const;

interface SessionLike {
  user: { id: string; email: string } | null;
  session: { expires_at: number } | null;
}

export interface SaveCheckDeps {
  /** What this browser's auth state says. */
  localSession(): SessionLike;
  /** What the server says about this browser's session cookie. */
  serverSession(): Promise<{ data: SessionLike | null; error: { message: string } | null }>;
  runner<T>(request: RunnerRequest): Promise<RunnerOutcome<T>>;
  isSignedIn(): boolean;
  now(): number;
}

type Outcome = Pick<TestResultItem, "status" | "message" | "details">;
type StatusAnswer = { configured: boolean; password_readable: boolean | null; test_configurations: { total: number; enabled: number } };
type LoadAnswer = { credentials: Credentials | null; connection_info: ConnectionInfo | null };

/** What earlier checks found, for the later ones. */
interface RunState {
  status?: StatusAnswer;
  loaded?: LoadAnswer;
  loadError?: string;
}

const failureDetails = (o: Extract<RunnerOutcome<unknown>, { ok: false }>) => ({ http_status: o.status, code: o.code });

function makeChecks(deps: SaveCheckDeps, state: RunState): Array<() => Promise<Outcome>> {
  return [
    async () => {
      const { user, session } = deps.localSession();
      if (!user || !session) return { status: "failed", message: SAVE_CHECK_TEXT.missingSession };
      return { status: "passed", message: `Signed in as ${user.email}`, details: { user_id: user.id } };
    },
    async () => {
      const { data, error } = await deps.serverSession();
      if (error) return { status: "failed", message: SAVE_CHECK_TEXT.invalidSession(error.message.replace(/\.$/, "")) };
      if (!data?.user || !data.session)
        return { status: "failed", message: SAVE_CHECK_TEXT.invalidSession("the server does not recognise a session for this browser") };
      if (data.session.expires_at * 1000 < deps.now()) return { status: "failed", message: SAVE_CHECK_TEXT.invalidSession("it has expired") };
      return {
        status: "passed",
        message: `The server confirms the session for ${data.user.email}`,
        details: { expires_at: new Date(data.session.expires_at * 1000).toISOString() },
      };
    },
    async () => {
      const outcome = await deps.runner<StatusAnswer>({ action: "check_status" });
      if (!outcome.ok) return { status: "failed", message: SAVE_CHECK_TEXT.databaseError(outcome.message), details: failureDetails(outcome) };
      state.status = outcome.data;
      return {
        status: "passed",
        message: `Database reachable: ${outcome.data.configured ? "a connection is saved" : "no connection saved yet"}, ${outcome.data.test_configurations.total} test configurations`,
        details: { configured: outcome.data.configured, test_configurations: outcome.data.test_configurations },
      };
    },
    async () => {
      const outcome = await deps.runner<LoadAnswer>({ action: "load_credentials" });
      if (!outcome.ok) {
        state.loadError = outcome.message;
        return { status: "failed", message: SAVE_CHECK_TEXT.functionError(outcome.message), details: failureDetails(outcome) };
      }
      state.loaded = outcome.data;
      return { status: "passed", message: "The WordPress test runner answered load_credentials" };
    },
    async () => {
      if (!state.loaded) return { status: "failed", message: SAVE_CHECK_TEXT.credentialsFailure(state.loadError ?? "the saved settings could not be loaded") };
      const { credentials, connection_info } = state.loaded;
      if (!credentials) return { status: "failed", message: SAVE_CHECK_TEXT.noSavedCredentials };
      if (state.status?.password_readable === false) {
        return { status: "failed", message: SAVE_CHECK_TEXT.credentialsFailure("the saved application password cannot be decrypted; enter it again and save") };
      }
      return {
        status: "passed",
        message: `Saved credentials found for ${credentials.username} at ${credentials.url}`,
        details: { connection_name: connection_info?.connection_name ?? null, password: "stored encrypted (not sent to the browser)" },
      };
    },
    async () => {
      const credentials = state.loaded?.credentials;
      if (!credentials) return { status: "failed", message: SAVE_CHECK_TEXT.saveFailure("there are no saved settings to save again") };
      // A dry run: the server makes the save (the mask keeps the stored password) and rolls it
      // back, so the check proves saving works without writing on every visit to the page.
      const outcome = await deps.runner<{ connection_info: ConnectionInfo }>({
        action: "save_credentials",
        credentials: { url: credentials.url, username: credentials.username, password: PASSWORD_MASK },
        dry_run: true,
      });
      if (!outcome.ok) return { status: "failed", message: SAVE_CHECK_TEXT.saveFailure(outcome.message), details: failureDetails(outcome) };
      return {
        status: "passed",
        message: "The settings can be saved (the save was made and rolled back, so nothing changed)",
        details: { connection_name: outcome.data.connection_info.connection_name },
      };
    },
    async () => {
      const before = state.loaded?.credentials;
      if (!before) return { status: "failed", message: SAVE_CHECK_TEXT.noSavedCredentials };
      const outcome = await deps.runner<LoadAnswer>({ action: "load_credentials" });
      if (!outcome.ok) return { status: "failed", message: SAVE_CHECK_TEXT.saveFailure(outcome.message), details: failureDetails(outcome) };
      const after = outcome.data.credentials;
      if (!after) return { status: "failed", message: SAVE_CHECK_TEXT.noSavedCredentials };
      if (after.url !== before.url || after.username !== before.username) {
        return {
          status: "failed",
          message: SAVE_CHECK_TEXT.saveFailure("the settings read back differ from those saved"),
          details: { saved: before.url, read: after.url },
        };
      }
      return { status: "passed", message: "The saved settings read back unchanged", details: { url: after.url, username: after.username } };
    },
  ];
}

export interface SaveRunResult {
  items: TestResultItem[];
  /** Set when the run stopped early because nobody is signed in. */
  stoppedAt: number | null;
}

export async function runSaveChecks(
  deps: SaveCheckDeps,
  onChange: (index: number, item: TestResultItem) => void,
  isCancelled: () => boolean = () => false,
): Promise<SaveRunResult | null> {
  const state: RunState = {};
  const checks = makeChecks(deps, state);
  const items: TestResultItem[] = SAVE_CHECK_NAMES.map(pendingItem);
  for (const [index, name] of SAVE_CHECK_NAMES.entries()) {
    if (isCancelled()) return null;
    if (index > 0) await sleep(STEP_DELAY_MS);
    if (isCancelled()) return null;
    onChange(index, runningItem(name));
    const started = deps.now();
    let outcome: Outcome;
    try {
      outcome = await checks[index]!();
    } catch (error) {
      outcome = { status: "failed", message: error instanceof Error && error.message ? `Error: ${error.message}` : "Error: Unknown error" };
    }
    if (isCancelled()) return null;
    const item: TestResultItem = { name, ...outcome, duration: Math.max(0, deps.now() - started) };
    items[index] = item;
    onChange(index, item);
    if (item.status === "failed" && index >= STOP_WHEN_SIGNED_OUT_FROM && !deps.isSignedIn()) return { items, stoppedAt: index };
  }
  return { items, stoppedAt: null };
}

/** The first two checks are about signing in: if either failed, the banner says so. */
export function failureBanner(items: readonly TestResultItem[]): string {
  const authFailed = items.slice(0, 2).some((i) => i.status === "failed");
  return authFailed
    ? "Authentication required: sign in before saving settings. The checks that need a session failed."
    : "Some checks failed. Please check the failed tests' details below.";
}
