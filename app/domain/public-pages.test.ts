import { routeTable } from "@server/testing/route-table";
import { describe, expect, it } from "vitest";
import { indexablePaths, isNoindexPath, noindexPages, publicPages } from "./public-pages";

/** Every route that renders a page (a default export), read from app/routes.ts; resource routes (the sitemap, files) have none. */
const pages = routeTable().filter((r) => !r.layout && /^export default /m.test(r.source));

describe("every page, for search engines", () => {
  it("is an indexable public page (so in the sitemap) or kept out with a reason", () => {
    expect(pages.length).toBeGreaterThan(20);
    const indexable = new Set(indexablePaths());
    for (const page of pages)
      expect(
        indexable.has(page.url) || isNoindexPath(page.url),
        `${page.url} (app/${page.file}) is neither an indexable entry of publicPages (the sitemap) nor under an entry of noindexPages with its reason`,
      ).toBe(true);
  });

  it("has its own meta; a page kept out says noindex in it", () => {
    for (const page of pages) {
      expect(/^export (const|function) meta\b/m.test(page.source), `${page.url} (app/${page.file}) exports no meta`).toBe(true);
      if (isNoindexPath(page.url))
        expect(
          /noindexMeta\(|adminMeta\(|noindex: true|content: "noindex/.test(page.source),
          `${page.url} (app/${page.file}) is in noindexPages but its meta says no noindex`,
        ).toBe(true);
    }
  });

  it("lists only pages that exist, an indexable one never kept out", () => {
    const urls = new Set(pages.map((p) => p.url));
    for (const { path } of publicPages) expect(urls.has(path), `publicPages lists ${path}, which app/routes.ts has no page for`).toBe(true);
    for (const path of indexablePaths()) expect(isNoindexPath(path), `${path} is indexable and in noindexPages`).toBe(false);
    for (const [path, reason] of Object.entries(noindexPages)) {
      expect(
        [...urls].some((url) => url === path || url.startsWith(`${path}/`)),
        `noindexPages lists ${path}, which covers no page`,
      ).toBe(true);
      expect(reason.length, `${path} needs its reason`).toBeGreaterThan(10);
    }
  });
});
