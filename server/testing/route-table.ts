import type { RouteConfigEntry } from "@react-router/dev/routes";
import fs from "node:fs";
import path from "node:path";
import routes from "~/routes";

export interface RouteRow {
  /** The full address pattern: "/admin/customers/:householdId"; "/" for the home page; "/*" for the catch-all. */
  url: string;
  /** The module, relative to app/: "routes/admin/customers.$householdId.tsx". */
  file: string;
  /** React Router's route id: the module without its extension. */
  id: string;
  /** A layout: it wraps other routes (the admin layout, the customer pages' layout). */
  layout: boolean;
  /** The module's source, for checks that read what it declares. */
  source: string;
}

/** Every route of app/routes.ts, flattened with its full address: the source of truth the registry checks read. */
export function routeTable(entries: readonly RouteConfigEntry[] = routes, parent = ""): RouteRow[] {
  return entries.flatMap((entry) => {
    const full = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    const own: RouteRow = {
      url: `/${full}`,
      file: entry.file,
      id: entry.id ?? entry.file.replace(/\.[^.]+$/, ""),
      layout: (entry.children?.length ?? 0) > 0,
      source: fs.readFileSync(path.resolve("app", entry.file), "utf8"),
    };
    return [own, ...routeTable(entry.children ?? [], full)];
  });
}

/** A page's address with each `:param` filled in, so it can be requested or matched. */
export const sampleUrl = (url: string) => url.replace(/:[^/]+/g, "5b0f9c55-3f3c-4f6e-9d1e-0a8f5b7f3a11");
