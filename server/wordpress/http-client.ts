import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * Outbound HTTP to a URL an admin typed in (the WordPress site), safe against SSRF:
 * - http and https only;
 * - the address actually connected to is checked at connect time (inside the socket's DNS
 *   lookup, so a name that re-binds between checks cannot slip through), and private, loopback,
 *   link-local, CGNAT, ULA, multicast, reserved and IPv4-mapped/translated addresses are refused;
 * - unless the URL's host (or host:port) is on the configured allowlist (WORDPRESS_ALLOWED_HOSTS);
 * - redirects are followed by hand (at most 3), each hop checked again, credentials dropped
 *   when the origin changes; or not at all (`followRedirects: false`), the 3xx answered as it is;
 * - one deadline for the whole exchange (10 s unless the request asks for less) and a cap on the
 *   body (1 MB);
 * - an AbortSignal stops the exchange at once (a run's time limit, or the admin's Cancel).
 * Node's built-in fetch takes no agent or lookup hook, hence node:http/https.
 */

export type OutboundErrorCode =
  | "INVALID_URL"
  | "BLOCKED_PROTOCOL"
  | "BLOCKED_ADDRESS"
  | "DNS_FAILED"
  | "CONNECTION_FAILED"
  | "TIMEOUT"
  | "TOO_LARGE"
  | "TOO_MANY_REDIRECTS"
  /** The request's signal stopped it (a time limit or a cancel): the site may have been about to answer. */
  | "ABORTED"
  // Raised by the site client about what answered (site-client.ts), not by this transport.
  | "REDIRECTED"
  | "NOT_WORDPRESS"
  | "NOT_SITE_ROOT";

export class OutboundRequestError extends Error {
  override name = "OutboundRequestError";
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface OutboundRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Less than the client's time-out for this one request (never more). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** false: a 3xx comes back as the answer instead of being followed. */
  followRedirects?: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
  redirects: number;
  elapsedMs: number;
}

export interface SafeHttpClientOptions {
  /** Entries `host` (any port) or `host:port`; IPv6 as `[::1]:8080`. Lower-case. */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
}

export interface SafeHttpClient {
  request(request: OutboundRequest): Promise<OutboundResponse>;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;

// Two lists: Node's BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too, which
// would make the mapped-range rule below block every IPv4 address.
const blockedV4 = new net.BlockList();
const blockedV6 = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["::ffff:0:0", 96], // IPv4-mapped
  ["64:ff9b::", 96], // NAT64: an IPv4 address in disguise
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local (ULA)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is one the tooling must never reach on its own (not a public unicast address). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 0) return true;
  try {
    return family === 4 ? blockedV4.check(bare, "ipv4") : blockedV6.check(bare, "ipv6");
  } catch {
    return true;
  }
}

interface AllowEntry {
  host: string;
  port?: string;
}

function parseAllowEntry(entry: string): AllowEntry | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/.exec(entry.trim().toLowerCase());
  if (!match?.[1]) return undefined;
  return { host: match[1].replace(/^\[|\]$/g, ""), port: match[2] };
}

function defaultPort(protocol: string): string {
  return protocol === "https:" ? "443" : "80";
}

export function createSafeHttpClient(options: SafeHttpClientOptions = {}): SafeHttpClient {
  const allow = (options.allowedHosts ?? []).map(parseAllowEntry).filter((e): e is AllowEntry => e !== undefined);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;

  const isAllowlisted = (url: URL) => {
    const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const port = url.port || defaultPort(url.protocol);
    return allow.some((e) => e.host === host && (e.port === undefined || e.port === port));
  };

  return {
    async request(request) {
      const started = performance.now();
      const limitMs = Math.min(timeoutMs, request.timeoutMs ?? timeoutMs);
      const deadline = Date.now() + limitMs;
      let url = parseTarget(request.url);
      let method = (request.method ?? "GET").toUpperCase();
      let headers = { ...request.headers };
      let body = request.body;
      for (let redirects = 0; ; redirects++) {
        const response = await exchange(url, method, headers, body, {
          allowlisted: isAllowlisted(url),
          deadline,
          limitMs,
          maxBodyBytes,
          signal: request.signal,
        });
        const location = response.headers.location;
        if (![301, 302, 303, 307, 308].includes(response.status) || !location || request.followRedirects === false) {
          return { ...response, url: url.toString(), redirects, elapsedMs: Math.round(performance.now() - started) };
        }
        if (redirects >= maxRedirects) {
          throw new OutboundRequestError("TOO_MANY_REDIRECTS", `Stopped after ${maxRedirects} redirects.`);
        }
        const next = parseTarget(location, url);
        if (next.origin !== url.origin) {
          // Never hand the site's credentials to wherever it redirects.
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !["authorization", "cookie"].includes(k.toLowerCase())));
        }
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !["content-type", "content-length"].includes(k.toLowerCase())));
        }
        url = next;
      }
    },
  };
}

