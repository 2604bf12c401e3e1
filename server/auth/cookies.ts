import type { Env } from "../env";

type CookieEnv = Pick<Env, "isProduction">;

/**
 * In production the `__Host-` prefix makes the browser insist on Secure, Path=/ and no Domain, so
 * neither a subdomain nor plain HTTP can plant or read it.
 */
export function sessionCookieName(env: CookieEnv): string {
  return env.isProduction ? "__Host-cat_hotel_session" : "cat_hotel_session";
}

function attributes(env: CookieEnv, maxAgeSeconds: number): string {
  const parts = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (env.isProduction) parts.push("Secure");
  return parts.join("; ");
}

/** The cookie lives until the session's absolute expiry; the server enforces the idle one. */
export function sessionCookie(env: CookieEnv, token: string, absoluteExpiresAt: Date, now = new Date()): string {
  return `${sessionCookieName(env)}=${token}; ${attributes(env, (absoluteExpiresAt.getTime() - now.getTime()) / 1000)}`;
}

export function clearedSessionCookie(env: CookieEnv): string {
  return `${sessionCookieName(env)}=; ${attributes(env, 0)}`;
}

/** One cookie's value from a Cookie header; null when absent. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

export function readSessionToken(env: CookieEnv, cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, sessionCookieName(env));
}
