import { routeTable } from "@server/testing/route-table";
import { describe, expect, it } from "vitest";
import { type ROLES, ROLE_PERMISSIONS } from "~/domain/roles";
import { ADMIN_SECTIONS, ADMIN_SUB_PAGES, sectionsFor } from "./shared";

/** The admin's pages, read from app/routes.ts: a page added there is checked without being listed here. */
const adminPages = routeTable().filter((r) => !r.layout && (r.url === "/admin" || r.url.startsWith("/admin/")));

describe("the admin menu", () => {
  it("links every admin page, or names it as a page reached from another one", () => {
    expect(adminPages.length).toBeGreaterThan(5);
    const menu = new Set<string>(ADMIN_SECTIONS.map((s) => s.to));
    for (const page of adminPages)
      expect(
        menu.has(page.url) || page.url in ADMIN_SUB_PAGES,
        `${page.url} (app/${page.file}) is neither in the admin menu (ADMIN_SECTIONS) nor in ADMIN_SUB_PAGES, which says where it is reached from`,
      ).toBe(true);
  });

  it("lists only pages that exist, each once", () => {
    const urls = new Set(adminPages.map((p) => p.url));
    for (const to of [...ADMIN_SECTIONS.map((s) => s.to), ...Object.keys(ADMIN_SUB_PAGES)])
      expect(urls.has(to), `${to} is listed for the admin area but app/routes.ts has no such page`).toBe(true);
    expect(new Set(ADMIN_SECTIONS.map((s) => s.label)).size).toBe(ADMIN_SECTIONS.length);
  });

  it("shows each role only the sections it may open (ADR 0185)", () => {
    const labels = (role: (typeof ROLES)[number]) => sectionsFor(ROLE_PERMISSIONS[role]).map((s) => s.label);
    expect(labels("owner")).toEqual(ADMIN_SECTIONS.map((s) => s.label));
    expect(labels("front_desk")).toEqual(["Stays and occupancy", "Messages", "Vaccine records"]);
    expect(labels("manager")).not.toContain("Team");
    expect(labels("manager")).not.toContain("Content");
    expect(labels("care")).toEqual([]);
  });
});
