import type { IncomingHttpHeaders } from "node:http";
import { ABORTED_MESSAGE, OutboundRequestError, type SafeHttpClient } from "./http-client";

/**
 * Calls one WordPress site's REST API. A route (`/wp/v2/posts?x=1`) is tried as
 * `<site>/wp-json/wp/v2/posts?x=1`; when that does not answer like the REST API (pretty
 * permalinks off: an HTML page or a plain 404) it falls back to `<site>/?rest_route=/wp/v2/posts&x=1`
 * and remembers which form worked for the rest of the run.
 *
 * REST calls never follow a redirect: a site that sends them elsewhere (http to https, bare
 * domain to www) is saved under the wrong address, and following would turn a POST into a GET
 * and drop the credentials, so every later answer would mislead. It is a REDIRECTED error
 * naming the address to use instead.
 */

export interface SiteCredentials {
  url: string;
  username: string;
  password: string;
}

export interface RestCall {
  method?: string;
  route: string;
  /** Send the application password (Basic auth). */
  auth: boolean;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** Replace the stored credentials (e.g. to check that a wrong password is refused). */
  passwordOverride?: string;
  /** Less than the outbound client's own time-out, for this call. */
  timeoutMs?: number;
}

export interface RestAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
  text: string;
  elapsedMs: number;
  url: string;
}

export type RestUrlMode = "pretty" | "query";

export interface SiteClientOptions {
  /** Stops every call at once: the run's time limit, or the admin's Cancel. */
  signal?: AbortSignal;
}

export interface SiteClient {
  readonly baseUrl: string;
  mode(): RestUrlMode | undefined;
  call(call: RestCall): Promise<RestAnswer>;
  /** A plain (non-REST) GET below the site, e.g. the feed. */
  get(path: string): Promise<RestAnswer>;
  /**
   * The same site without the run's signal and with a short time-out: what a test created is
   * still deleted when the run is stopped in the middle of it.
   */
  forCleanup(timeoutMs: number): SiteClient;
  /** Signs in over XML-RPC, the credentials in the body instead of the Authorization header. */
  xmlRpcSignIn(): Promise<XmlRpcVerdict>;
}

/**
 * What XML-RPC says of the credentials: it reads them from the request body, so it can tell a
 * wrong password from an Authorization header the web server strips, which the REST API (at
 * least in WordPress 6.1) answers alike, with 401 rest_not_logged_in. "unavailable": XML-RPC is
 * off or did not answer as XML-RPC.
 */
export type XmlRpcVerdict = "accepted" | "refused" | "unavailable";

/** Why the REST API answered rest_not_logged_in although credentials were sent, given what XML-RPC says. */
export function noCredentialsSeen(verdict: XmlRpcVerdict): { message: string; headerStripped: boolean | null } {
  switch (verdict) {
    case "accepted":
      return {
        message:
          "The application password is right (WordPress accepts it over XML-RPC), but the REST API saw no credentials (HTTP 401 rest_not_logged_in): the web server strips the Authorization header.",
        headerStripped: true,
      };
    case "refused":
      return { message: "WordPress did not accept the username or application password (HTTP 401 rest_not_logged_in).", headerStripped: false };
    case "unavailable":
      return {
        message:
          "WordPress saw no credentials (HTTP 401 rest_not_logged_in): the username or application password is wrong, or the web server strips the Authorization header.",
        headerStripped: null,
      };
  }
}

/** The site's base URL without query, fragment or trailing slash (a WordPress in a sub-folder keeps its path). */
export function normalizeSiteUrl(raw: string): string {
  const url = new URL(raw.trim());
  url.search = "";
  url.hash = "";
  return url.toString().replace(/\/+$/, "");
}

export function restUrl(baseUrl: string, route: string, mode: RestUrlMode): string {
  const [path = "/", query = ""] = route.split("?", 2);
  if (mode === "pretty") return `${baseUrl}/wp-json${path}${query ? `?${query}` : ""}`;
  const params = new URLSearchParams(query);
  const search = new URLSearchParams({ rest_route: path });
  for (const [k, v] of params) search.append(k, v);
  return `${baseUrl}/?${search.toString()}`;
}

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;
}

