import path from "node:path";
import type { Plugin } from "vite";

/**
 * Fails the browser build (and the dev server's browser requests) when a module of `server/` ends up in
 * browser code. Route modules may import server modules for their loaders and actions: React Router
 * removes those from the browser's copy first, so only an import the page's own code uses arrives here.
 * Type-only imports are erased before this and are always fine.
 */
export function serverOnly(): Plugin {
  let serverDir = "";
  return {
    name: "cat-hotel:server-only",
    enforce: "pre",
    configResolved(config) {
      serverDir = path.join(config.root, "server") + path.sep;
    },
    load(id) {
      if (this.environment.config.consumer !== "client") return;
      const file = id.split("?")[0]!;
      if (!file.startsWith(serverDir)) return;
      this.error(
        `${path.relative(path.dirname(serverDir), file)} is server-only code but is imported by browser code. ` +
          "Move what the page needs (a list, a schema, a type) to app/ and import it from both sides.",
      );
    },
  };
}
