import net from "node:net";
import { asc } from "drizzle-orm";
import { DEFAULT_TEST_CONFIGURATIONS } from "~/domain/wordpress-api-tests";
import type { ValidationCategory, ValidationReport, ValidationTestItem } from "~/features/wordpress/schema";
import type { Db } from "../db/client";
import { testConfigurations } from "../db/schema/index";
import { loadConnectionSecret } from "./connections";
import { ABORTED_MESSAGE, DEFAULT_TIMEOUT_MS, OutboundRequestError } from "./http-client";
import { type RunLimit, type RunOptions, startRun } from "./run-limit";
import type { WordPressServices } from "./service-context";
import {
  checkSiteRoot,
  createSiteClient,
  noCredentialsSeen,
  type RestAnswer,
  restError,
  sentence,
  type SiteIndex,
  siteErrorMessage,
  type XmlRpcVerdict,
} from "./site-client";

/**
 * validate_settings: checks the saved connection in five categories and scores each check out
 * of 10 (passed 10, warning 5-7, failed 0-3, not run 0). The overall score is the share of points
 * won, so a check that could not run (the site unreachable, the time limit) lowers it.
 *
 * The whole run has one time limit (60 s, RunOptions); the first problem with the site itself
 * (unreachable, a redirect, not WordPress's root) stops the checks that need the site, which are
 * reported as not run with that reason.
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

/** The stages the admin sees, in order (VALIDATOR_STAGES): reported as each one starts. */
export type StageListener = (index: number) => void;

export interface ValidateOptions extends RunOptions {
  onStage?: StageListener;
}

const SITE_RECOMMENDATION: Partial<Record<OutboundRequestError["code"], string>> = {
  REDIRECTED: "Save the address the site redirects to as the site URL.",
  NOT_SITE_ROOT: "Save WordPress's own address (the one it gives as its home) as the site URL.",
  NOT_WORDPRESS: "Check the site URL: it must be the address of the WordPress site itself.",
};

const PASSWORD_RECOMMENDATION = "Create a new application password in WordPress (Users > Profile) and save it here.";
const HEADER_RECOMMENDATION =
  'Make the web server pass the Authorization header to PHP (on Apache: SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1); application passwords depend on it.';

export async function validateSettings(db: Db, services: WordPressServices, options: ValidateOptions = {}): Promise<ValidationReport> {
  // Throws NO_CREDENTIALS / CREDENTIALS_UNREADABLE: nothing to validate without them.
  const secret = await loadConnectionSecret(db, services.keyRing);
  const run = startRun(options);
  try {
    return await validate(db, services, secret, run, options.onStage ?? (() => {}));
  } finally {
    run.finish();
  }
}

