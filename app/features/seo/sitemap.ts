import { escapeXml } from "~/lib/xml";
import { indexablePaths } from "~/domain/public-pages";
import { absoluteUrl } from "./site-url";

/** sitemap.xml listing exactly the indexable pages. */
export function sitemapXml(siteUrl: string, paths: readonly string[] = indexablePaths()): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, p))}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * robots.txt: everything may be crawled. Pages kept out of results say so with their own
 * `noindex`, which a crawler can only read if robots.txt lets it fetch them.
 */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}\n`;
}
