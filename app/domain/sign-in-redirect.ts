const BASE = "http://same-site.invalid";

/**
 * Where to send someone after sign-in: only a path on this site ("/admin-backup", "/account?x=1").
 * Anything else (absolute URLs, "//evil.example", backslash tricks, control characters) is refused
 * and null returned, which means "by role": admins to /admin, others to /. The sign-in pages
 * themselves also mean "by role".
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 512) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // Browsers read "\" as "/", so "/\evil.example" would leave the site; control characters hide tricks.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The landing page after sign-in: the page the visitor started from; from the home page, or with
 * no page given, by role (spec: an admin goes to /admin, others to /).
 */
export function landingPath(redirectTo: string | null, isAdmin: boolean): string {
  const path = safeRedirectPath(redirectTo);
  if (path && path !== "/") return path;
  return isAdmin ? "/admin" : "/";
}