async function validate(
  db: Db,
  services: WordPressServices,
  secret: Awaited<ReturnType<typeof loadConnectionSecret>>,
  run: RunLimit,
  onStage: StageListener,
): Promise<ValidationReport> {
  const startedAt = new Date();
  const categories: Record<ValidationCategory, Item[]> = { credentials: [], api_endpoints: [], database: [], performance: [], security: [] };
  const site = createSiteClient(services.http, secret, { signal: run.signal });

  /** Why the checks that need the site cannot run; set by the first problem with the site itself. */
  let siteProblem: string | null = null;
  const blocked = () => siteProblem ?? run.stopReason();
  const notRun = (name: string, reason: string) => item(name, "not_run", 0, `Not run: ${reason}`);
  /** Runs one check that needs the site: not run when the site is already known to be out of reach. */
  const remote = async (name: string, check: () => Promise<Item>): Promise<Item> => {
    const reason = blocked();
    if (reason) return notRun(name, reason);
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof OutboundRequestError)) throw error;
      if (error.code === "ABORTED") return notRun(name, run.stopReason() ?? ABORTED_MESSAGE);
      return item(name, "failed", 0, siteErrorMessage(error, null), {
        recommendation: "Check that the site is online and answers within a few seconds.",
      });
    }
  };

  // credentials: the address is WordPress's root, and the application password signs in.
  onStage(0);
  let root: { index: SiteIndex; answer: RestAnswer } | undefined;
  try {
    root = await checkSiteRoot(site);
    categories.credentials.push(
      item("WordPress Site", "passed", 10, `WordPress's REST API answers at ${site.baseUrl} (${root.index.name}).`, { response_time: root.answer.elapsedMs }),
    );
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    siteProblem = siteErrorMessage(error, run.stopReason());
    categories.credentials.push(
      item("WordPress Site", "failed", 0, siteProblem, {
        details: { code: error.code },
        recommendation: SITE_RECOMMENDATION[error.code] ?? "Check the site URL and that the site is online.",
      }),
    );
  }

  // The sign-in's answer also tells whether the Authorization header reaches WordPress (security).
  const signIn: { answer?: RestAnswer; xmlRpc?: XmlRpcVerdict } = {};
  categories.credentials.push(
    await remote("Authentication", async () => {
      const me = await site.call({ route: "/wp/v2/users/me?context=edit", auth: true });
      signIn.answer = me;
      if (me.status === 200) return item("Authentication", "passed", 10, `Signed in as ${secret.username}.`, { response_time: me.elapsedMs });
      const error = restError(me.json);
      if (me.status === 401 && error?.code === "rest_not_logged_in") {
        signIn.xmlRpc = await site.xmlRpcSignIn();
        const seen = noCredentialsSeen(signIn.xmlRpc);
        return item("Authentication", "failed", 0, seen.message, {
          response_time: me.elapsedMs,
          recommendation: seen.headerStripped ? HEADER_RECOMMENDATION : PASSWORD_RECOMMENDATION,
        });
      }
      return item("Authentication", "failed", 0, `WordPress did not accept the credentials (HTTP ${me.status}${error ? ` ${error.code}` : ""}).`, {
        response_time: me.elapsedMs,
        recommendation: PASSWORD_RECOMMENDATION,
      });
    }),
  );
  const me = signIn.answer;
  if (me?.status === 200) {
    const roles = (me.json as { roles?: unknown }).roles;
    const role = Array.isArray(roles) && typeof roles[0] === "string" ? roles[0] : "unknown";
    categories.credentials.push(
      role === "administrator"
        ? item("User Role", "passed", 10, "The account is an administrator: every API test can run.", { details: { role } })
        : item("User Role", "warning", 5, `The account's role is ${role}; some tests need an administrator.`, {
            details: { role },
            recommendation: "Connect with an administrator account so settings, users and plugin tests can run.",
          }),
    );
  } else {
    categories.credentials.push(notRun("User Role", blocked() ?? "the account did not sign in."));
  }

  // api_endpoints: the enabled test configurations (the defaults while none are saved)
  onStage(1);
  const rows = await db.select().from(testConfigurations).orderBy(asc(testConfigurations.createdAt), asc(testConfigurations.testName));
  const configs = rows.length > 0 ? rows : DEFAULT_TEST_CONFIGURATIONS;
  const times: number[] = [];
  for (const config of configs.filter((c) => c.enabled)) {
    const details = { endpoint: config.endpoint, method: config.method };
    categories.api_endpoints.push(
      await remote(config.testName, async () => {
        // The configuration's time-out within the outbound client's 10 s ceiling, and retries only
        // for answers a retry can change (a server error, a dropped connection), never for a
        // time-out: all of it inside the run's own limit.
        const timeoutMs = Math.min(config.timeoutSeconds * 1000, DEFAULT_TIMEOUT_MS);
        let answer: RestAnswer | undefined;
        for (let attempt = 0; attempt <= config.retryCount && !run.signal.aborted; attempt++) {
          try {
            answer = await site.call({ route: config.endpoint, auth: true, timeoutMs });
          } catch (error) {
            const retryable = error instanceof OutboundRequestError && error.code === "CONNECTION_FAILED" && attempt < config.retryCount;
            if (!retryable) throw error;
            continue;
          }
          if (answer.status < 500) break;
        }
        if (!answer) throw new OutboundRequestError("ABORTED", ABORTED_MESSAGE);
        times.push(answer.elapsedMs);
        const extra = { response_time: answer.elapsedMs, details: { ...details, status_code: answer.status } };
        if (answer.status >= 200 && answer.status < 300) return item(config.testName, "passed", 10, `HTTP ${answer.status}`, extra);
        if (answer.status === 401 || answer.status === 403)
          return item(config.testName, "warning", 5, `HTTP ${answer.status}: the account may not use this endpoint.`, extra);
        const error = restError(answer.json);
        return item(config.testName, "failed", 0, error ? sentence(`HTTP ${answer.status}: ${error.message}`) : `HTTP ${answer.status}`, {
          ...extra,
          recommendation: `Check that ${config.endpoint} is available on the site (plugins, permalinks).`,
        });
      }),
    );
  }

  // database: what we keep about the connection
  onStage(2);
  categories.database.push(
    item("Saved Connection", "passed", 10, "The connection is saved and its application password decrypts.", {
      details: { connection_name: secret.info.connection_name, key_id: secret.keyId, last_test_status: secret.info.last_test_status },
    }),
  );
  categories.database.push(
    secret.keyId === services.keyRing.current.id
      ? item("Password Encryption", "passed", 10, "The application password is encrypted with the current key.")
      : item("Password Encryption", "warning", 7, "The application password is encrypted with an older key.", {
          recommendation: "Save the connection again to re-encrypt it with the current key.",
        }),
  );
  categories.database.push(
    rows.length === 0
      ? item("Test Configurations", "passed", 10, `No test configurations saved: the ${DEFAULT_TEST_CONFIGURATIONS.length} defaults are used.`)
      : rows.length >= DEFAULT_TEST_CONFIGURATIONS.length
        ? item("Test Configurations", "passed", 10, `${rows.length} test configurations found.`)
        : item("Test Configurations", "warning", 5, `${rows.length} of ${DEFAULT_TEST_CONFIGURATIONS.length} default test configurations found.`, {
            recommendation: "Seed the default test configurations.",
          }),
  );

  // performance
  onStage(3);
  if (root) {
    const ms = root.answer.elapsedMs;
    categories.performance.push(
      ms < 500
        ? item("API Response Time", "passed", 10, `The API index answered in ${ms} ms.`, { response_time: ms })
        : ms < 1500
          ? item("API Response Time", "warning", 6, `The API index answered in ${ms} ms (slow).`, {
              response_time: ms,
              recommendation: "Consider caching or a faster host: the API answers slowly.",
            })
          : item("API Response Time", "failed", 2, `The API index answered in ${ms} ms (too slow).`, {
              response_time: ms,
              recommendation: "The API takes over 1.5 s to answer; check the hosting and plugins.",
            }),
    );
  } else {
    categories.performance.push(notRun("API Response Time", siteProblem ?? "the API index did not answer."));
  }
  if (times.length > 0) {
    const average = Math.round(times.reduce((a, b) => a + b, 0) / times.length);
    categories.performance.push(
      average < 1000
        ? item("Average Endpoint Time", "passed", 10, `Endpoints answered in ${average} ms on average.`, { response_time: average })
        : item("Average Endpoint Time", "warning", 5, `Endpoints answered in ${average} ms on average.`, {
            response_time: average,
            recommendation: "Endpoints are slow on average; check the hosting and plugins.",
          }),
    );
  } else {
    categories.performance.push(notRun("Average Endpoint Time", blocked() ?? "no endpoint answered."));
  }

  // security
  onStage(4);
  const baseUrl = new URL(site.baseUrl);
  categories.security.push(
    baseUrl.protocol === "https:"
      ? item("HTTPS", "passed", 10, "The site is reached over HTTPS.")
      : isLoopback(baseUrl.hostname)
        ? item(
            "HTTPS",
            "passed",
            10,
            "The site is reached over plain HTTP on this machine (a loopback address): the application password does not cross a network.",
          )
        : item("HTTPS", "warning", 3, "The site is reached over plain HTTP: the application password travels unencrypted.", {
            recommendation: "Use the site's https:// address.",
          }),
  );
  categories.security.push(
    await remote("User Enumeration", async () => {
      const users = await site.call({ route: "/wp/v2/users", auth: false });
      const listed = users.status === 200 && Array.isArray(users.json) && users.json.length > 0;
      return listed
        ? item("User Enumeration", "failed", 2, `The users list is public: ${(users.json as unknown[]).length} user name(s) readable without signing in.`, {
            response_time: users.elapsedMs,
            recommendation: "Restrict /wp/v2/users to signed-in users (a security plugin or a rest_endpoints filter) to stop user enumeration.",
          })
        : item("User Enumeration", "passed", 10, `The users list is not public (HTTP ${users.status}).`, { response_time: users.elapsedMs });
    }),
  );
  categories.security.push(
    await remote("Wrong Password Refused", async () => {
      const wrong = await site.call({ route: "/wp/v2/users/me", auth: true, passwordOverride: "wrong password for a check" });
      return wrong.status === 401 || wrong.status === 403
        ? item("Wrong Password Refused", "passed", 10, `A wrong application password is refused (HTTP ${wrong.status}).`)
        : item("Wrong Password Refused", "failed", 0, `A wrong application password was not refused (HTTP ${wrong.status}).`, {
            recommendation: "Check the site's authentication plugins: a wrong password must not sign in.",
          });
    }),
  );
  categories.security.push(authorizationHeader(me, signIn.xmlRpc, blocked()));

  onStage(5);
  const all = Object.values(categories).flat();
  const points = all.reduce((sum, t) => sum + t.score, 0);
  const recommendations = [...new Set(all.map((t) => t.recommendation).filter((r): r is string => Boolean(r)))];
  const strip = (list: Item[]): ValidationTestItem[] => list.map(({ recommendation: _r, ...rest }) => rest);
  return {
    overall_score: all.length === 0 ? 0 : Math.round((points / (all.length * 10)) * 100),
    passed_tests: all.filter((t) => t.status === "passed").length,
    failed_tests: all.filter((t) => t.status === "failed").length,
    warning_tests: all.filter((t) => t.status === "warning").length,
    not_run_tests: all.filter((t) => t.status === "not_run").length,
    stopped: run.stopReason(),
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

/** What WordPress answers when it read application-password credentials and refused them. */
const APPLICATION_PASSWORD_ERRORS = new Set([
  "incorrect_password",
  "invalid_username",
  "invalid_email",
  "application_passwords_disabled",
  "application_passwords_disabled_for_user",
]);

/**
 * Does the Authorization header reach WordPress? Read from the sign-in above: credentials were
 * sent, so an answer about them (accepted, or refused as a wrong password or user) shows WordPress
 * received them. rest_not_logged_in means it saw none, which WordPress also answers for a wrong
 * password: XML-RPC (the credentials in the body) tells the two apart. (Site Health's own check
 * cannot serve: it reports "good" only for the literal credentials user:pwd.)
 */
function authorizationHeader(me: RestAnswer | undefined, xmlRpc: XmlRpcVerdict | undefined, blocked: string | null): Item {
  const name = "Authorization Header";
  if (!me) return item(name, "not_run", 0, `Not run: ${blocked ?? "the sign-in check did not get an answer."}`);
  if (me.status === 200) return item(name, "passed", 10, "WordPress received the Authorization header: the application password signed in.");
  const error = restError(me.json);
  const details = { status_code: me.status, code: error?.code };
  if (error && APPLICATION_PASSWORD_ERRORS.has(error.code)) {
    return item(name, "passed", 10, `WordPress received the Authorization header (it refused the credentials themselves: ${error.code}).`, { details });
  }
  if (me.status === 401 && error?.code === "rest_not_logged_in") {
    if (xmlRpc === "accepted") {
      return item(name, "failed", 0, "The credentials were sent, but WordPress saw none: the web server strips the Authorization header.", {
        details,
        recommendation: HEADER_RECOMMENDATION,
      });
    }
    if (xmlRpc === "refused") return item(name, "not_run", 0, "Not run: the credentials are wrong, so whether the header arrives cannot be told.");
    return item(
      name,
      "warning",
      5,
      "WordPress saw no credentials: the web server may strip the Authorization header (with XML-RPC off, a wrong password cannot be told apart).",
      {
        details,
        recommendation: HEADER_RECOMMENDATION,
      },
    );
  }
  return item(name, "warning", 5, `Could not tell: the sign-in check answered HTTP ${me.status}${error ? ` ${error.code}` : ""}.`, { details });
}

/** 127.0.0.0/8, ::1 and localhost: traffic to them never leaves the machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (net.isIPv4(host)) return host.startsWith("127.");
  return host === "::1";
}
