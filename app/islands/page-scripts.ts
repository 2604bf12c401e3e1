import islandAssets from "virtual:island-assets";

/**
 * How the browser brings a page to life (ADR 0104):
 * - `router` (the default): React Router hydrates the whole document and navigates client-side;
 * - `island`: only the page's own tree is hydrated, by its entry in app/islands, without the router
 *   runtime (the public pages people land on: less JavaScript before they can read and act);
 * - `none`: a static document, no JavaScript bundle at all.
 * A route declares it with `export const handle: PageHandle`.
 */
export interface PageHandle {
  hydration?: "router" | "island" | "none";
}

export type PageScripts = { kind: "router" } | { kind: "none" } | { kind: "island"; src: string; preload: string[] };

/** An island without a built entry (development) hydrates with the router. */
export function pageScripts(routeId: string | undefined, handle: unknown): PageScripts {
  const hydration = (handle as PageHandle | null | undefined)?.hydration ?? "router";
  if (hydration === "none") return { kind: "none" };
  const assets = hydration === "island" && routeId ? islandAssets[routeId] : undefined;
  return assets ? { kind: "island", ...assets } : { kind: "router" };
}

export const ISLAND_ROOT_ID = "island-root";
export const ISLAND_PROPS_ID = "island-props";

/**
 * Starts an island once the first frame is painted: the HTML, the stylesheet, the fonts and the
 * hero go first on a slow connection, then every chunk of the island is fetched at once
 * (modulepreload for the whole tree, so there is no import waterfall).
 */
export function islandLoaderScript({ src, preload }: { src: string; preload: string[] }): string {
  const files = JSON.stringify(preload).replace(/</g, "\\u003c");
  return (
    `requestAnimationFrame(function(){setTimeout(function(){` +
    `${files}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
    `import(${JSON.stringify(src)})})})`
  );
}
