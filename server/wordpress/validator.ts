import { asc } from "drizzle-orm";
import { DEFAULT_TEST_CONFIGURATIONS } from "~/features/wordpress/api-tests";
import type { ValidationCategory, ValidationReport, ValidationTestItem } from "~/features/wordpress/schema";
import type { Db } from "../db/client";
import { testConfigurations } from "../db/schema/index";
import type { Env } from "../env";
import { loadConnectionSecret } from "./connections";
import { createSafeHttpClient, DEFAULT_TIMEOUT_MS, OutboundRequestError } from "./http-client";
import type { WordPressServices } from "./service-context";
import { createSiteClient, type RestAnswer, restError, type SiteClient } from "./site-client";

/**
 * validate_settings: checks the saved connection in five categories and scores each check out
 * of 10 (passed 10, warning 5-7, failed 0-3). The overall score is the share of points won.
 */

type Item = ValidationTestItem & { recommendation?: string };

const item = (test_name: string, status: Item["status"], score: number, message: string, extra: Partial<Item> = {}): Item => ({
  test_name,
  status,
  score,
  message,
  response_time: null,
  ...extra,
});

async function timed(site: SiteClient, route: string, auth: boolean, passwordOverride?: string): Promise<RestAnswer | OutboundRequestError> {
  try {
    return await site.call({ route, auth, passwordOverride });
  } catch (error) {
    if (error instanceof OutboundRequestError) return error;
    throw error;
  }
}