/**
 * What to tell the admin about a redirect of `requested` to `location`. When the target keeps the
 * path below the site (the usual http->https or bare->www redirect), it names the site's new address.
 */
export function redirectMessage(baseUrl: string, requested: string, location: string): string {
  const from = new URL(requested);
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    return `The site answers with a redirect to an invalid address (${location}): the REST API does not answer at ${baseUrl}.`;
  }
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, "");
  const below = from.pathname.slice(basePath.length) || "/";
  if (to.pathname.endsWith(below)) {
    const root = to.pathname.slice(0, to.pathname.length - below.length);
    return `The site redirects to ${to.origin}${root}/ — use that address.`;
  }
  to.search = "";
  to.hash = "";
  return `The site redirects ${from.pathname} to ${to.toString()}: the REST API does not answer at ${baseUrl}.`;
}

export function createSiteClient(http: SafeHttpClient, credentials: SiteCredentials, options: SiteClientOptions = {}): SiteClient {
  const baseUrl = normalizeSiteUrl(credentials.url);
  // Shared with the cleanup client: the URL form found once holds for the whole run.
  const state: { mode?: RestUrlMode } = {};
  return bind(http, credentials, baseUrl, state, options.signal, undefined);
}

function bind(
  http: SafeHttpClient,
  credentials: SiteCredentials,
  baseUrl: string,
  state: { mode?: RestUrlMode },
  signal: AbortSignal | undefined,
  defaultTimeoutMs: number | undefined,
): SiteClient {
  const send = async (url: string, call: RestCall, followRedirects: boolean): Promise<RestAnswer> => {
    const headers: Record<string, string> = { accept: "application/json", "user-agent": "CatHotel-WordPress-Tests/1.0", ...call.headers };
    if (call.auth) headers.authorization = basicAuth(credentials.username, call.passwordOverride ?? credentials.password);
    let body: Buffer | undefined = call.body;
    if (call.json !== undefined) {
      body = Buffer.from(JSON.stringify(call.json));
      headers["content-type"] = "application/json";
    }
    const response = await http.request({
      url,
      method: call.method ?? "GET",
      headers,
      body,
      signal,
      timeoutMs: call.timeoutMs ?? defaultTimeoutMs,
      followRedirects,
    });
    const location = response.headers.location;
    if (!followRedirects && response.status >= 300 && response.status < 400 && location) {
      throw new OutboundRequestError("REDIRECTED", redirectMessage(baseUrl, url, location));
    }
    const text = response.body.toString("utf8");
    return { status: response.status, headers: response.headers, json: parseJson(text), text, elapsedMs: response.elapsedMs, url: response.url };
  };

  return {
    baseUrl,
    mode: () => state.mode,
    async call(call) {
      if (state.mode) return send(restUrl(baseUrl, call.route, state.mode), call, false);
      const pretty = await send(restUrl(baseUrl, call.route, "pretty"), call, false);
      if (looksLikeRest(pretty)) {
        state.mode = "pretty";
        return pretty;
      }
      const query = await send(restUrl(baseUrl, call.route, "query"), call, false);
      if (looksLikeRest(query)) {
        state.mode = "query";
        return query;
      }
      return pretty;
    },
    get: (path) => send(`${baseUrl}${path}`, { route: path, auth: false, headers: { accept: "*/*" } }, true),
    forCleanup: (timeoutMs) => bind(http, credentials, baseUrl, state, undefined, timeoutMs),
    async xmlRpcSignIn() {
      const body = Buffer.from(
        `<?xml version="1.0"?><methodCall><methodName>wp.getUsersBlogs</methodName><params><param><value><string>${xmlEscape(credentials.username)}</string></value></param><param><value><string>${xmlEscape(credentials.password)}</string></value></param></params></methodCall>`,
      );
      let answer: RestAnswer;
      try {
        answer = await send(
          `${baseUrl}/xmlrpc.php`,
          { method: "POST", route: "/xmlrpc.php", auth: false, body, headers: { "content-type": "text/xml", accept: "text/xml" } },
          false,
        );
      } catch (error) {
        if (error instanceof OutboundRequestError && error.code === "ABORTED") throw error;
        return "unavailable";
      }
      if (answer.status !== 200) return "unavailable";
      if (/<fault>/.test(answer.text)) return /<name>faultCode<\/name>\s*<value>\s*<int>403<\/int>/.test(answer.text) ? "refused" : "unavailable";
      return /<methodResponse>\s*<params>/.test(answer.text) ? "accepted" : "unavailable";
    },
  };
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What the REST API's index says about the site (only the fields asked for). */
export interface SiteIndex {
  name: string;
  /** Where WordPress serves the site and its REST API (`home_url()`); absent when a plugin strips it. */
  home: string | null;
  namespaces: string[];
}

const INDEX_ROUTE = "/?_fields=name,url,home,namespaces";

/**
 * Is the saved address WordPress's own root? The REST index must answer with WordPress's shape
 * (name, url, namespaces including wp/v2), and the home address it gives must be the saved one:
 * below the root (`/blog`) the `?rest_route=` form still reaches WordPress, so without this check
 * a wrong address would pass as connected. Throws NOT_WORDPRESS or NOT_SITE_ROOT (or a transport
 * error); answers the index and the answer (for its time) otherwise.
 */
export async function checkSiteRoot(site: SiteClient): Promise<{ index: SiteIndex; answer: RestAnswer }> {
  const answer = await site.call({ route: INDEX_ROUTE, auth: false });
  const json = answer.json as { name?: unknown; url?: unknown; home?: unknown; namespaces?: unknown } | undefined;
  if (answer.status !== 200 || !json || typeof json !== "object") {
    throw new OutboundRequestError("NOT_WORDPRESS", `No WordPress REST API answered at ${site.baseUrl} (HTTP ${answer.status}). Check the site URL.`);
  }
  const namespaces = Array.isArray(json.namespaces) ? json.namespaces.filter((n): n is string => typeof n === "string") : [];
  if (typeof json.name !== "string" || typeof json.url !== "string" || !namespaces.includes("wp/v2")) {
    throw new OutboundRequestError(
      "NOT_WORDPRESS",
      `${site.baseUrl} answered, but not with WordPress's REST API index (a name, a url and the wp/v2 namespace). Check the site URL.`,
    );
  }
  const home = typeof json.home === "string" ? json.home : null;
  if (home && !sameAddress(home, site.baseUrl)) {
    throw new OutboundRequestError(
      "NOT_SITE_ROOT",
      `${site.baseUrl} is not the WordPress site's root: WordPress gives its address as ${home} — use that address.`,
    );
  }
  return { index: { name: json.name, home, namespaces }, answer };
}

/** Host and path equal; the scheme may differ (a proxy in front may end TLS). */
function sameAddress(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a), new URL(b)];
    const path = (u: URL) => u.pathname.replace(/\/+$/, "");
    return x.host.toLowerCase() === y.host.toLowerCase() && path(x) === path(y);
  } catch {
    return false;
  }
}

