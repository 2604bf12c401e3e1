import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_TEST_NAMES, AUTH_TEST_TEXT, type AuthTestDeps, buildAuthReport, classifyTokenError, runAuthSuite, runAuthTest } from "./auth-tests";
import type { TestResultItem } from "./test-item";

const NOW = Date.UTC(2026, 0, 1, 12);
const user = { id: "u1", email: "owner@example.com" };

function deps(overrides: Partial<AuthTestDeps> = {}): AuthTestDeps {
  return {
    getSession: async () => ({ session: { user, expires_at: NOW / 1000 + 3600 }, error: null }),
    getUser: async () => ({ user, error: null }),
    verifyToken: async () => ({ error: null }),
    nextAuthState: async () => ({ user }),
    now: () => Date.now(),
    ...overrides,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("the four authentication tests", () => {
  it("pass for a signed-in admin", async () => {
    for (const name of AUTH_TEST_NAMES) expect((await runAuthTest(name, deps())).status).toBe("passed");
  });

  it("Session Check: error, no session, expired", async () => {
    const err = { code: "X", message: "boom" };
    expect((await runAuthTest("Session Check", deps({ getSession: async () => ({ session: null, error: err }) }))).message).toBe("Session error: boom");
    expect((await runAuthTest("Session Check", deps({ getSession: async () => ({ session: null, error: null }) }))).message).toBe(AUTH_TEST_TEXT.noSession);
    const expired = deps({ getSession: async () => ({ session: { user, expires_at: NOW / 1000 - 1 }, error: null }) });
    expect((await runAuthTest("Session Check", expired)).message).toBe("Session has expired");
  });

  it("User Validation: error or no user", async () => {
    expect((await runAuthTest("User Validation", deps({ getUser: async () => ({ user: null, error: { code: "X", message: "down" } }) }))).message).toBe(
      "User validation error: down",
    );
    expect((await runAuthTest("User Validation", deps({ getUser: async () => ({ user: null, error: null }) }))).message).toBe(
      "User validation failed - no authenticated user found",
    );
  });

  it("Token Verification maps our codes onto the spec's: refused for rights means a valid token", async () => {
    const forbidden = deps({ verifyToken: async () => ({ error: { code: "FORBIDDEN", message: "This needs an admin account.", status: 403 } }) });
    expect((await runAuthTest("Token Verification", forbidden)).status).toBe("passed");
    const refused = deps({ verifyToken: async () => ({ error: { code: "AUTH_REQUIRED", message: "Authentication required. Please sign in.", status: 401 } }) });
    const r = await runAuthTest("Token Verification", refused);
    expect(r).toMatchObject({ status: "failed", message: "Invalid or expired token: Authentication required. Please sign in." });
    const broken = deps({ verifyToken: async () => ({ error: { code: "INTERNAL", message: "db down", status: 500 } }) });
    expect((await runAuthTest("Token Verification", broken)).message).toBe("Token verification failed: db down");
    expect(classifyTokenError({ code: "PGRST301", message: "" })).toBe("valid");
    expect(classifyTokenError({ code: "X", message: "JWT expired" })).toBe("invalid");
  });

  it("Auth State Listener: no user, or no answer within 3 seconds", async () => {
    expect((await runAuthTest("Auth State Listener", deps({ nextAuthState: async () => ({ user: null }) }))).message).toBe(AUTH_TEST_TEXT.listenerNoUser);
    const pending = runAuthTest("Auth State Listener", deps({ nextAuthState: () => new Promise(() => {}) }));
    await vi.advanceTimersByTimeAsync(2_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: "failed", message: "Auth listener test timed out after 3 seconds", duration: 3000 });
  });

  it("a test that hangs fails after 8 seconds; a crash gives the Error: message", async () => {
    const pending = runAuthTest("Session Check", deps({ getSession: () => new Promise(() => {}) }));
    await vi.advanceTimersByTimeAsync(8_000);
    expect(await pending).toMatchObject({ status: "failed", message: "Test timeout after 8 seconds", duration: 8000 });
    const crash = await runAuthTest("User Validation", deps({ getUser: () => Promise.reject(new Error("")) }));
    expect(crash.message).toBe("Error: Unknown error");
  });
});

describe("the suite's timing", () => {
  it("runs the tests 300 ms apart and delivers the report 500 ms after the last", async () => {
    const seen: { at: number; index: number; status: string }[] = [];
    let done: TestResultItem[] | null = null;
    void runAuthSuite(deps(), (index, item) => seen.push({ at: Date.now() - NOW, index, status: item.status })).then((r) => (done = r));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.slice(0, 2)).toEqual([
      { at: 0, index: 0, status: "running" },
      { at: 0, index: 0, status: "passed" },
    ]);
    await vi.advanceTimersByTimeAsync(299);
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen[2]).toEqual({ at: 300, index: 1, status: "running" });
    await vi.advanceTimersByTimeAsync(600);
    expect(seen.filter((s) => s.status !== "running").map((s) => s.at)).toEqual([0, 300, 600, 900]);
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveLength(4);
  });
});

describe("the text report", () => {
  it("lists the summary with a rounded success rate and every result", () => {
    const results: TestResultItem[] = [
      { name: "Session Check", status: "passed", message: "Active session for a@b.c", duration: 12 },
      { name: "User Validation", status: "passed", message: "ok", duration: 3 },
      { name: "Token Verification", status: "failed", message: "Invalid or expired token: x", details: { code: "AUTH_REQUIRED" }, duration: 5 },
    ];
    const text = buildAuthReport(results, { generatedAt: new Date(NOW), email: "a@b.c" });
    expect(text).toContain("Passed: 2\nFailed: 1\nTotal: 3\nSuccess rate: 67%");
    expect(text).toContain('3. Token Verification: FAILED (5ms)\n   Invalid or expired token: x\n   Details: {"code":"AUTH_REQUIRED"}');
    expect(text).toContain("User: a@b.c");
    expect(buildAuthReport([], { generatedAt: new Date(NOW), email: null })).toContain("Success rate: 0%");
  });
});