export async function validateSettings(db: Db, services: WordPressServices, env: Env): Promise<ValidationReport> {
  const startedAt = new Date();
  const categories: Record<ValidationCategory, Item[]> = { credentials: [], api_endpoints: [], database: [], performance: [], security: [] };

  // Throws NO_CREDENTIALS / CREDENTIALS_UNREADABLE: nothing to validate without them.
  const secret = await loadConnectionSecret(db, services.keyRing);
  const site = createSiteClient(services.http, secret);

  // credentials
  const root = await timed(site, "/", false);
  const me = await timed(site, "/wp/v2/users/me?context=edit", true);
  if (me instanceof OutboundRequestError) {
    categories.credentials.push(item("Authentication", "failed", 0, `Could not reach the WordPress site: ${me.message}`, { recommendation: "Check the site URL and that the site is online." }));
  } else if (me.status === 200) {
    const roles = (me.json as { roles?: unknown }).roles;
    const role = Array.isArray(roles) && typeof roles[0] === "string" ? roles[0] : "unknown";
    categories.credentials.push(item("Authentication", "passed", 10, `Signed in as ${secret.username}.`, { response_time: me.elapsedMs }));
    categories.credentials.push(
      role === "administrator"
        ? item("User Role", "passed", 10, "The account is an administrator: every API test can run.", { details: { role } })
        : item("User Role", "warning", 5, `The account's role is ${role}; some tests need an administrator.`, {
            details: { role },
            recommendation: "Connect with an administrator account so settings, users and plugin tests can run.",
          }),
    );
  } else {
    const error = restError(me.json);
    categories.credentials.push(
      item("Authentication", "failed", 0, `WordPress did not accept the credentials (HTTP ${me.status}${error ? ` ${error.code}` : ""}).`, {
        response_time: me.elapsedMs,
        recommendation: "Create a new application password in WordPress (Users > Profile) and save it here.",
      }),
    );
  }

  // api_endpoints: the enabled test configurations (the defaults until they are seeded)
  const rows = await db.select().from(testConfigurations).orderBy(asc(testConfigurations.createdAt), asc(testConfigurations.testName));
  const configs = rows.length > 0 ? rows : DEFAULT_TEST_CONFIGURATIONS;
  const times: number[] = [];
  for (const config of configs.filter((c) => c.enabled)) {
    // The configuration's time-out, within the outbound client's own 10 s ceiling.
    const timeoutMs = Math.min(config.timeoutSeconds * 1000, DEFAULT_TIMEOUT_MS);
    const client = createSiteClient(createSafeHttpClient({ allowedHosts: env.WORDPRESS_ALLOWED_HOSTS, timeoutMs }), secret);
    let answer: RestAnswer | OutboundRequestError = new OutboundRequestError("CONNECTION_FAILED", "not tried");
    for (let attempt = 0; attempt <= config.retryCount; attempt++) {
      answer = await timed(client, config.endpoint, true);
      if (!(answer instanceof OutboundRequestError) && answer.status < 500) break;
    }
    const details = { endpoint: config.endpoint, method: config.method };
    if (answer instanceof OutboundRequestError) {
      categories.api_endpoints.push(item(config.testName, "failed", 0, answer.message, { details }));
    } else {
      times.push(answer.elapsedMs);
      const extra = { response_time: answer.elapsedMs, details: { ...details, status_code: answer.status } };
      if (answer.status >= 200 && answer.status < 300) categories.api_endpoints.push(item(config.testName, "passed", 10, `HTTP ${answer.status}`, extra));
      else if (answer.status === 401 || answer.status === 403)
        categories.api_endpoints.push(item(config.testName, "warning", 5, `HTTP ${answer.status}: the account may not use this endpoint.`, extra));
      else
        categories.api_endpoints.push(
          item(config.testName, "failed", 0, `HTTP ${answer.status}${restError(answer.json) ? `: ${restError(answer.json)?.message}` : ""}`, {
            ...extra,
            recommendation: `Check that ${config.endpoint} is available on the site (plugins, permalinks).`,
          }),
        );
    }
  }

  // database: what we keep about the connection
  categories.database.push(
    item("Saved Connection", "passed", 10, "The connection is saved and its application password decrypts.", {
      details: { connection_name: secret.info.connection_name, key_id: secret.keyId, last_test_status: secret.info.last_test_status },
    }),
  );
  categories.database.push(
    secret.keyId === services.keyRing.current.id
      ? item("Password Encryption", "passed", 10, "The application password is encrypted with the current key.")
      : item("Password Encryption", "warning", 7, "The application password is encrypted with an older key.", { recommendation: "Save the connection again to re-encrypt it with the current key." }),
  );
  categories.database.push(
    rows.length >= DEFAULT_TEST_CONFIGURATIONS.length
      ? item("Test Configurations", "passed", 10, `${rows.length} test configurations found.`)
      : item("Test Configurations", "warning", 5, `${rows.length} of ${DEFAULT_TEST_CONFIGURATIONS.length} default test configurations found.`, { recommendation: "Seed the default test configurations." }),
  );

  // performance
  if (root instanceof OutboundRequestError) {
    categories.performance.push(item("API Response Time", "failed", 0, root.message));
  } else {
    const ms = root.elapsedMs;
    categories.performance.push(
      ms < 500
        ? item("API Response Time", "passed", 10, `The API index answered in ${ms} ms.`, { response_time: ms })
        : ms < 1500
          ? item("API Response Time", "warning", 6, `The API index answered in ${ms} ms (slow).`, { response_time: ms, recommendation: "Consider caching or a faster host: the API answers slowly." })
          : item("API Response Time", "failed", 2, `The API index answered in ${ms} ms (too slow).`, { response_time: ms, recommendation: "The API takes over 1.5 s to answer; check the hosting and plugins." }),
    );
  }
  if (times.length > 0) {
    const average = Math.round(times.reduce((a, b) => a + b, 0) / times.length);
    categories.performance.push(
      average < 1000
        ? item("Average Endpoint Time", "passed", 10, `Endpoints answered in ${average} ms on average.`, { response_time: average })
        : item("Average Endpoint Time", "warning", 5, `Endpoints answered in ${average} ms on average.`, { response_time: average, recommendation: "Endpoints are slow on average; check the hosting and plugins." }),
    );
  }

  // security
  const https = new URL(site.baseUrl).protocol === "https:";
  categories.security.push(
    https
      ? item("HTTPS", "passed", 10, "The site is reached over HTTPS.")
      : item("HTTPS", "warning", 3, "The site is reached over plain HTTP: the application password travels unencrypted.", { recommendation: "Use the site's https:// address." }),
  );
  const users = await timed(site, "/wp/v2/users", false);
  if (!(users instanceof OutboundRequestError)) {
    const listed = users.status === 200 && Array.isArray(users.json) && users.json.length > 0;
    categories.security.push(
      listed
        ? item("User Enumeration", "failed", 2, `The users list is public: ${(users.json as unknown[]).length} user name(s) readable without signing in.`, {
            response_time: users.elapsedMs,
            recommendation: "Restrict /wp/v2/users to signed-in users (a security plugin or a rest_endpoints filter) to stop user enumeration.",
          })
        : item("User Enumeration", "passed", 10, `The users list is not public (HTTP ${users.status}).`, { response_time: users.elapsedMs }),
    );
  }
  const wrong = await timed(site, "/wp/v2/users/me", true, "wrong password for a check");
  if (!(wrong instanceof OutboundRequestError)) {
    categories.security.push(
      wrong.status === 401 || wrong.status === 403
        ? item("Wrong Password Refused", "passed", 10, `A wrong application password is refused (HTTP ${wrong.status}).`)
        : item("Wrong Password Refused", "failed", 0, `A wrong application password was not refused (HTTP ${wrong.status}).`, { recommendation: "Check the site's authentication plugins: a wrong password must not sign in." }),
    );
  }
  const header = await timed(site, "/wp-site-health/v1/tests/authorization-header", true);
  if (!(header instanceof OutboundRequestError)) {
    const status = (header.json as { status?: unknown } | undefined)?.status;
    categories.security.push(
      header.status === 200 && status === "good"
        ? item("Authorization Header", "passed", 10, "Site Health: the Authorization header reaches WordPress.")
        : item("Authorization Header", "warning", 6, `Site Health reports the Authorization header as ${typeof status === "string" ? status : `HTTP ${header.status}`}.`, {
            details: { label: (header.json as { label?: unknown } | undefined)?.label },
            recommendation: "Make sure the web server passes the Authorization header to PHP (application passwords depend on it).",
          }),
    );
  }

  const all = Object.values(categories).flat();
  const points = all.reduce((sum, t) => sum + t.score, 0);
  const recommendations = [...new Set(all.map((t) => t.recommendation).filter((r): r is string => Boolean(r)))];
  const strip = (list: Item[]): ValidationTestItem[] => list.map(({ recommendation: _r, ...rest }) => rest);
  return {
    overall_score: all.length === 0 ? 0 : Math.round((points / (all.length * 10)) * 100),
    passed_tests: all.filter((t) => t.status === "passed").length,
    failed_tests: all.filter((t) => t.status === "failed").length,
    warning_tests: all.filter((t) => t.status === "warning").length,
    started_at: startedAt.toISOString(),
    completed_at: new Date().toISOString(),
    categories: {
      credentials: strip(categories.credentials),
      api_endpoints: strip(categories.api_endpoints),
      database: strip(categories.database),
      performance: strip(categories.performance),
      security: strip(categories.security),
    },
    recommendations,
  };
}
