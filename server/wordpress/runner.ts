import { count, eq } from "drizzle-orm";
import { API_TESTS, DEFAULT_TEST_CONFIGURATIONS, findApiTest } from "~/features/wordpress/api-tests";
import {
  type ApiTestResult,
  type ConnectionInfo,
  type ConnectionTestResult,
  type Credentials,
  PASSWORD_MASK,
  type RunnerRequest,
  type ValidationReport,
} from "~/features/wordpress/schema";
import type { Db } from "../db/client";
import { testConfigurations, wordpressConnections } from "../db/schema/index";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { runApiTest } from "./api-test-runner";
import {
  findConnection,
  loadConnectionSecret,
  openConnectionPassword,
  recordConnectionTest,
  resolveCredentials,
  saveConnection,
} from "./connections";
import { OutboundRequestError } from "./http-client";
import { type Actor, wordpressServices } from "./service-context";
import { createSiteClient, normalizeSiteUrl, restError, type SiteClient } from "./site-client";
import { validateSettings } from "./validator";

/**
 * The wordpress-test-runner actions as plain functions `(db, env, logger, input, actor)`.
 * The HTTP edge (router.ts) validates the body and applies the admin guard.
 */

function logAction(logger: Logger, action: string, actor: Actor | null, fields: Record<string, unknown> = {}) {
  // Never the password: only the site and the user name.
  logger.info({ wordpressAction: action, actor: actor?.userId ?? null, ...fields }, "wordpress runner action");
}

function normalizedCredentials(credentials: Credentials): Credentials {
  return { url: normalizeSiteUrl(credentials.url), username: credentials.username.trim(), password: credentials.password };
}

export async function loadCredentials(db: Db, _env: Env, logger: Logger, _input: unknown, actor: Actor | null) {
  logAction(logger, "load_credentials", actor);
  const saved = await findConnection(db);
  return {
    success: true as const,
    credentials: saved ? { url: saved.url, username: saved.username, password: PASSWORD_MASK } : null,
    connection_info: saved?.info ?? null,
  };
}

export async function saveCredentials(db: Db, env: Env, logger: Logger, input: { credentials: Credentials }, actor: Actor | null) {
  const { keyRing } = wordpressServices(env, logger);
  const credentials = normalizedCredentials(input.credentials);
  logAction(logger, "save_credentials", actor, { site: credentials.url, username: credentials.username });
  const saved = await saveConnection(db, keyRing, {
    url: credentials.url,
    username: credentials.username,
    password: credentials.password === PASSWORD_MASK ? undefined : credentials.password,
  });
  return { success: true as const, connection_info: saved.info };
}

/** Signs in to the site with the given credentials and reports the account's role, the site title and WordPress version. */
export async function testCredentials(
  db: Db,
  env: Env,
  logger: Logger,
  input: { credentials: Credentials },
  actor: Actor | null,
): Promise<ConnectionTestResult & { connection_info?: ConnectionInfo }> {
  const services = wordpressServices(env, logger);
  const { credentials, savedId } = await resolveCredentials(db, services.keyRing, normalizedCredentials(input.credentials), PASSWORD_MASK);
  logAction(logger, "test_credentials", actor, { site: credentials.url, username: credentials.username });
  const result = await checkCredentials(createSiteClient(services.http, credentials), credentials.username);
  if (savedId) {
    await recordConnectionTest(db, savedId, result.success);
    const saved = await findConnection(db);
    return { ...result, connection_info: saved?.info };
  }
  return result;
}

