import type { EntryContext, ServerBuild } from "react-router";
import { handleError } from "~/entry.server";

/**
 * A server build with real route modules (`{ "routes/x": { path, module } }`, children of an empty
 * root) for tests that send HTTP requests through the page handler. Its document "render" reports
 * what the router decided (status and action data) instead of rendering React, which such a test
 * does not need; resource routes answer as they do in production.
 */
export function testPageBuild(routes: Record<string, { path: string; module: unknown }>): ServerBuild {
  return {
    entry: {
      module: {
        handleError,
        default: (_request: Request, status: number, headers: Headers, context: EntryContext) =>
          new Response(JSON.stringify({ actionData: context.staticHandlerContext.actionData }), { status, headers }),
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      // A page at "" is the root's index route (the home page).
      ...Object.fromEntries(
        Object.entries(routes).map(([id, { path, module }]) => [
          id,
          path === "" ? { id, parentId: "root", index: true, module } : { id, parentId: "root", path, module },
        ]),
      ),
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
