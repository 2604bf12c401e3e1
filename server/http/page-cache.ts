import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { type Db, rowsOf } from "../db/client";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * The public pages' HTML, rendered once per published content version (ADR 0119). The pages are the
 * same for every visitor (who is signed in is asked by the page's script), so the first GET of a
 * version renders it, and the others get the stored bytes, already compressed.
 *
 * - The version is read per request, one indexed query: publishing in any process changes it, so
 *   every process serves the new page from its next request.
 * - The CSP of a stored page allows its inline scripts by their SHA-256 instead of the render's
 *   nonce: the bytes are the same for everyone, and no nonce is ever reused.
 * - Only a plain GET of a listed path (no query string, so previews and the like are rendered) with
 *   a 200 HTML answer that sets no cookie is stored.
 */
export interface PageCache {
  /** The stored page for this request, or null (not cacheable, not stored yet, or an older version). */
  lookup(req: ExpressRequest): Promise<{ key: string; version: string; hit: StoredPage | null } | null>;
  store(key: string, version: string, response: Response): Promise<StoredPage | null>;
}

export interface StoredPage {
  version: string;
  status: number;
  headers: [string, string][];
  /** The CSP's script sources for the page's inline scripts. */
  scriptHashes: string[];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** The published content's version: changes with every publish and every revert, in any process. */
export async function publishedContentVersion(db: Db): Promise<string> {
  const [row] = await rowsOf<{ version: string }>(
    db,
    sql`select coalesce(max(id), 0) || '.' || count(*) as version from site_content_revisions where status = 'published'`,
  );
  return row?.version ?? "0.0";
}

export function createPageCache(options: {
  paths: readonly string[];
  version: () => Promise<string>;
  /** Called when another version is seen: the content the pages are rendered from must be read again, not taken from a short-lived cache. */
  onNewVersion: () => void;
}): PageCache {
  const paths = new Set(options.paths);
  const pages = new Map<string, StoredPage>();
  let lastVersion: string | null = null;
  return {
    async lookup(req) {
      if ((req.method !== "GET" && req.method !== "HEAD") || !paths.has(req.path) || req.originalUrl !== req.path) return null;
      const version = await options.version();
      if (version !== lastVersion) {
        lastVersion = version;
        options.onNewVersion();
      }
      const hit = pages.get(req.path);
      return { key: req.path, version, hit: hit?.version === version ? hit : null };
    },
    async store(key, version, response) {
      if (response.status !== 200 || response.headers.has("set-cookie") || !response.headers.get("content-type")?.startsWith("text/html")) return null;
      const identity = Buffer.from(await response.arrayBuffer());
      const page: StoredPage = {
        version,
        status: response.status,
        headers: [...response.headers.entries()].filter(([name]) => !["content-length", "content-encoding"].includes(name.toLowerCase())),
        scriptHashes: inlineScriptHashes(identity.toString("utf8")),
        identity,
        gzip: await gzip(identity, { level: 9 }),
        br: await brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      };
      pages.set(key, page);
      return page;
    },
  };
}

/** The 'sha256-…' sources of a page's inline scripts that run (not JSON data blocks, which CSP does not govern). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = /\btype="([^"]*)"/i.exec(match[1] ?? "")?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(
      `'sha256-${crypto
        .createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** Sends a stored page: its compressed bytes as the client accepts them, its CSP by hashes. */
export function sendStoredPage(req: ExpressRequest, res: ExpressResponse, page: StoredPage) {
  const nonce = res.locals.cspNonce as string | undefined;
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string" && nonce)
    res.setHeader("Content-Security-Policy", policy.replace(`'nonce-${nonce}'`, page.scriptHashes.join(" ") || "'none'"));
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  // Brotli whenever it is accepted: browsers name gzip first with the same weight ("gzip, deflate, br,
  // zstd"), and the home page's brotli is a quarter smaller (14.7 against 19.5 KB), one round trip less
  // on a slow phone connection before the page can be drawn (ADR 0225).
  const accepted = req.acceptsEncodings("br") || req.acceptsEncodings("gzip", "identity");
  const [encoding, body] = accepted === "br" ? ["br", page.br] : accepted === "gzip" ? ["gzip", page.gzip] : ["identity", page.identity];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}
