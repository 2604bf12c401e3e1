import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { type TestSmtp, signInDetails, startTestSmtp } from "../testing/test-smtp";

let database: Database;
let server: TestServer;
let smtp: TestSmtp;
/** One sign-in per address per minute: the admin's cookie is shared by the tests below (in order). */
let admin = "";

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  server = await startTestServer(database, { SMTP_URL: smtp.url, ADMIN_EMAILS: "boss@example.com" });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

const post = (path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** Signs in through the real API (mail over SMTP, then the typed code); returns the Cookie header. */
async function signIn(email: string): Promise<string> {
  const since = smtp.mails.length;
  expect((await post("/api/auth/magic-link", { email })).status).toBe(200);
  const { code } = signInDetails(await smtp.waitForMail(email, { since }));
  const res = await post("/api/auth/verify-code", { email, code });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const ACTIONS = [
  { action: "load_credentials" },
  { action: "save_credentials", credentials: { url: "https://wp.example.com", username: "admin", password: "x" } },
  { action: "test_credentials", credentials: { url: "https://wp.example.com", username: "admin", password: "x" } },
  { action: "validate_settings" },
  { action: "run_api_test", test: { id: "api-root" } },
  { action: "run_all_tests" },
  { action: "check_status" },
  { action: "test_connectivity", url: "https://wp.example.com" },
  { action: "seed_test_configurations" },
];

describe("POST /api/wordpress-test-runner is admin-only", () => {
  it("refuses every action to a visitor (401 AUTH_REQUIRED) and to a customer (403 FORBIDDEN), and saves nothing", async () => {
    const customer = await signIn("customer@example.com");
    for (const body of ACTIONS) {
      const anonymous = await post("/api/wordpress-test-runner", body);
      expect(anonymous.status, body.action).toBe(401);
      expect((await anonymous.json()).error.code).toBe("AUTH_REQUIRED");
      const signedIn = await post("/api/wordpress-test-runner", body, customer);
      expect(signedIn.status, body.action).toBe(403);
      expect((await signedIn.json()).error.code).toBe("FORBIDDEN");
    }
    admin = await signIn("boss@example.com");
    const status = await (await post("/api/wordpress-test-runner", { action: "check_status" }, admin)).json();
    expect(status).toMatchObject({ success: true, configured: false, test_configurations: { total: 0 } });
  });

  it("lets an admin seed, save and load (the password comes back masked); bad input is a 400", async () => {
    const seeded = await (await post("/api/wordpress-test-runner", { action: "seed_test_configurations" }, admin)).json();
    expect(seeded).toMatchObject({ success: true, inserted: 6 });
    const saved = await post(
      "/api/wordpress-test-runner",
      { action: "save_credentials", credentials: { url: "https://wp.example.com", username: "admin", password: "abcd efgh ijkl" } },
      admin,
    );
    expect(saved.status).toBe(200);
    const loaded = await (await post("/api/wordpress-test-runner", { action: "load_credentials" }, admin)).json();
    expect(loaded.credentials).toEqual({ url: "https://wp.example.com", username: "admin", password: "••••••••••••••••" });
    expect(JSON.stringify(loaded)).not.toContain("abcd efgh");
    const bad = await post("/api/wordpress-test-runner", { action: "save_credentials", credentials: { url: "ftp://x", username: "a", password: "b" } }, admin);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: "VALIDATION_FAILED", message: "credentials.url: Please enter a valid WordPress site URL (including https:// or http://)" },
    });
    expect((await post("/api/wordpress-test-runner", { action: "drop_tables" }, admin)).status).toBe(400);
  });
});
