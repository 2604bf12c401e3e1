import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TESTS } from "~/domain/wordpress-api-tests";
import type { ValidationReport, ValidationTestItem } from "~/features/wordpress/schema";
import type { Database } from "../db/client";
import { type Env, loadEnv } from "../env";
import { createLogger, type Logger } from "../logger";
import { createTestDatabase } from "../testing/test-database";
import { startWordPress, type WordPressSite, wordpressAvailable } from "../testing/wordpress";
import { runAllTests, saveCredentials, testCredentials, validateSettingsAction } from "./runner";

/**
 * The settings validator and the API-test runner against a real WordPress, healthy and behind
 * the fronts that used to mislead them: a redirect, a site that never answers, a base path below
 * WordPress's root, a web server that strips the Authorization header.
 */

// CI installs the packages and sets REQUIRE_WORDPRESS=1, so this cannot silently skip there.
const run = wordpressAvailable() || process.env.REQUIRE_WORDPRESS === "1";

/** Keeps the users list to signed-in users, as a hardened site does (a healthy site has no open user enumeration). */
const PRIVATE_USERS_PLUGIN = `<?php
add_filter('rest_request_before_callbacks', function ($response, $handler, $request) {
  if (preg_match('#^/wp/v2/users(/\\d+)?$#', $request->get_route()) && !is_user_logged_in()) {
    return new WP_Error('rest_forbidden', 'Sign in to list users.', ['status' => 401]);
  }
  return $response;
}, 10, 3);
`;

const XML_RPC_OFF_PLUGIN = `<?php
add_filter('xmlrpc_enabled', '__return_false');
`;

/** What a web server that does not pass the Authorization header on to PHP leaves WordPress with. */
const STRIP_AUTHORIZATION_PLUGIN = `<?php
unset($_SERVER['HTTP_AUTHORIZATION'], $_SERVER['REDIRECT_HTTP_AUTHORIZATION'], $_SERVER['PHP_AUTH_USER'], $_SERVER['PHP_AUTH_PW']);
`;

