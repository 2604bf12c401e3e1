import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ISLAND_ENTRIES } from "../app/islands/entries.ts";

const VIRTUAL_ID = "virtual:island-assets";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type ModuleInfoLike = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;

/** The import path from `entry` to the react-router package, if the module graph has one (breadth first: the shortest). */
function routerImportChain(entry: string, info: (id: string) => ModuleInfoLike): string[] | null {
  const isRouter = (id: string) => /[\\/]node_modules[\\/](react-router|@react-router[\\/][^\\/]+)[\\/]/.test(id);
  const from = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (isRouter(id)) {
      const chain: string[] = [];
      for (let at: string | null = id; at; at = from.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    const module = info(id);
    for (const next of [...(module?.importedIds ?? []), ...(module?.dynamicallyImportedIds ?? [])])
      if (!from.has(next)) {
        from.set(next, id);
        queue.push(next);
      }
  }
  return null;
}

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
    buildEnd(error) {
      if (error || !isBuild || this.environment.config.consumer !== "client") return;
      // An island runs without the router runtime: Link, Form, useFetcher or any router hook in its
      // module graph would fail only at hydration. Refuse the build instead, naming the import chain.
      for (const file of Object.values(ISLAND_ENTRIES)) {
        const chain = routerImportChain(path.join(root, file), (id) => this.getModuleInfo(id));
        if (chain)
          this.error(
            `The island ${file} reaches react-router through ${chain.map((id) => path.relative(root, id)).join(" -> ")}. ` +
              "Islands have no router: use plain links and NavigateContext (ADR 0104), or hydrate the page with the router.",
          );
      }
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
