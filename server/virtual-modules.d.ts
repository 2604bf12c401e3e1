declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

declare module "virtual:island-assets" {
  /** Per island route id: its entry script and the chunks it imports (vite-plugins/islands.ts). */
  const assets: Record<string, { src: string; preload: string[] }>;
  export default assets;
}
