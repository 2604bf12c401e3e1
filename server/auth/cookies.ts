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

/**
 * A cookie the page's script may read, holding no secret: only that this browser has a session.
 * Island pages (served the same to everyone) ask the server who is signed in only when it is
 * there, so a visitor's page view costs no session request. The session cookie stays the proof.
 */
export const SIGNED_IN_HINT_COOKIE = "cat_hotel_signed_in";

function hintAttributes(env: CookieEnv, maxAgeSeconds: number): string {
  return attributes(env, maxAgeSeconds).replace("HttpOnly; ", "");
}

/** The session cookie and its hint; both live until the session's absolute expiry (the server enforces the idle one). */
export function sessionCookies(env: CookieEnv, token: string, absoluteExpiresAt: Date, now: Date): string[] {
  const maxAge = (absoluteExpiresAt.getTime() - now.getTime()) / 1000;
  return [`${sessionCookieName(env)}=${token}; ${attributes(env, maxAge)}`, `${SIGNED_IN_HINT_COOKIE}=1; ${hintAttributes(env, maxAge)}`];
}

export function clearedSessionCookies(env: CookieEnv): string[] {
  return [`${sessionCookieName(env)}=; ${attributes(env, 0)}`, `${SIGNED_IN_HINT_COOKIE}=; ${hintAttributes(env, 0)}`];
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
