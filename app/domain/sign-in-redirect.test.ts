import { describe, expect, it } from "vitest";
import { landingPath, safeRedirectPath } from "./sign-in-redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/admin-backup")).toBe("/admin-backup");
    expect(safeRedirectPath("/account?tab=1#x")).toBe("/account?tab=1#x");
  });

  it("refuses anything that could leave the site", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil",
      "",
      "/x".repeat(300),
      42,
      null,
    ]) {
      expect(safeRedirectPath(bad), String(bad)).toBeNull();
    }
  });

  it("treats the sign-in pages as 'by role'", () => {
    expect(safeRedirectPath("/auth")).toBeNull();
    expect(safeRedirectPath("/auth/verify?token=x")).toBeNull();
    expect(landingPath(null, true)).toBe("/admin");
    expect(landingPath("/auth", false)).toBe("/");
    expect(landingPath("/account", true)).toBe("/account");
    // The home page is everyone's default; an admin's default is the admin area.
    expect(landingPath("/", true)).toBe("/admin");
    expect(landingPath("/", false)).toBe("/");
  });
});