export async function checkCredentials(site: SiteClient, username: string): Promise<ConnectionTestResult> {
  const none = { userRole: null, siteTitle: null, wpVersion: null };
  try {
    const root = await site.call({ route: "/", auth: false });
    const index = root.json as { name?: unknown; namespaces?: unknown } | undefined;
    if (root.status !== 200 || !index || !Array.isArray(index.namespaces)) {
      return {
        success: false,
        code: "NOT_WORDPRESS",
        message: `No WordPress REST API answered at ${site.baseUrl} (HTTP ${root.status}). Check the site URL.`,
        ...none,
      };
    }
    const siteTitle = typeof index.name === "string" ? index.name : null;
    const me = await site.call({ route: "/wp/v2/users/me?context=edit", auth: true });
    if (me.status !== 200) {
      const error = restError(me.json);
      const detail = error ? ` (HTTP ${me.status} ${error.code}: ${error.message})` : ` (HTTP ${me.status})`;
      return {
        success: false,
        code: me.status === 401 || me.status === 403 ? "AUTH_FAILED" : "UNEXPECTED_ANSWER",
        message:
          me.status === 401 || me.status === 403
            ? `Authentication failed: WordPress did not accept the username or application password${detail}.`
            : `WordPress answered the sign-in check unexpectedly${detail}.`,
        ...none,
        siteTitle,
      };
    }
    const user = me.json as { roles?: unknown; username?: unknown; name?: unknown };
    const userRole = Array.isArray(user.roles) && typeof user.roles[0] === "string" ? user.roles[0] : "unknown";
    const wpVersion = await detectWordPressVersion(site);
    return {
      success: true,
      message: `Connected to ${siteTitle ?? site.baseUrl} as ${username} (${userRole}).`,
      userRole,
      siteTitle,
      wpVersion,
    };
  } catch (error) {
    if (error instanceof OutboundRequestError) {
      return { success: false, code: error.code, message: `Could not reach the WordPress site: ${error.message}`, ...none };
    }
    throw error;
  }
}

/** The REST API does not say which version runs; the feed's generator tag (or the home page's meta tag) does. */
async function detectWordPressVersion(site: SiteClient): Promise<string | null> {
  for (const path of ["/?feed=rss2", "/"]) {
    try {
      const answer = await site.get(path);
      const match = /wordpress\.org\/\?v=([0-9][0-9A-Za-z.-]*)/.exec(answer.text) ?? /content="WordPress ([0-9][0-9A-Za-z.-]*)"/.exec(answer.text);
      if (match?.[1]) return match[1];
    } catch {
      // Try the next place; the version is a nice-to-have.
    }
  }
  return null;
}

async function savedSite(db: Db, env: Env, logger: Logger): Promise<{ site: SiteClient; username: string; id: string }> {
  const services = wordpressServices(env, logger);
  const secret = await loadConnectionSecret(db, services.keyRing);
  return { site: createSiteClient(services.http, secret), username: secret.username, id: secret.id };
}

export async function runApiTestAction(
  db: Db,
  env: Env,
  logger: Logger,
  input: { test: { id: string } },
  actor: Actor | null,
): Promise<{ success: true; result: ApiTestResult }> {
  const definition = findApiTest(input.test.id);
  if (!definition) throw new AppError(400, "UNKNOWN_TEST", `There is no API test "${input.test.id}".`);
  logAction(logger, "run_api_test", actor, { test: definition.id });
  const { site } = await savedSite(db, env, logger);
  return { success: true, result: await runApiTest(site, definition) };
}

export async function runAllTests(db: Db, env: Env, logger: Logger, _input: unknown, actor: Actor | null) {
  logAction(logger, "run_all_tests", actor);
  const { site } = await savedSite(db, env, logger);
  const started = Date.now();
  const results: ApiTestResult[] = [];
  // One after another: a small site should not see 33 requests (and their fixtures) at once.
  for (const test of API_TESTS) results.push(await runApiTest(site, test));
  const passed = results.filter((r) => r.status === "passed").length;
  return {
    success: true as const,
    results,
    summary: { total: results.length, passed, failed: results.length - passed, durationMs: Date.now() - started },
  };
}

/** What is configured, without calling the site: saved connection, whether its password opens, tests and configurations. */
export async function checkStatus(db: Db, env: Env, logger: Logger, _input: unknown, actor: Actor | null) {
  logAction(logger, "check_status", actor);
  const services = wordpressServices(env, logger);
  const saved = await findConnection(db);
  let passwordReadable: boolean | null = null;
  if (saved) {
    const [row] = await db
      .select({ sealed: wordpressConnections.passwordCiphertext })
      .from(wordpressConnections)
      .where(eq(wordpressConnections.id, saved.id));
    try {
      openConnectionPassword(services.keyRing, { ...saved, passwordCiphertext: row?.sealed ?? "" });
      passwordReadable = true;
    } catch {
      passwordReadable = false;
    }
  }
  const [configs] = await db.select({ total: count() }).from(testConfigurations);
  const [enabled] = await db.select({ total: count() }).from(testConfigurations).where(eq(testConfigurations.enabled, true));
  return {
    success: true as const,
    configured: saved !== undefined,
    connection_info: saved?.info ?? null,
    site: saved ? { url: saved.url, username: saved.username } : null,
    password_readable: passwordReadable,
    encryption: { key_id: services.keyRing.current.id, key_source: services.keySource },
    api_tests: API_TESTS.length,
    test_configurations: { total: configs?.total ?? 0, enabled: enabled?.total ?? 0 },
  };
}

