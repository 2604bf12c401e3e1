import { describe, expect, it } from "vitest";
import { indexablePaths, noindexPaths } from "~/domain/public-pages";
import { robotsTxt, sitemapXml } from "./sitemap";

describe("sitemapXml", () => {
  it("lists exactly the indexable pages as absolute URLs", () => {
    const xml = sitemapXml("https://cats.example");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(indexablePaths().map((p) => `https://cats.example${p}`));
    for (const path of noindexPaths) expect(locs).not.toContain(`https://cats.example${path}`);
  });
  it("escapes XML special characters", () => {
    expect(sitemapXml("https://cats.example", ["/a&b"])).toContain("<loc>https://cats.example/a&amp;b</loc>");
  });
});

describe("robotsTxt", () => {
  it("points at the sitemap and blocks nothing, so crawlers can read noindex", () => {
    const txt = robotsTxt("https://cats.example");
    expect(txt).toContain("Sitemap: https://cats.example/sitemap.xml");
    expect(txt).not.toMatch(/Disallow:\s*\S/);
  });
});
