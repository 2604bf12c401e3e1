import { eq } from "drizzle-orm";
import { API_TESTS, DEFAULT_TEST_CONFIGURATIONS, findApiTest } from "~/domain/wordpress-api-tests";
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
import { findConnection, loadConnectionSecret, openConnectionPassword, recordConnectionTest, resolveCredentials, saveConnection } from "./connections";
import { ABORTED_MESSAGE, OutboundRequestError } from "./http-client";
import { type RunLimit, type RunOptions, startRun } from "./run-limit";
import { type Actor, wordpressServices } from "./service-context";
import {
  checkSiteRoot,
  createSiteClient,
  noCredentialsSeen,
  normalizeSiteUrl,
  restError,
  SITE_ANSWER_CODES,
  type SiteClient,
  siteErrorMessage,
} from "./site-client";
import { type StageListener, validateSettings } from "./validator";

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

/** Carries a dry run's result out of the transaction it rolls back. */
class DryRunDone extends Error {
  constructor(readonly saved: Awaited<ReturnType<typeof saveConnection>>) {
    super("dry run");
  }
}

export async function saveCredentials(db: Db, env: Env, logger: Logger, input: { credentials: Credentials; dry_run?: boolean }, actor: Actor | null) {
  const { keyRing } = wordpressServices(env, logger);
  const credentials = normalizedCredentials(input.credentials);
  logAction(logger, "save_credentials", actor, { site: credentials.url, username: credentials.username, dryRun: input.dry_run === true });
  const save = (target: Db) =>
    saveConnection(target, keyRing, {
      url: credentials.url,
      username: credentials.username,
      password: credentials.password === PASSWORD_MASK ? undefined : credentials.password,
    });
  if (!input.dry_run) return { success: true as const, connection_info: (await save(db)).info };
  // The same save, rolled back: proves the row can be written without changing it (the testing
  // dashboard checks this on every visit).
  const saved = await db
    .transaction(async (tx) => {
      throw new DryRunDone(await save(tx));
    })
    .catch((error: unknown) => {
      if (error instanceof DryRunDone) return error.saved;
      throw error;
    });
  return { success: true as const, dry_run: true as const, connection_info: saved.info };
}

/** Signs in to the site with the given credentials and reports the account's role, the site title and WordPress version. */
export async function testCredentials(
  db: Db,
  env: Env,
  logger: Logger,
  input: { credentials: Credentials },
  actor: Actor | null,
  options: RunOptions = {},
): Promise<ConnectionTestResult & { connection_info?: ConnectionInfo }> {
  const services = wordpressServices(env, logger);
  const { credentials, savedId } = await resolveCredentials(db, services.keyRing, normalizedCredentials(input.credentials), PASSWORD_MASK);
  logAction(logger, "test_credentials", actor, { site: credentials.url, username: credentials.username });
  const run = startRun(options);
  const result = await checkCredentials(createSiteClient(services.http, credentials, { signal: run.signal }), credentials.username, run).finally(run.finish);
  if (savedId) {
    await recordConnectionTest(db, savedId, result.success, new Date());
    const saved = await findConnection(db);
    return { ...result, connection_info: saved?.info };
  }
  return result;
}

