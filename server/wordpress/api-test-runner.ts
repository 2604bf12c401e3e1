import crypto from "node:crypto";
import type { ApiTestDefinition } from "~/domain/wordpress-api-tests";
import { type ApiTestResult, SITE_PROBLEM_CODES } from "~/features/wordpress/schema";
import { OutboundRequestError } from "./http-client";
import { checkSiteRoot, type RestAnswer, restError, sentence, type SiteClient } from "./site-client";

/**
 * Runs one API test definition against the site and reports what the site really answered.
 * Never throws for anything the site does: an unexpected answer or a network failure is a
 * failed result whose message says what it means; when the site itself is the problem
 * (unreachable, redirected, not WordPress's root, stopped) the result carries its code, so a run
 * can stop with that one finding.
 */

/** Deleting what a test made gets its own short time-out, outside the run's limit: a stopped run still tidies up. */
const CLEANUP_TIMEOUT_MS = 5_000;

// 1x1 transparent PNG: the smallest image WordPress accepts as an upload.
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

interface Placeholders {
  unique: string;
  id?: string;
  created?: string;
  me?: string;
}

export async function runApiTest(site: SiteClient, test: ApiTestDefinition): Promise<ApiTestResult> {
  const placeholders: Placeholders = { unique: `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}` };
  const timestamp = () => new Date().toISOString();
  const cleanups: string[] = [];
  try {
    if (test.siteRoot) {
      const { answer } = await checkSiteRoot(site);
      return { testId: test.id, status: "passed", responseTime: answer.elapsedMs, statusCode: answer.status, errorMessage: null, timestamp: timestamp() };
    }

    if ([test.endpoint, test.cleanup, test.fixture?.cleanup].some((s) => s?.includes("{me}"))) {
      const me = await site.call({ route: "/wp/v2/users/me", auth: true });
      const id = (me.json as { id?: unknown } | undefined)?.id;
      if (me.status !== 200 || typeof id !== "number") {
        return failed(test, me.status, 0, `Could not identify the connected user (${describeAnswer(me)}), which this test needs.`, timestamp());
      }
      placeholders.me = String(id);
    }

    if (test.fixture) {
      const fixture = test.fixture;
      const created = fixture.upload
        ? await site.call({ method: "POST", route: fixture.endpoint, auth: true, ...uploadRequest(placeholders.unique) })
        : await site.call({ method: "POST", route: fixture.endpoint, auth: true, json: fill(fixture.body, placeholders) });
      const id = (created.json as { id?: unknown } | undefined)?.id;
      if (created.status !== 201 || typeof id !== "number") {
        return failed(test, created.status, created.elapsedMs, `Could not create the temporary item this test needs: ${describeAnswer(created)}.`, timestamp());
      }
      placeholders.id = String(id);
      cleanups.push(fill(fixture.cleanup, placeholders));
    }

    const route = fill(test.endpoint, placeholders);
    const upload = test.testData && "upload" in test.testData;
    const answer = await site.call({
      method: test.method,
      route,
      auth: test.requiresAuth,
      ...(upload ? uploadRequest(placeholders.unique) : test.testData ? { json: fill(test.testData, placeholders) } : {}),
    });
    const createdId = (answer.json as { id?: unknown } | undefined)?.id;
    if (test.cleanup && answer.status >= 200 && answer.status < 300 && typeof createdId === "number") {
      placeholders.created = String(createdId);
      cleanups.push(fill(test.cleanup, placeholders));
    }
    // A successful delete test removed its fixture itself.
    if (test.method === "DELETE" && answer.status === 200 && test.fixture) cleanups.shift();

    if (answer.status === test.expectedStatus) {
      return { testId: test.id, status: "passed", responseTime: answer.elapsedMs, statusCode: answer.status, errorMessage: null, timestamp: timestamp() };
    }
    return failed(test, answer.status, answer.elapsedMs, explainUnexpected(test, answer), timestamp());
  } catch (error) {
    if (error instanceof OutboundRequestError) {
      const result = failed(test, null, 0, error.message, timestamp());
      return SITE_PROBLEM_CODES.includes(error.code) ? { ...result, errorCode: error.code } : result;
    }
    throw error;
  } finally {
    const cleanup = site.forCleanup(CLEANUP_TIMEOUT_MS);
    for (const route of cleanups) {
      try {
        await cleanup.call({ method: "DELETE", route, auth: true });
      } catch {
        // Best effort: the site may have gone away mid-run.
      }
    }
  }
}

function failed(test: ApiTestDefinition, statusCode: number | null, responseTime: number, errorMessage: string, timestamp: string): ApiTestResult {
  return { testId: test.id, status: "failed", responseTime, statusCode, errorMessage, timestamp };
}

function uploadRequest(unique: string): { body: Buffer; headers: Record<string, string> } {
  return {
    body: TINY_PNG,
    headers: { "content-type": "image/png", "content-disposition": `attachment; filename="cat-hotel-test-${unique}.png"` },
  };
}

function fill<T>(value: T, placeholders: Placeholders): T {
  if (typeof value === "string") {
    return value.replace(/\{(unique|id|created|me)\}/g, (_m, key: keyof Placeholders) => placeholders[key] ?? "") as T;
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, placeholders)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, placeholders)])) as T;
  }
  return value;
}

export function describeAnswer(answer: RestAnswer): string {
  const error = restError(answer.json);
  return error ? `HTTP ${answer.status} ${error.code}: ${error.message}` : `HTTP ${answer.status}`;
}

/** Says what an answer other than the expected one means for the site. */
export function explainUnexpected(test: ApiTestDefinition, answer: RestAnswer): string {
  const status = answer.status;
  const what = sentence(`Expected HTTP ${test.expectedStatus}, got ${describeAnswer(answer)}`);
  if (test.expectedStatus === 401 && status >= 200 && status < 300) {
    if (test.endpoint.startsWith("/wp/v2/users")) {
      const count = Array.isArray(answer.json) ? answer.json.length : undefined;
      return `${what} The users list is public: anyone can read ${count === undefined ? "the" : count} user name${count === 1 ? "" : "s"} without signing in, so user enumeration is possible. Restrict the users endpoint to signed-in users.`;
    }
    return `${what} The endpoint answers without credentials.`;
  }
  if (status === 401 && test.requiresAuth && restError(answer.json)?.code === "rest_not_logged_in") {
    return `${what} WordPress saw no credentials: the username or application password is wrong, or the web server strips the Authorization header (the settings validator tells which).`;
  }
  if (status === 401) {
    return test.requiresAuth
      ? `${what} WordPress did not accept the application password; check the username and application password.`
      : `${what} The site requires sign-in for an endpoint that is normally public.`;
  }
  if (status === 403) return `${what} The connected account lacks the permission this needs; an administrator account is required.`;
  if (status === 404) {
    const code = restError(answer.json)?.code;
    if (code === "rest_no_route") {
      return test.category === "Custom"
        ? `${what} The site has no such route: the plugin that provides it is not installed or not active.`
        : `${what} The site has no such route: the REST API may be restricted by a plugin.`;
    }
    if (answer.json === undefined) return `${what} No REST API answered at this address; check the site URL.`;
    return `${what} The item was not found.`;
  }
  if (status >= 500) return `${what} The site failed while answering (a server error on the WordPress side).`;
  if (status === 400) return `${what} WordPress refused the request data.`;
  return what;
}
