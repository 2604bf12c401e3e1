import type { IncomingHttpHeaders } from "node:http";
import type { SafeHttpClient } from "./http-client";

/**
 * Calls one WordPress site's REST API. A route (`/wp/v2/posts?x=1`) is tried as
 * `<site>/wp-json/wp/v2/posts?x=1`; when that does not answer like the REST API (pretty
 * permalinks off: an HTML page or a plain 404) it falls back to `<site>/?rest_route=/wp/v2/posts&x=1`
 * and remembers which form worked for the rest of the run.
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

export interface SiteClient {
  readonly baseUrl: string;
  mode(): RestUrlMode | undefined;
  call(call: RestCall): Promise<RestAnswer>;
  /** A plain (non-REST) GET below the site, e.g. the feed. */
  get(path: string): Promise<RestAnswer>;
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

export function createSiteClient(http: SafeHttpClient, credentials: SiteCredentials): SiteClient {
  const baseUrl = normalizeSiteUrl(credentials.url);
  let mode: RestUrlMode | undefined;

  const send = async (url: string, call: RestCall): Promise<RestAnswer> => {
    const headers: Record<string, string> = { accept: "application/json", "user-agent": "CatHotel-WordPress-Tests/1.0", ...call.headers };
    if (call.auth) headers.authorization = basicAuth(credentials.username, call.passwordOverride ?? credentials.password);
    let body: Buffer | undefined = call.body;
    if (call.json !== undefined) {
      body = Buffer.from(JSON.stringify(call.json));
      headers["content-type"] = "application/json";
    }
    const response = await http.request({ url, method: call.method ?? "GET", headers, body });
    const text = response.body.toString("utf8");
    return { status: response.status, headers: response.headers, json: parseJson(text), text, elapsedMs: response.elapsedMs, url: response.url };
  };

  return {
    baseUrl,
    mode: () => mode,
    async call(call) {
      if (mode) return send(restUrl(baseUrl, call.route, mode), call);
      const pretty = await send(restUrl(baseUrl, call.route, "pretty"), call);
      if (looksLikeRest(pretty)) {
        mode = "pretty";
        return pretty;
      }
      const query = await send(restUrl(baseUrl, call.route, "query"), call);
      if (looksLikeRest(query)) {
        mode = "query";
        return query;
      }
      return pretty;
    },
    get: (path) => send(`${baseUrl}${path}`, { route: path, auth: false, headers: { accept: "*/*" } }),
  };
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

export function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
}