/** Is there a WordPress REST API at this address (or the saved one)? No credentials are sent. */
export async function testConnectivity(db: Db, env: Env, logger: Logger, input: { url?: string }, actor: Actor | null) {
  const services = wordpressServices(env, logger);
  const url = input.url ?? (await findConnection(db))?.url;
  if (!url) throw new AppError(400, "NO_URL", "Give a site URL or save the connection settings first.");
  logAction(logger, "test_connectivity", actor, { site: url });
  const site = createSiteClient(services.http, { url, username: "", password: "" });
  try {
    const root = await site.call({ route: "/", auth: false });
    const index = root.json as { name?: unknown; namespaces?: unknown } | undefined;
    const restApi = root.status === 200 && Array.isArray(index?.namespaces);
    return {
      success: restApi,
      reachable: true,
      rest_api: restApi,
      url_mode: restApi ? (site.mode() ?? null) : null,
      status_code: root.status,
      response_time: root.elapsedMs,
      site_title: restApi && typeof index?.name === "string" ? index.name : null,
      message: restApi
        ? `The WordPress REST API answered in ${root.elapsedMs} ms${site.mode() === "query" ? " (pretty permalinks are off: using ?rest_route=)" : ""}.`
        : `The site answered (HTTP ${root.status}) but no WordPress REST API was found.`,
    };
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    return {
      success: false,
      reachable: false,
      rest_api: false,
      url_mode: null,
      status_code: null,
      response_time: null,
      site_title: null,
      code: error.code,
      message: `Could not reach the WordPress site: ${error.message}`,
    };
  }
}

/** Inserts whichever of the six default configuration rows are missing. */
export async function seedTestConfigurations(db: Db, _env: Env, logger: Logger, _input: unknown, actor: Actor | null) {
  logAction(logger, "seed_test_configurations", actor);
  const existing = await db.select({ testName: testConfigurations.testName }).from(testConfigurations);
  const have = new Set(existing.map((r) => r.testName));
  const missing = DEFAULT_TEST_CONFIGURATIONS.filter((row) => !have.has(row.testName));
  if (missing.length > 0) await db.insert(testConfigurations).values(missing).onConflictDoNothing();
  const configurations = await db.select().from(testConfigurations).orderBy(testConfigurations.createdAt, testConfigurations.testName);
  return {
    success: true as const,
    existing: existing.length,
    inserted: missing.length,
    configurations: configurations.map((c) => ({
      test_name: c.testName,
      endpoint: c.endpoint,
      method: c.method,
      headers: c.headers,
      enabled: c.enabled,
      timeout_seconds: c.timeoutSeconds,
      retry_count: c.retryCount,
    })),
  };
}

export async function validateSettingsAction(db: Db, env: Env, logger: Logger, _input: unknown, actor: Actor | null): Promise<{ success: true; report: ValidationReport }> {
  logAction(logger, "validate_settings", actor);
  const services = wordpressServices(env, logger);
  return { success: true, report: await validateSettings(db, services, env) };
}

/** Dispatches a validated runner request to its action. */
export async function handleRunnerRequest(db: Db, env: Env, logger: Logger, request: RunnerRequest, actor: Actor | null): Promise<unknown> {
  switch (request.action) {
    case "load_credentials":
      return loadCredentials(db, env, logger, request, actor);
    case "save_credentials":
      return saveCredentials(db, env, logger, request, actor);
    case "test_credentials":
      return testCredentials(db, env, logger, request, actor);
    case "validate_settings":
      return validateSettingsAction(db, env, logger, request, actor);
    case "run_api_test":
      return runApiTestAction(db, env, logger, request, actor);
    case "run_all_tests":
      return runAllTests(db, env, logger, request, actor);
    case "check_status":
      return checkStatus(db, env, logger, request, actor);
    case "test_connectivity":
      return testConnectivity(db, env, logger, request, actor);
    case "seed_test_configurations":
      return seedTestConfigurations(db, env, logger, request, actor);
  }
}