function parseTarget(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundRequestError("INVALID_URL", "The address is not a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundRequestError("BLOCKED_PROTOCOL", `Only http and https addresses are allowed, not ${url.protocol.replace(/:$/, "")}.`);
  }
  if (url.username || url.password) {
    throw new OutboundRequestError("INVALID_URL", "Addresses with a user name or password in them are not allowed.");
  }
  return url;
}

function blockedError(host: string): OutboundRequestError {
  return new OutboundRequestError("BLOCKED_ADDRESS", `Refused to connect to ${host}: it is a private, local or reserved network address.`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A DNS lookup for the socket that refuses the connection when any resolved address is blocked. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(new OutboundRequestError("DNS_FAILED", `Could not resolve ${hostname}.`) as NodeJS.ErrnoException, []);
      return;
    }
    if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address))) {
      callback(blockedError(hostname) as NodeJS.ErrnoException, []);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

interface ExchangeOptions {
  allowlisted: boolean;
  deadline: number;
  /** The whole exchange's time-out, for the message. */
  limitMs: number;
  maxBodyBytes: number;
  signal?: AbortSignal;
}

function timeoutError(limitMs: number): OutboundRequestError {
  const seconds = Math.round(limitMs / 100) / 10;
  return new OutboundRequestError("TIMEOUT", `The site did not answer within ${seconds} second${seconds === 1 ? "" : "s"}.`);
}

export const ABORTED_MESSAGE = "Stopped before the site answered.";

function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  options: ExchangeOptions,
): Promise<Pick<OutboundResponse, "status" | "headers" | "body">> {
  return new Promise((resolve, reject) => {
    const hostname = url.hostname.replace(/^\[|\]$/g, "");
    // A literal IP skips DNS (and so the lookup hook): check it here.
    if (!options.allowlisted && net.isIP(hostname) && isBlockedAddress(hostname)) {
      reject(blockedError(url.hostname));
      return;
    }
    if (options.signal?.aborted) {
      reject(new OutboundRequestError("ABORTED", ABORTED_MESSAGE));
      return;
    }
    const remaining = options.deadline - Date.now();
    if (remaining <= 0) {
      reject(timeoutError(options.limitMs));
      return;
    }
    const transport = url.protocol === "https:" ? https : http;
    const payload = body === undefined ? undefined : Buffer.from(body);
    const req = transport.request(url, {
      method,
      headers: payload ? { ...headers, "content-length": String(payload.length) } : headers,
      agent: false,
      lookup: options.allowlisted ? undefined : (guardedLookup as unknown as net.LookupFunction),
    });
    let settled = false;
    const fail = (error: OutboundRequestError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      req.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(timeoutError(options.limitMs)), remaining);
    const onAbort = () => fail(new OutboundRequestError("ABORTED", ABORTED_MESSAGE));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    req.on("error", (error: Error) => {
      if (error instanceof OutboundRequestError) fail(error);
      else fail(new OutboundRequestError("CONNECTION_FAILED", `Could not connect to ${url.host}: ${describeNetworkError(error)}.`));
    });
    req.on("response", (res) => {
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
        fail(tooLarge(options.maxBodyBytes));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBodyBytes) fail(tooLarge(options.maxBodyBytes));
        else chunks.push(chunk);
      });
      res.on("error", (error) => fail(new OutboundRequestError("CONNECTION_FAILED", `The connection broke: ${describeNetworkError(error)}.`)));
      res.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.end(payload);
  });
}

function tooLarge(max: number): OutboundRequestError {
  return new OutboundRequestError("TOO_LARGE", `The answer is larger than ${Math.round(max / 1024)} KB.`);
}

function describeNetworkError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "host unreachable";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host not found";
    case "CERT_HAS_EXPIRED":
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "SELF_SIGNED_CERT_IN_CHAIN":
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "ERR_TLS_CERT_ALTNAME_INVALID":
      return `TLS certificate problem (${code})`;
    default:
      return code ?? error.message;
  }
}
