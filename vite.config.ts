import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { islands } from "./vite-plugins/islands.ts";
import { serverOnly } from "./vite-plugins/server-only.ts";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  // The whole Node server (Express, API, database) is the SSR entry, so the
  // route modules and the API share one instance of every server module.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" } : { target: "es2022" },
  plugins: [tailwindcss(), reactRouter(), islands(), serverOnly()],
}));
