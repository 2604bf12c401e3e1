import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadKeyRing, sealSecret } from "../crypto/secret-box";
import type { Database } from "../db/client";
import { wordpressConnections } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { type TestSmtp, signInDetails, startTestSmtp } from "../testing/test-smtp";

let database: Database;
let server: TestServer;
let smtp: TestSmtp;
/** One sign-in per address per minute: the admin's cookie is shared by the tests below (in order). */
let admin = "";
/** Another host an attacker would point the connection at: it records what it is sent. */
let otherHost: http.Server;
let otherHostUrl = "";
const otherHostRequests: { url: string; authorization?: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  otherHost = http.createServer((req, res) => {
    otherHostRequests.push({ url: req.url ?? "", authorization: req.headers.authorization });
    // WordPress's REST index for its own address, whatever is asked: enough to get credentials sent.
    const home = `http://${req.headers.host}`;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name: "Other", url: home, home, namespaces: ["wp/v2"] }));
  });
  await new Promise<void>((resolve) => otherHost.listen(0, "127.0.0.1", resolve));
  otherHostUrl = `http://127.0.0.1:${(otherHost.address() as AddressInfo).port}`;
  server = await startTestServer(database, { SMTP_URL: smtp.url, ADMIN_EMAILS: "boss@example.com", WORDPRESS_ALLOWED_HOSTS: "127.0.0.1" });
});
afterAll(async () => {
  await new Promise((resolve) => otherHost.close(resolve));
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
      error: {
        code: "VALIDATION_FAILED",
        message: "Please enter a valid WordPress site URL (including https:// or http://)",
        details: { fields: { "credentials.url": "Please enter a valid WordPress site URL (including https:// or http://)" } },
      },
    });
    expect((await post("/api/wordpress-test-runner", { action: "drop_tables" }, admin)).status).toBe(400);
  });

  it("never lets the saved password follow a new URL or username: the mask is refused there, and nothing is sent", async () => {
    const runner = (body: unknown) => post("/api/wordpress-test-runner", body, admin);
    const mask = "••••••••••••••••";
    // The connection saved above: https://wp.example.com, admin, "abcd efgh ijkl".
    for (const credentials of [
      { url: otherHostUrl, username: "admin", password: mask },
      { url: "https://wp.example.com", username: "someone-else", password: mask },
    ]) {
      const saved = await runner({ action: "save_credentials", credentials });
      expect(saved.status).toBe(400);
      expect((await saved.json()).error.code).toBe("PASSWORD_REQUIRED");
      const tested = await runner({ action: "test_credentials", credentials });
      expect(tested.status).toBe(400);
      expect((await tested.json()).error.code).toBe("PASSWORD_REQUIRED");
    }
    const loaded = await (await runner({ action: "load_credentials" })).json();
    expect(loaded.credentials).toEqual({ url: "https://wp.example.com", username: "admin", password: mask });
    expect(otherHostRequests).toEqual([]);

    // Unchanged URL and username: the mask still means "keep the saved password".
    const kept = await runner({ action: "save_credentials", credentials: { url: "https://wp.example.com/", username: "admin", password: mask } });
    expect(kept.status).toBe(200);

    // A new URL with its own password replaces the old one; testing it sends only that password.
    const moved = await runner({ action: "save_credentials", credentials: { url: otherHostUrl, username: "admin", password: "new pass word" } });
    expect(moved.status).toBe(200);
    await runner({ action: "test_credentials", credentials: { url: otherHostUrl, username: "admin", password: mask } });
    const sent = otherHostRequests.flatMap((r) => (r.authorization ? [Buffer.from(r.authorization.replace(/^Basic /, ""), "base64").toString()] : []));
    expect(sent.length).toBeGreaterThan(0);
    for (const credentials of sent) expect(credentials).toBe("admin:new pass word");
  });

  it("a stored password opens only for the URL and username it was sealed with (older rows: for their row)", async () => {
    const runner = (body: unknown) => post("/api/wordpress-test-runner", body, admin);
    const mask = "••••••••••••••••";
    const [row] = await database.db.select().from(wordpressConnections);
    if (!row) throw new Error("no saved row");
    // As if the URL had been changed behind the password's back (a bug, or a row from before the rule above).
    await database.db.update(wordpressConnections).set({ url: "https://elsewhere.example" }).where(eq(wordpressConnections.id, row.id));
    const before = otherHostRequests.length;
    const tested = await runner({ action: "test_credentials", credentials: { url: "https://elsewhere.example", username: "admin", password: mask } });
    expect(tested.status).toBe(409);
    expect((await tested.json()).error.code).toBe("CREDENTIALS_UNREADABLE");
    expect(otherHostRequests.length).toBe(before);

    // A row sealed before the binding (bound to its id only) still opens, for whatever URL it holds.
    const ring = loadKeyRing(server.env);
    const legacy = sealSecret(ring, "legacy pass", `wordpress_connections:${row.id}:password`);
    await database.db
      .update(wordpressConnections)
      .set({ url: otherHostUrl, passwordCiphertext: legacy.sealed, keyId: legacy.keyId })
      .where(eq(wordpressConnections.id, row.id));
    const since = otherHostRequests.length;
    await runner({ action: "test_credentials", credentials: { url: otherHostUrl, username: "admin", password: mask } });
    const sent = otherHostRequests
      .slice(since)
      .flatMap((r) => (r.authorization ? [Buffer.from(r.authorization.replace(/^Basic /, ""), "base64").toString()] : []));
    expect(sent).toEqual(["admin:legacy pass"]);
  });

  it("validate_settings streams its stages as the server reaches them, then the report", async () => {
    const res = await fetch(`${server.url}/api/wordpress-test-runner`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/x-ndjson", cookie: admin },
      body: JSON.stringify({ action: "validate_settings" }),
    });
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get("content-encoding")).toBeNull();
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.slice(0, 6)).toEqual([0, 1, 2, 3, 4, 5].map((stage) => ({ stage })));
    expect(lines[6]).toMatchObject({ result: { success: true, report: { overall_score: expect.any(Number) } } });
    expect(lines).toHaveLength(7);
  });

  it("closing the request (the admin's Cancel) stops the work on the site at once", async () => {
    const opened: net.Socket[] = [];
    const closed: number[] = [];
    const silent = net.createServer((socket) => {
      opened.push(socket);
      // Reads (and ignores) the request, so the client's hanging up is seen; never answers.
      socket.resume();
      socket.on("close", () => closed.push(Date.now()));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      await post("/api/wordpress-test-runner", { action: "save_credentials", credentials: { url, username: "admin", password: "pass word" } }, admin);
      const cancel = new AbortController();
      const res = await fetch(`${server.url}/api/wordpress-test-runner`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/x-ndjson", cookie: admin },
        body: JSON.stringify({ action: "validate_settings" }),
        signal: cancel.signal,
      });
      const reader = res.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"stage":0}\n');
      // The site has been asked and is keeping the server waiting.
      await expect.poll(() => opened.length).toBe(1);
      const cancelledAt = Date.now();
      cancel.abort();
      await expect.poll(() => closed.length, { timeout: 2_000 }).toBe(1);
      expect(closed[0]! - cancelledAt).toBeLessThan(1_000);
    } finally {
      for (const socket of opened) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
