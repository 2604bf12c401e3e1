import type { RequestHandler } from "express";
import fs from "node:fs";
import path from "node:path";

/**
 * Serves the HTML that `prerender` wrote at build time. Those files contain inline
 * scripts, so each response gets the request's CSP nonce stamped into its script tags.
 */
export function prerenderedPages(clientDir: string): RequestHandler {
  const cache = new Map<string, string | null>();

  function read(urlPath: string): string | null {
    if (cache.has(urlPath)) return cache.get(urlPath)!;
    const relative = path.posix.normalize(urlPath).replace(/^\/+/, "");
    const file = path.join(clientDir, relative, "index.html");
    // Prerendering has no nonce, so React wrote empty ones; drop them and stamp the real one per response.
    const html =
      file.startsWith(clientDir) && fs.existsSync(file) ? fs.readFileSync(file, "utf8").replaceAll(' nonce=""', "") : null;
    cache.set(urlPath, html);
    return html;
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const html = read(req.path);
    if (html === null) return next();
    const nonce = res.locals.cspNonce;
    res
      .status(200)
      .type("html")
      .setHeader("Cache-Control", "no-cache")
      .send(html.replaceAll("<script", `<script nonce="${nonce}"`));
  };
}