describe.skipIf(!run)("the WordPress validator and runner tell the truth", () => {
  let database: Database;
  let site: WordPressSite;
  let env: Env;
  const logger: Logger = createLogger("silent");
  const actor = { userId: "00000000-0000-4000-8000-000000000002" };
  const servers: http.Server[] = [];
  const reports: ValidationReport[] = [];

  beforeAll(async () => {
    [database, site] = await Promise.all([createTestDatabase(), startWordPress()]);
    // Every port on loopback: the real site and the fronts put before it.
    env = loadEnv({ NODE_ENV: "test", WORDPRESS_ALLOWED_HOSTS: "127.0.0.1", ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex") });
    site.addMustUsePlugin("private-users", PRIVATE_USERS_PLUGIN);
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await site?.stop();
    await database?.close();
  }, 30_000);

  /** A local server in front of the site; answers with `handler`. */
  async function front(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const connectTo = (url: string) =>
    saveCredentials(database.db, env, logger, { credentials: { url, username: site.username, password: site.applicationPassword } }, actor);

  async function validate(options: { timeLimitMs?: number } = {}) {
    const { report } = await validateSettingsAction(database.db, env, logger, {}, actor, options);
    reports.push(report);
    return {
      report,
      item: (name: string) =>
        Object.values(report.categories)
          .flat()
          .find((t) => t.test_name === name),
    };
  }

  const remoteChecks = [
    "Authentication",
    "User Role",
    "REST API Root",
    "Posts Endpoint",
    "API Response Time",
    "User Enumeration",
    "Wrong Password Refused",
    "Authorization Header",
  ];

  it("a healthy admin connection scores 100 with no warning, the Authorization header check included", async () => {
    await connectTo(site.url);
    const { report, item } = await validate();
    const notPassed = Object.values(report.categories)
      .flat()
      .filter((t) => t.status !== "passed");
    expect(notPassed).toEqual([]);
    expect(report).toMatchObject({ overall_score: 100, warning_tests: 0, failed_tests: 0, not_run_tests: 0, stopped: null, recommendations: [] });
    expect(item("Authorization Header")?.message).toBe("WordPress received the Authorization header: the application password signed in.");
    expect(item("WordPress Site")?.message).toBe(`WordPress's REST API answers at ${site.url} (${site.siteTitle}).`);
  }, 30_000);

  it("a web server that strips the Authorization header is named as such, not as a wrong password", async () => {
    const restore = site.addMustUsePlugin("strip-authorization", STRIP_AUTHORIZATION_PLUGIN);
    try {
      const { report, item } = await validate();
      expect(item("Authorization Header")).toMatchObject({
        status: "failed",
        score: 0,
        message: "The credentials were sent, but WordPress saw none: the web server strips the Authorization header.",
      });
      expect(item("Authentication")?.message).toBe(
        "The application password is right (WordPress accepts it over XML-RPC), but the REST API saw no credentials (HTTP 401 rest_not_logged_in): the web server strips the Authorization header.",
      );
      expect(report.recommendations.some((r) => r.startsWith("Make the web server pass the Authorization header to PHP"))).toBe(true);
      expect(report.overall_score).toBeLessThan(100);

      const tested = await testCredentials(
        database.db,
        env,
        logger,
        { credentials: { url: site.url, username: site.username, password: site.applicationPassword } },
        actor,
      );
      expect(tested).toMatchObject({ success: false, code: "AUTH_FAILED", message: item("Authentication")?.message });
    } finally {
      restore();
    }
  }, 30_000);

  it("with XML-RPC off, a stripped header cannot be told from a wrong password: both causes are named, the header check is a warning", async () => {
    const restore = [site.addMustUsePlugin("strip-authorization", STRIP_AUTHORIZATION_PLUGIN), site.addMustUsePlugin("xml-rpc-off", XML_RPC_OFF_PLUGIN)];
    try {
      const { item } = await validate();
      expect(item("Authentication")).toMatchObject({
        status: "failed",
        message:
          "WordPress saw no credentials (HTTP 401 rest_not_logged_in): the username or application password is wrong, or the web server strips the Authorization header.",
      });
      expect(item("Authorization Header")).toMatchObject({
        status: "warning",
        message: "WordPress saw no credentials: the web server may strip the Authorization header (with XML-RPC off, a wrong password cannot be told apart).",
      });
    } finally {
      for (const remove of restore) remove();
    }
  }, 30_000);

  it("a wrong application password, which WordPress answers like a stripped header, is told apart and named", async () => {
    await saveCredentials(
      database.db,
      env,
      logger,
      { credentials: { url: site.url, username: site.username, password: "abcd efgh ijkl mnop qrst uvwx" } },
      actor,
    );
    try {
      const { item } = await validate();
      expect(item("Authentication")).toMatchObject({
        status: "failed",
        message: "WordPress did not accept the username or application password (HTTP 401 rest_not_logged_in).",
      });
      expect(item("Authorization Header")).toMatchObject({
        status: "not_run",
        message: "Not run: the credentials are wrong, so whether the header arrives cannot be told.",
      });
      expect(item("User Role")?.status).toBe("not_run");
    } finally {
      await connectTo(site.url);
    }
  }, 30_000);

  it("a site that redirects is reported as a redirect with its target, once, and Run All stops there", async () => {
    const redirector = await front((req, res) => res.writeHead(301, { location: `${site.url}${req.url}` }).end());
    await connectTo(redirector);
    const finding = `The site redirects to ${site.url}/ — use that address.`;

    const tested = await testCredentials(
      database.db,
      env,
      logger,
      { credentials: { url: redirector, username: site.username, password: site.applicationPassword } },
      actor,
    );
    expect(tested).toMatchObject({ success: false, code: "REDIRECTED", message: finding });

    const { report, item } = await validate();
    expect(item("WordPress Site")).toMatchObject({ status: "failed", message: finding });
    for (const name of remoteChecks) expect(item(name), name).toMatchObject({ status: "not_run", score: 0, message: `Not run: ${finding}` });
    expect(report.recommendations).toContain("Save the address the site redirects to as the site URL.");

    const { results, summary } = await runAllTests(database.db, env, logger, {}, actor);
    expect(results[0]).toMatchObject({ testId: "api-root", status: "failed", errorCode: "REDIRECTED", errorMessage: finding });
    expect(results.slice(1).every((r) => r.status === "not_run" && r.errorMessage === `Not run: ${finding}`)).toBe(true);
    expect(summary).toMatchObject({ total: API_TESTS.length, passed: 0, failed: 1, not_run: API_TESTS.length - 1, stopped: finding });
    expect(results.some((r) => r.errorMessage?.includes("Expected HTTP 201"))).toBe(false);
  }, 30_000);

  it("a site that never answers ends within the time limit, saying so; the checks it stopped count against the score", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      await connectTo(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
      let started = Date.now();
      const { report, item } = await validate({ timeLimitMs: 2_000 });
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(report.stopped).toBe("Stopped at the 2-second time limit.");
      expect(item("WordPress Site")).toMatchObject({ status: "failed", message: "Stopped at the 2-second time limit before the site answered." });
      for (const name of remoteChecks) expect(item(name), name).toMatchObject({ status: "not_run", score: 0 });
      for (const name of ["User Enumeration", "Wrong Password Refused", "Authorization Header"])
        expect(report.categories.security.map((t) => t.test_name)).toContain(name);
      const all = Object.values(report.categories).flat();
      expect(report.not_run_tests).toBe(all.filter((t) => t.status === "not_run").length);
      expect(report.overall_score).toBe(Math.round((all.reduce((s, t) => s + t.score, 0) / (all.length * 10)) * 100));
      expect(report.overall_score).toBeLessThan(50);

      started = Date.now();
      const { results, summary } = await runAllTests(database.db, env, logger, {}, actor, { timeLimitMs: 2_000 });
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(summary).toMatchObject({ passed: 0, not_run: API_TESTS.length, stopped: "Stopped at the 2-second time limit." });
      expect(results[0]?.errorMessage).toBe("Not run: Stopped at the 2-second time limit.");
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);

  it("a base path below WordPress's root (/blog) is caught, though ?rest_route= would answer there", async () => {
    const blog = `${site.url}/blog`;
    await connectTo(blog);
    const finding = `${blog} is not the WordPress site's root: WordPress gives its address as ${site.url} — use that address.`;

    const tested = await testCredentials(
      database.db,
      env,
      logger,
      { credentials: { url: blog, username: site.username, password: site.applicationPassword } },
      actor,
    );
    expect(tested).toMatchObject({ success: false, code: "NOT_SITE_ROOT", message: finding });

    const { item } = await validate();
    expect(item("WordPress Site")).toMatchObject({ status: "failed", message: finding });
    expect(item("Authentication")).toMatchObject({ status: "not_run", message: `Not run: ${finding}` });

    const { results, summary } = await runAllTests(database.db, env, logger, {}, actor);
    expect(results[0]).toMatchObject({ testId: "api-root", status: "failed", errorCode: "NOT_SITE_ROOT", errorMessage: finding });
    expect(summary).toMatchObject({ passed: 0, failed: 1, not_run: API_TESTS.length - 1 });
  }, 30_000);

  it("no message says anything twice at its end ('..')", () => {
    const messages = reports.flatMap((r) =>
      Object.values(r.categories)
        .flat()
        .map((t: ValidationTestItem) => t.message),
    );
    expect(messages.length).toBeGreaterThan(40);
    expect(messages.filter((m) => m.includes(".."))).toEqual([]);
  });
});
