import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunnerOutcome } from "~/features/wordpress/runner-client";
import { PASSWORD_MASK, type RunnerRequest } from "~/features/wordpress/schema";
import { SAVE_CHECK_NAMES, type SaveCheckDeps, failureBanner, runSaveChecks } from "./save-checks";
import type { TestResultItem } from "./test-item";

const NOW = Date.UTC(2026, 0, 1, 12);
const user = { id: "u1", email: "owner@example.com" };
const session = { expires_at: NOW / 1000 + 3600 };
const saved = {
  credentials: { url: "https://wp.example.com", username: "admin", password: PASSWORD_MASK },
  connection_info: { connection_name: "wp.example.com", last_tested_at: null, last_test_status: null },
};

const refused = (status: number, code: string, message: string): RunnerOutcome<never> => ({ ok: false, status, code, message, authRequired: true });

function adminRunner(calls: RunnerRequest[]) {
  return async <T>(request: RunnerRequest): Promise<RunnerOutcome<T>> => {
    calls.push(request);
    const data: Record<string, unknown> = {
      check_status: { configured: true, password_readable: true, test_configurations: { total: 6, enabled: 5 } },
      load_credentials: saved,
      save_credentials: { connection_info: saved.connection_info },
    };
    return { ok: true, data: data[request.action] as T };
  };
}

function deps(overrides: Partial<SaveCheckDeps> = {}): SaveCheckDeps {
  return {
    localSession: () => ({ user, session }),
    serverSession: async () => ({ data: { user, session }, error: null }),
    runner: adminRunner([]),
    isSignedIn: () => true,
    now: () => Date.now(),
    ...overrides,
  };
}

async function run(d: SaveCheckDeps) {
  const changes: { at: number; index: number; item: TestResultItem }[] = [];
  const pending = runSaveChecks(d, (index, item) => changes.push({ at: Date.now() - NOW, index, item }));
  await vi.advanceTimersByTimeAsync(10_000);
  return { result: await pending, changes };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("database-save validator", () => {
  it("runs seven checks in order, 0.5 s apart, and saves back as a dry run with the mask (nothing written)", async () => {
    const calls: RunnerRequest[] = [];
    const { result, changes } = await run(deps({ runner: adminRunner(calls) }));
    expect(result?.items.map((i) => i.status)).toEqual(Array(7).fill("passed"));
    expect(result?.items.map((i) => i.name)).toEqual([...SAVE_CHECK_NAMES]);
    expect(changes.filter((c) => c.item.status === "running").map((c) => c.at)).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000]);
    expect(calls.map((c) => c.action)).toEqual(["check_status", "load_credentials", "save_credentials", "load_credentials"]);
    expect(calls[2]).toEqual({
      action: "save_credentials",
      credentials: { url: saved.credentials.url, username: "admin", password: PASSWORD_MASK },
      dry_run: true,
    });
  });

  it("signed out: the first four fail, the fifth fails and the run stops there", async () => {
    const runner = async <T>(): Promise<RunnerOutcome<T>> => refused(401, "AUTH_REQUIRED", "Authentication required. Please sign in.");
    const { result } = await run(
      deps({
        localSession: () => ({ user: null, session: null }),
        serverSession: async () => ({ data: { user: null, session: null }, error: null }),
        runner,
        isSignedIn: () => false,
      }),
    );
    expect(result?.stoppedAt).toBe(4);
    expect(result?.items.map((i) => i.status)).toEqual(["failed", "failed", "failed", "failed", "failed", "pending", "pending"]);
    expect(result?.items[0]?.message).toBe("No active session: you are not signed in. Sign in to save settings.");
    expect(result?.items[2]?.message).toBe("Database error: Authentication required. Please sign in.");
    expect(failureBanner(result!.items)).toMatch(/^Authentication required/);
  });

  it("signed in as a customer: every admin check fails, but the run goes on to the end", async () => {
    const runner = async <T>(): Promise<RunnerOutcome<T>> => refused(403, "FORBIDDEN", "This needs an admin account.");
    const { result } = await run(deps({ runner }));
    expect(result?.stoppedAt).toBeNull();
    expect(result?.items.map((i) => i.status)).toEqual(["passed", "passed", "failed", "failed", "failed", "failed", "failed"]);
    expect(failureBanner(result!.items)).toBe("Some checks failed. Please check the failed tests' details below.");
  });

  it("no saved credentials, and an unreadable password, are named", async () => {
    const none = async <T>(request: RunnerRequest): Promise<RunnerOutcome<T>> => ({
      ok: true,
      data: (request.action === "check_status"
        ? { configured: false, password_readable: null, test_configurations: { total: 6, enabled: 5 } }
        : { credentials: null, connection_info: null }) as T,
    });
    const { result } = await run(deps({ runner: none }));
    expect(result?.items[4]?.message).toBe("No saved credentials found. Save the WordPress connection settings first.");
    const unreadable = async <T>(request: RunnerRequest): Promise<RunnerOutcome<T>> =>
      request.action === "check_status"
        ? { ok: true, data: { configured: true, password_readable: false, test_configurations: { total: 6, enabled: 5 } } as T }
        : adminRunner([])<T>(request);
    const second = await run(deps({ runner: unreadable }));
    expect(second.result?.items[4]?.message).toMatch(/^Credentials failure: the saved application password cannot be decrypted/);
  });

  it("an expired server session is an invalid session", async () => {
    const { result } = await run(deps({ serverSession: async () => ({ data: { user, session: { expires_at: NOW / 1000 - 5 } }, error: null }) }));
    expect(result?.items[1]?.message).toBe("Invalid session: it has expired. Sign in again.");
  });
});
