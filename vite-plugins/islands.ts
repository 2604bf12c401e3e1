import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ISLAND_ENTRIES } from "../app/islands/entries.ts";

const VIRTUAL_ID = "virtual:island-assets";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * Builds each page island (app/islands/*.client.tsx) as its own entry of the client build and
 * tells the server build their hashed file names, through `virtual:island-assets`:
 * `{ [routeId]: { src, preload } }`. The client build writes the list beside the build output;
 * the server build, which runs after it, inlines it. In development and in the browser the
 * module is empty, and island pages hydrate with the router instead.
 */
export function islands(): Plugin {
  let root = process.cwd();
  let outDir = "build";
  let isBuild = false;
  const manifestPath = () => path.join(root, outDir, "island-assets.json");

  return {
    name: "cat-hotel:islands",
    configResolved(config) {
      root = config.root;
      isBuild = config.command === "build";
      // build/client or build/server: the list lives in build/.
      outDir = path.dirname(path.relative(root, path.resolve(root, config.build.outDir)));
    },
    buildStart() {
      if (!isBuild || this.environment.config.consumer !== "client") return;
      for (const [routeId, file] of Object.entries(ISLAND_ENTRIES))
        this.emitFile({ type: "chunk", id: path.join(root, file), name: `island-${routeId.replace(/\W+/g, "-")}` });
    },
    generateBundle(_options, bundle) {
      if (!isBuild || this.environment.config.consumer !== "client") return;
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // Everything an island imports statically, so the page can ask for it all at once.
      const staticImports = (fileName: string, seen = new Set<string>()): Set<string> => {
        for (const dep of byFile.get(fileName)?.imports ?? [])
          if (!seen.has(dep)) {
            seen.add(dep);
            staticImports(dep, seen);
          }
        return seen;
      };
      const assets: Record<string, { src: string; preload: string[] }> = {};
      for (const [routeId, file] of Object.entries(ISLAND_ENTRIES)) {
        const chunk = chunks.find((c) => c.isEntry && c.facadeModuleId === path.join(root, file));
        if (!chunk) throw new Error(`The island ${file} was not built`);
        assets[routeId] = { src: `/${chunk.fileName}`, preload: [...staticImports(chunk.fileName)].map((f) => `/${f}`) };
      }
      fs.mkdirSync(path.dirname(manifestPath()), { recursive: true });
      fs.writeFileSync(manifestPath(), JSON.stringify(assets, null, 2));
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (!isBuild || this.environment.config.consumer !== "server") return "export default {};";
      if (!fs.existsSync(manifestPath())) throw new Error("The server build needs the client build's island list: run `react-router build`");
      return `export default ${fs.readFileSync(manifestPath(), "utf8")};`;
    },
  };
}
