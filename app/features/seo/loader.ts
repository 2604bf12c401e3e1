import { resolveSiteUrl } from "./site-url";

/** What a page's loader returns so its `meta` can build absolute URLs (see site-url.ts). */
export function seoLoaderData(context: unknown): { siteUrl: string } {
  return { siteUrl: resolveSiteUrl(context) };
}