function looksLikeRest(answer: RestAnswer): boolean {
  return String(answer.headers["content-type"] ?? "").includes("json") && answer.json !== undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** WordPress's REST error body: { code, message, data: { status } }. */
export function restError(json: unknown): { code: string; message: string } | undefined {
  if (json && typeof json === "object" && "code" in json && "message" in json) {
    const { code, message } = json as { code: unknown; message: unknown };
    if (typeof code === "string" && typeof message === "string") return { code, message: stripTags(message) };
  }
  return undefined;
}

/** Codes of answers that came from the site (it is reachable, but not as saved). */
export const SITE_ANSWER_CODES: readonly string[] = ["REDIRECTED", "NOT_WORDPRESS", "NOT_SITE_ROOT"];

/**
 * A transport or site error in the admin's words: the site's own problem as it is, a stop by the
 * run's limit or a cancel as such (`stopReason`), anything else as unreachable.
 */
export function siteErrorMessage(error: OutboundRequestError, stopReason: string | null): string {
  if (SITE_ANSWER_CODES.includes(error.code)) return error.message;
  if (error.code === "ABORTED") return `${(stopReason ?? ABORTED_MESSAGE).replace(/\.$/, "")} before the site answered.`;
  return sentence(`Could not reach the WordPress site: ${error.message}`);
}

/** Ends a sentence once: a message that already ends with a full stop (or ? or !) gets no second one. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
