import { systemClock } from "../clock";
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { createTelephony } from "../telephony/telephony";
import { createMailer } from "../mail/mailer";
import { createPaymentProviders } from "../payments/provider";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TESTS } from "~/domain/wordpress-api-tests";
import { PASSWORD_MASK } from "~/features/wordpress/schema";
import type { Database } from "../db/client";
import { testConfigurations, wordpressConnections } from "../db/schema/index";
import { type Env, loadEnv } from "../env";
import { apiErrorHandler, AppError } from "../http/errors";
import { createLogger, type Logger } from "../logger";
import { createTestDatabase } from "../testing/test-database";
import { startWordPress, type WordPressSite, wordpressAvailable } from "../testing/wordpress";
import { wordpressRouter } from "./router";
import {
  checkStatus,
  loadCredentials,
  runAllTests,
  runApiTestAction,
  saveCredentials,
  seedTestConfigurations,
  testConnectivity,
  testCredentials,
  validateSettingsAction,
} from "./runner";

// CI installs the packages and sets REQUIRE_WORDPRESS=1, so this cannot silently skip there.
const run = wordpressAvailable() || process.env.REQUIRE_WORDPRESS === "1";

describe.skipIf(!run)("WordPress test runner against a real WordPress", () => {
  let database: Database;
  let site: WordPressSite;
  let env: Env;
  let logger: Logger;
  let logs = "";
  const actor = { userId: "00000000-0000-4000-8000-000000000001" };

  beforeAll(async () => {
    [database, site] = await Promise.all([createTestDatabase(), startWordPress()]);
    env = loadEnv({
      NODE_ENV: "test",
      WORDPRESS_ALLOWED_HOSTS: site.hostPort,
      ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    });
    logger = createLogger(
      "debug",
      new Writable({
        write(chunk: Buffer, _enc, done) {
          logs += chunk.toString();
          done();
        },
      }),
    );
  }, 90_000);

  afterAll(async () => {
    await site?.stop();
    await database?.close();
    // The application password (or its Basic form) never reached the logs.
    expect(logs).toContain("wordpress runner action");
    expect(logs).not.toContain(site.applicationPassword);
    expect(logs).not.toContain(Buffer.from(`${site.username}:${site.applicationPassword}`).toString("base64"));
  }, 30_000);

  const credentials = () => ({ url: site.url, username: site.username, password: site.applicationPassword });

  it("test_credentials signs in: administrator, site title, WordPress version", async () => {
    const result = await testCredentials(database.db, env, logger, { credentials: credentials() }, actor);
    expect(result).toMatchObject({ success: true, userRole: "administrator", siteTitle: site.siteTitle, wpVersion: site.wpVersion });
    expect(result.message).toBe(`Connected to ${site.siteTitle} as ${site.username} (administrator).`);
  });

  it("a wrong application password is reported as an authentication failure", async () => {
    const result = await testCredentials(database.db, env, logger, { credentials: { ...credentials(), password: "abcd efgh ijkl mnop qrst uvwx" } }, actor);
    expect(result).toMatchObject({ success: false, code: "AUTH_FAILED", userRole: null, siteTitle: site.siteTitle });
    expect(result.message).toMatch(/^Authentication failed: WordPress did not accept the username or application password \(HTTP 401 [a-z_]+: /);
  });

  it("an unreachable URL and a refused address are connection failures, not crashes", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachableEnv = loadEnv({ NODE_ENV: "test", WORDPRESS_ALLOWED_HOSTS: `127.0.0.1:${port}`, ENCRYPTION_KEY: env.ENCRYPTION_KEY });
    const unreachable = await testCredentials(
      database.db,
      unreachableEnv,
      logger,
      { credentials: { ...credentials(), url: `http://127.0.0.1:${port}` } },
      actor,
    );
    expect(unreachable).toMatchObject({ success: false, code: "CONNECTION_FAILED", userRole: null, siteTitle: null, wpVersion: null });
    expect(unreachable.message).toBe(`Could not reach the WordPress site: Could not connect to 127.0.0.1:${port}: connection refused.`);

    const blocked = await testCredentials(database.db, env, logger, { credentials: { ...credentials(), url: "http://169.254.169.254" } }, actor);
    expect(blocked).toMatchObject({ success: false, code: "BLOCKED_ADDRESS" });
    expect(blocked.message).toMatch(/private, local or reserved/);
  });

  it("save_credentials stores the password encrypted; load_credentials returns it masked", async () => {
    expect(await loadCredentials(database.db, env, logger, {}, actor)).toEqual({ success: true, credentials: null, connection_info: null });
    const saved = await saveCredentials(database.db, env, logger, { credentials: credentials() }, actor);
    expect(saved.connection_info).toEqual({ connection_name: "default", last_tested_at: null, last_test_status: null });

    const [row] = await database.db.select().from(wordpressConnections);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(site.applicationPassword);
    expect(stored).not.toContain(site.applicationPassword.replace(/ /g, ""));
    expect(row?.passwordCiphertext).toMatch(/^v1\./);

    const loaded = await loadCredentials(database.db, env, logger, {}, actor);
    expect(loaded.credentials).toEqual({ url: site.url, username: site.username, password: PASSWORD_MASK });
    expect(JSON.stringify(loaded)).not.toContain(site.applicationPassword);

    // Testing with the mask uses the saved password and records the outcome on the row.
    const tested = await testCredentials(database.db, env, logger, { credentials: { ...credentials(), password: PASSWORD_MASK } }, actor);
    expect(tested.success).toBe(true);
    expect(tested.connection_info?.last_test_status).toBe("passed");
    expect(tested.connection_info?.last_tested_at).toEqual(expect.any(String));
  });

  it("flipping one byte of the stored ciphertext makes decryption fail loudly", async () => {
    const [row] = await database.db.select().from(wordpressConnections);
    if (!row) throw new Error("no saved row");
    const parts = row.passwordCiphertext.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 0x80;
    parts[3] = body.toString("base64url");
    await database.db
      .update(wordpressConnections)
      .set({ passwordCiphertext: parts.join(".") })
      .where(eq(wordpressConnections.id, row.id));
    try {
      const error = await runApiTestAction(database.db, env, logger, { test: { id: "api-root" } }, actor).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 409, code: "CREDENTIALS_UNREADABLE" });
      expect((await checkStatus(database.db, env, logger, {}, actor)).password_readable).toBe(false);
    } finally {
      await database.db.update(wordpressConnections).set({ passwordCiphertext: row.passwordCiphertext }).where(eq(wordpressConnections.id, row.id));
    }
    expect((await checkStatus(database.db, env, logger, {}, actor)).password_readable).toBe(true);
  });

  it("seed_test_configurations inserts the six defaults once", async () => {
    const first = await seedTestConfigurations(database.db, env, logger, {}, actor);
    expect(first).toMatchObject({ success: true, existing: 0, inserted: 6 });
    expect(first.configurations.filter((c) => !c.enabled).map((c) => c.test_name)).toEqual(["Plugin Status Endpoint"]);
    expect(first.configurations.every((c) => c.timeout_seconds === 30 && c.retry_count === 3)).toBe(true);
    expect(await seedTestConfigurations(database.db, env, logger, {}, actor)).toMatchObject({ existing: 6, inserted: 0 });
    expect(await database.db.select().from(testConfigurations)).toHaveLength(6);
  });

  it("run_all_tests reports what the site really answered for all 33 tests and cleans up", async () => {
    const countContent = () =>
      site.php(
        "global $wpdb; echo json_encode([ $wpdb->get_var(\"select count(*) from {$wpdb->posts} where post_type in ('post','page','attachment')\"), $wpdb->get_var(\"select count(*) from {$wpdb->users}\"), $wpdb->get_var(\"select count(*) from {$wpdb->terms}\") ]);",
      );
    const before = countContent();
    const { results, summary } = await runAllTests(database.db, env, logger, {}, actor);
    expect(results.map((r) => r.testId)).toEqual(API_TESTS.map((t) => t.id));

    // The site's real answers, asked independently of the runner.
    const auth = `Basic ${Buffer.from(`${site.username}:${site.applicationPassword}`).toString("base64")}`;
    const publicUsers = await fetch(`${site.url}/wp-json/wp/v2/users`);
    expect(publicUsers.status).toBe(200); // The admin has a published post ("Hello world!").
    const me = await fetch(`${site.url}/wp-json/wp/v2/users/me`, { headers: { authorization: auth } });
    expect(me.status).toBe(200);

    const byId = Object.fromEntries(results.map((r) => [r.testId, r]));
    expect(byId["users-list-public"]).toMatchObject({ status: "failed", statusCode: 200 });
    expect(byId["users-list-public"]?.errorMessage).toMatch(/^Expected HTTP 401, got HTTP 200\. The users list is public: .* user enumeration is possible/);
    for (const result of results.filter((r) => r.testId !== "users-list-public")) {
      const test = API_TESTS.find((t) => t.id === result.testId);
      expect(result, result.testId).toMatchObject({ status: "passed", statusCode: test?.expectedStatus, errorMessage: null });
      expect(result.responseTime).toBeGreaterThan(0);
    }
    expect(summary).toMatchObject({ total: 33, passed: 32, failed: 1 });
    expect(countContent()).toBe(before);
  }, 120_000);

  it("run_api_test runs the server's own definition, by id", async () => {
    const { result } = await runApiTestAction(database.db, env, logger, { test: { id: "plugin-status" } }, actor);
    expect(result).toMatchObject({ testId: "plugin-status", status: "passed", statusCode: 200, errorMessage: null });
    await expect(runApiTestAction(database.db, env, logger, { test: { id: "nope" } }, actor)).rejects.toMatchObject({ code: "UNKNOWN_TEST" });
  });

  it("validate_settings: a report consistent with its own tests", async () => {
    const { report } = await validateSettingsAction(database.db, env, logger, {}, actor);
    const all = Object.values(report.categories).flat();
    expect(Object.keys(report.categories)).toEqual(["credentials", "api_endpoints", "database", "performance", "security"]);
    expect(report.passed_tests + report.failed_tests + report.warning_tests).toBe(all.length);
    expect(report.overall_score).toBe(Math.round((all.reduce((s, t) => s + t.score, 0) / (all.length * 10)) * 100));
    expect(all.every((t) => t.score >= 0 && t.score <= 10)).toBe(true);
    expect(new Date(report.completed_at) >= new Date(report.started_at)).toBe(true);

    const find = (name: string) => all.find((t) => t.test_name === name);
    expect(find("Authentication")?.status).toBe("passed");
    expect(find("User Role")).toMatchObject({ status: "passed", details: { role: "administrator" } });
    // Five enabled default configurations (plugin status is off by default), all answering 200.
    expect(report.categories.api_endpoints.map((t) => t.status)).toEqual(["passed", "passed", "passed", "passed", "passed"]);
    expect(find("User Enumeration")?.status).toBe("failed");
    // Plain HTTP to loopback never crosses a network.
    expect(find("HTTPS")).toMatchObject({ status: "passed", message: expect.stringContaining("loopback") });
    expect(find("Wrong Password Refused")?.status).toBe("passed");
    expect(find("Authorization Header")?.status).toBe("passed");
    expect(report.recommendations).toEqual([expect.stringMatching(/^Restrict \/wp\/v2\/users to signed-in users/)]);
  }, 60_000);

  it("falls back to ?rest_route= when /wp-json/ is not served (no rewrite rules)", async () => {
    site.setPrettyUrls(false);
    try {
      const plain = await testConnectivity(database.db, env, logger, {}, actor);
      expect(plain).toMatchObject({ success: true, rest_api: true, url_mode: "query", site_title: site.siteTitle });
      const { result } = await runApiTestAction(database.db, env, logger, { test: { id: "auth-users-me" } }, actor);
      expect(result).toMatchObject({ status: "passed", statusCode: 200 });
    } finally {
      site.setPrettyUrls(true);
    }
    expect(await testConnectivity(database.db, env, logger, {}, actor)).toMatchObject({ success: true, url_mode: "pretty" });
  });

  it("the router answers nobody without an admin session, not even with a bad body (validation: router.db.test.ts)", async () => {
    const app = express();
    app.use(express.json());
    app.use(
      "/api",
      wordpressRouter({
        env,
        logger,
        database,
        telephony: createTelephony(env, database.db, logger),
        mailer: createMailer(env, logger),
        payments: createPaymentProviders(env),
        clock: systemClock,
      }),
    );
    app.use(apiErrorHandler(logger));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wordpress-test-runner`;
    try {
      const post = (body: unknown) => fetch(base, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      for (const body of [{ action: "test_credentials", credentials: { url: "ftp://x", username: "a", password: "b" } }, { action: "check_status" }]) {
        const res = await post(body);
        expect(res.status).toBe(401);
        expect((await res.json()).error.code).toBe("AUTH_REQUIRED");
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