export async function checkCredentials(site: SiteClient, username: string, run?: RunLimit): Promise<ConnectionTestResult> {
  const none = { userRole: null, siteTitle: null, wpVersion: null };
  let siteTitle: string | null = null;
  try {
    siteTitle = (await checkSiteRoot(site)).index.name;
    const me = await site.call({ route: "/wp/v2/users/me?context=edit", auth: true });
    if (me.status !== 200) {
      const error = restError(me.json);
      const detail = error ? ` (HTTP ${me.status} ${error.code}: ${error.message.replace(/\.$/, "")})` : ` (HTTP ${me.status})`;
      const refused = me.status === 401 || me.status === 403;
      // Credentials sent, none seen: XML-RPC says whether they were wrong or never arrived.
      const xmlRpc = error?.code === "rest_not_logged_in" ? await site.xmlRpcSignIn() : "refused";
      return {
        success: false,
        code: refused ? "AUTH_FAILED" : "UNEXPECTED_ANSWER",
        message: !refused
          ? `WordPress answered the sign-in check unexpectedly${detail}.`
          : xmlRpc === "refused"
            ? `Authentication failed: WordPress did not accept the username or application password${detail}.`
            : noCredentialsSeen(xmlRpc).message,
        ...none,
        siteTitle,
      };
    }
    const user = me.json as { roles?: unknown; username?: unknown; name?: unknown };
    const userRole = Array.isArray(user.roles) && typeof user.roles[0] === "string" ? user.roles[0] : "unknown";
    const wpVersion = await detectWordPressVersion(site);
    return {
      success: true,
      message: `Connected to ${siteTitle || site.baseUrl} as ${username} (${userRole}).`,
      userRole,
      siteTitle,
      wpVersion,
    };
  } catch (error) {
    if (error instanceof OutboundRequestError)
      return { success: false, code: error.code, message: siteErrorMessage(error, run?.stopReason() ?? null), ...none, siteTitle };
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

async function savedSite(db: Db, env: Env, logger: Logger, run: RunLimit): Promise<SiteClient> {
  const services = wordpressServices(env, logger);
  const secret = await loadConnectionSecret(db, services.keyRing);
  return createSiteClient(services.http, secret, { signal: run.signal });
}

/** A test stopped by the run's limit or a cancel did not finish: it was not run, and the result says why. */
function stoppedAsNotRun(result: ApiTestResult, run: RunLimit): ApiTestResult {
  if (result.errorCode !== "ABORTED") return result;
  return { ...result, status: "not_run", errorMessage: `Not run: ${run.stopReason() ?? ABORTED_MESSAGE}` };
}

export async function runApiTestAction(
  db: Db,
  env: Env,
  logger: Logger,
  input: { test: { id: string } },
  actor: Actor | null,
  options: RunOptions = {},
): Promise<{ success: true; result: ApiTestResult }> {
  const definition = findApiTest(input.test.id);
  if (!definition) throw new AppError(400, "UNKNOWN_TEST", `There is no API test "${input.test.id}".`);
  logAction(logger, "run_api_test", actor, { test: definition.id });
  const run = startRun(options);
  try {
    const site = await savedSite(db, env, logger, run);
    return { success: true, result: stoppedAsNotRun(await runApiTest(site, definition), run) };
  } finally {
    run.finish();
  }
}

/**
 * Every test, one after another, within one time limit. The first result that shows the site
 * itself is the problem (a redirect, unreachable, not WordPress's root) ends the run: the rest
 * are not run, and `summary.stopped` says why, instead of 32 failures that all mean the same.
 */
export async function runAllTests(db: Db, env: Env, logger: Logger, _input: unknown, actor: Actor | null, options: RunOptions = {}) {
  logAction(logger, "run_all_tests", actor);
  const run = startRun(options);
  try {
    const site = await savedSite(db, env, logger, run);
    const started = Date.now();
    const results: ApiTestResult[] = [];
    let stopped: string | null = null;
    // One after another: a small site should not see 33 requests (and their fixtures) at once.
    for (const test of API_TESTS) {
      if (stopped !== null) {
        results.push({
          testId: test.id,
          status: "not_run",
          responseTime: 0,
          statusCode: null,
          errorMessage: `Not run: ${stopped}`,
          timestamp: new Date().toISOString(),
        });
        continue;
      }
      const result = stoppedAsNotRun(await runApiTest(site, test), run);
      results.push(result);
      if (result.errorCode) stopped = run.stopReason() ?? result.errorMessage;
    }
    const count = (status: ApiTestResult["status"]) => results.filter((r) => r.status === status).length;
    return {
      success: true as const,
      results,
      summary: {
        total: results.length,
        passed: count("passed"),
        failed: count("failed"),
        not_run: count("not_run"),
        durationMs: Date.now() - started,
        stopped,
      },
    };
  } finally {
    run.finish();
  }
}

/** What is configured, without calling the site: saved connection, whether its password opens, tests and configurations. */
export async function checkStatus(db: Db, env: Env, logger: Logger, _input: unknown, actor: Actor | null) {
  logAction(logger, "check_status", actor);
  const services = wordpressServices(env, logger);
  const saved = await findConnection(db);
  let passwordReadable: boolean | null = null;
  if (saved) {
    const [row] = await db.select({ sealed: wordpressConnections.passwordCiphertext }).from(wordpressConnections).where(eq(wordpressConnections.id, saved.id));
    try {
      openConnectionPassword(services.keyRing, { ...saved, passwordCiphertext: row?.sealed ?? "" });
      passwordReadable = true;
    } catch {
      passwordReadable = false;
    }
  }
  const rows = await readConfigurations(db);
  return {
    success: true as const,
    configured: saved !== undefined,
    connection_info: saved?.info ?? null,
    site: saved ? { url: saved.url, username: saved.username } : null,
    password_readable: passwordReadable,
    encryption: { key_id: services.keyRing.current.id, key_source: services.keySource },
    api_tests: API_TESTS.length,
    test_configurations: { total: rows.length, enabled: rows.filter((r) => r.enabled).length },
    // What the validator uses: the saved rows, or the defaults (unsaved) while there are none.
    configurations: rows.length > 0 ? rows.map(configurationView) : DEFAULT_TEST_CONFIGURATIONS.map(configurationView),
    configurations_saved: rows.length > 0,
  };
}

function readConfigurations(db: Db) {
  return db.select().from(testConfigurations).orderBy(testConfigurations.createdAt, testConfigurations.testName);
}

function configurationView(c: (typeof DEFAULT_TEST_CONFIGURATIONS)[number]) {
  return {
    test_name: c.testName,
    endpoint: c.endpoint,
    method: c.method,
    headers: c.headers,
    enabled: c.enabled,
    timeout_seconds: c.timeoutSeconds,
    retry_count: c.retryCount,
  };
}

/** Is there a WordPress REST API at this address (or the saved one)? No credentials are sent. */
export async function testConnectivity(db: Db, env: Env, logger: Logger, input: { url?: string }, actor: Actor | null, options: RunOptions = {}) {
  const services = wordpressServices(env, logger);
  const url = input.url ?? (await findConnection(db))?.url;
  if (!url) throw new AppError(400, "NO_URL", "Give a site URL or save the connection settings first.");
  logAction(logger, "test_connectivity", actor, { site: url });
  const run = startRun(options);
  const site = createSiteClient(services.http, { url, username: "", password: "" }, { signal: run.signal });
  try {
    const { index, answer } = await checkSiteRoot(site);
    return {
      success: true,
      reachable: true,
      rest_api: true,
      url_mode: site.mode() ?? null,
      status_code: answer.status,
      response_time: answer.elapsedMs,
      site_title: index.name,
      message: `The WordPress REST API answered in ${answer.elapsedMs} ms${site.mode() === "query" ? " (pretty permalinks are off: using ?rest_route=)" : ""}.`,
    };
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    return {
      success: false,
      // A redirect, or an answer that is not WordPress's root, came from the site.
      reachable: SITE_ANSWER_CODES.includes(error.code),
      rest_api: false,
      url_mode: null,
      status_code: null,
      response_time: null,
      site_title: null,
      code: error.code,
      message: siteErrorMessage(error, run.stopReason()),
    };
  } finally {
    run.finish();
  }
}

/** Inserts whichever of the six default configuration rows are missing. */
export async function seedTestConfigurations(db: Db, _env: Env, logger: Logger, _input: unknown, actor: Actor | null) {
  logAction(logger, "seed_test_configurations", actor);
  const existing = await db.select({ testName: testConfigurations.testName }).from(testConfigurations);
  const have = new Set(existing.map((r) => r.testName));
  const missing = DEFAULT_TEST_CONFIGURATIONS.filter((row) => !have.has(row.testName));
  if (missing.length > 0) await db.insert(testConfigurations).values(missing).onConflictDoNothing();
  return {
    success: true as const,
    existing: existing.length,
    inserted: missing.length,
    configurations: (await readConfigurations(db)).map(configurationView),
  };
}

export async function validateSettingsAction(
  db: Db,
  env: Env,
  logger: Logger,
  _input: unknown,
  actor: Actor | null,
  options: RunOptions & { onStage?: StageListener } = {},
): Promise<{ success: true; report: ValidationReport }> {
  logAction(logger, "validate_settings", actor);
  const services = wordpressServices(env, logger);
  return { success: true, report: await validateSettings(db, services, options) };
}

export interface RunnerRequestOptions extends RunOptions {
  /** validate_settings only: called as each of its stages starts. */
  onStage?: StageListener;
}

/** Dispatches a validated runner request to its action. */
export async function handleRunnerRequest(
  db: Db,
  env: Env,
  logger: Logger,
  request: RunnerRequest,
  actor: Actor | null,
  options: RunnerRequestOptions = {},
): Promise<unknown> {
  switch (request.action) {
    case "load_credentials":
      return loadCredentials(db, env, logger, request, actor);
    case "save_credentials":
      return saveCredentials(db, env, logger, request, actor);
    case "test_credentials":
      return testCredentials(db, env, logger, request, actor, options);
    case "validate_settings":
      return validateSettingsAction(db, env, logger, request, actor, options);
    case "run_api_test":
      return runApiTestAction(db, env, logger, request, actor, options);
    case "run_all_tests":
      return runAllTests(db, env, logger, request, actor, options);
    case "check_status":
      return checkStatus(db, env, logger, request, actor);
    case "test_connectivity":
      return testConnectivity(db, env, logger, request, actor, options);
    case "seed_test_configurations":
      return seedTestConfigurations(db, env, logger, request, actor);
  }
}
