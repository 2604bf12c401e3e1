/**
 * The site's public origin, for canonical URLs, Open Graph tags, the sitemap and JSON-LD.
 *
 * Server-rendered requests (every page) read it from the validated configuration (`context.env`).
 * Without a request context (a page prerendered at build time, should one ever be) the build's own
 * environment (`PUBLIC_SITE_URL`) decides.
 */
export const FALLBACK_SITE_URL = "http://localhost:3000";

interface MaybeEnvContext {
  env?: { PUBLIC_SITE_URL?: string };
}

export function resolveSiteUrl(context?: unknown, processEnv: NodeJS.ProcessEnv = process.env): string {
  const fromContext = (context as MaybeEnvContext | undefined)?.env?.PUBLIC_SITE_URL;
  const raw = fromContext || processEnv.PUBLIC_SITE_URL || FALLBACK_SITE_URL;
  return raw.replace(/\/+$/, "");
}

/** An absolute URL on this site for a path ("/" stays the bare origin with a slash). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path.startsWith("/") ? path : `/${path}`}`;
}
