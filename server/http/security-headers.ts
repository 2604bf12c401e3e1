import type { RequestHandler } from "express";
import crypto from "node:crypto";

/**
 * Third parties the pages embed. The CSP allows exactly these and nothing else.
 * Add an origin here only together with the page that embeds it.
 */
export const EMBED_ORIGINS = {
  video: "https://www.youtube-nocookie.com",
  map: "https://www.google.com",
  scheduler: "https://api.leadconnectorhq.com",
} as const;

/** The scheduler's form-embed script (sizes the scheduler frame to its content). */
export const SCHEDULER_SCRIPT_URL = "https://link.msgsndr.com/js/form_embed.js";

/**
 * Third-party scripts allowed on one page only: the page that embeds them. Those pages are
 * linked with plain links (full page loads), so the policy always matches the page shown.
 */
export const PAGE_SCRIPT_ORIGINS: Readonly<Record<string, readonly string[]>> = {
  "/book-online": [new URL(SCHEDULER_SCRIPT_URL).origin],
};

export function contentSecurityPolicy(nonce: string, isProduction: boolean, extraScriptOrigins: readonly string[] = []): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...extraScriptOrigins].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // 'self': the Documents queue shows a customer's PDF certificate in a frame (ADR 0120).
    `frame-src 'self' ${EMBED_ORIGINS.video} ${EMBED_ORIGINS.map} ${EMBED_ORIGINS.scheduler}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  if (isProduction) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      cspNonce: string;
    }
  }
}

/**
 * A JSON answer runs no script and embeds nothing, so the API's policy allows nothing and needs no
 * nonce: the same headers for every answer, made once (ADR 0212).
 */
function apiHeaders(isProduction: boolean): [string, string][] {
  return [
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ...(isProduction ? ([["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]] as [string, string][]) : []),
  ];
}

export function securityHeaders({ isProduction }: { isProduction: boolean }): RequestHandler {
  const forApi = apiHeaders(isProduction);
  return (req, res, next) => {
    if (req.path.startsWith("/api/")) {
      for (const [name, value] of forApi) res.setHeader(name, value);
      next();
      return;
    }
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, isProduction, PAGE_SCRIPT_ORIGINS[req.path]));
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (isProduction) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}
