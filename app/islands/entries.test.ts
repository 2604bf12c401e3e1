import fs from "node:fs";
import path from "node:path";
import { routeTable } from "@server/testing/route-table";
import { describe, expect, it } from "vitest";
import { ISLAND_ENTRIES } from "./entries";

const routes = routeTable();
const isIslandPage = (source: string) => /hydration: "island"/.test(source);

describe("the island entries the build knows", () => {
  it("has one for every page hydrated as an island", () => {
    const islandPages = routes.filter((r) => isIslandPage(r.source));
    expect(islandPages.length).toBeGreaterThan(0);
    for (const page of islandPages)
      expect(ISLAND_ENTRIES, `${page.url} (app/${page.file}) is hydrated as an island but has no entry in app/islands/entries.ts`).toHaveProperty([page.id]);
  });

  it("names only island pages, each with a module that exists", () => {
    for (const [routeId, file] of Object.entries(ISLAND_ENTRIES)) {
      const route = routes.find((r) => r.id === routeId);
      expect(route, `app/islands/entries.ts lists ${routeId}, which is no route of app/routes.ts`).toBeDefined();
      expect(isIslandPage(route!.source), `${routeId} has an island entry but its handle does not say hydration: "island"`).toBe(true);
      expect(fs.existsSync(file), `${routeId}'s island ${file} does not exist`).toBe(true);
    }
  });

  it("builds every island module (app/islands/*.client.tsx)", () => {
    const entries = new Set<string>(Object.values(ISLAND_ENTRIES));
    for (const name of fs.readdirSync("app/islands").filter((f) => f.endsWith(".client.tsx")))
      expect(entries.has(path.posix.join("app/islands", name)), `app/islands/${name} is in no entry of app/islands/entries.ts`).toBe(true);
  });
});
