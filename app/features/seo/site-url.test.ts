import { describe, expect, it } from "vitest";
import { FALLBACK_SITE_URL, absoluteUrl, resolveSiteUrl } from "./site-url";

describe("resolveSiteUrl", () => {
  it("prefers the request context's configuration", () => {
    expect(resolveSiteUrl({ env: { PUBLIC_SITE_URL: "https://cats.example/" } }, { PUBLIC_SITE_URL: "https://other.example" })).toBe("https://cats.example");
  });
  it("falls back to the process environment when there is no request context", () => {
    expect(resolveSiteUrl(undefined, { PUBLIC_SITE_URL: "https://build.example" })).toBe("https://build.example");
    expect(resolveSiteUrl({}, { PUBLIC_SITE_URL: "https://build.example" })).toBe("https://build.example");
  });
  it("ends at localhost when nothing is configured", () => {
    expect(resolveSiteUrl(undefined, {})).toBe(FALLBACK_SITE_URL);
  });
});

describe("absoluteUrl", () => {
  it("joins the origin and a path", () => {
    expect(absoluteUrl("https://cats.example", "/terms")).toBe("https://cats.example/terms");
    expect(absoluteUrl("https://cats.example", "/")).toBe("https://cats.example/");
  });
});
