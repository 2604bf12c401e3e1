import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { islands } from "./vite-plugins/islands.ts";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
};

// Route modules import `virtual:island-assets` (empty outside a build).
const plugins = [islands()];

// Tests named *.db.test.ts touch the database and run twice: on embedded PGlite and on a PostgreSQL server,
// each file on a copy of a database migrated once per run (globalSetup). Both cores run test files: every
// file has databases of its own. Files share a worker's loaded modules (isolate: false): loading them anew
// for each file was a third of the run, so nothing a file depends on may live at module level unless it is
// keyed by the database (ADR 0138). A file that stubs globals or fakes timers restores them after itself.
const databaseProject = { isolate: false, testTimeout: 20_000, hookTimeout: 60_000, globalSetup: ["server/testing/global-setup.ts"] };

export default defineConfig({
  resolve: { alias },
  plugins,
  test: {
    maxWorkers: 2,
    // Each project has a Vite server of its own, so without this every server module was transformed
    // three times a run (unit, pglite, postgres). Transforms kept on disk, keyed by the source and the
    // configuration, let the other projects of the same run read them instead (ADR 0224).
    experimental: { fsModuleCache: true },
    projects: [
      {
        resolve: { alias },
        plugins,
        test: {
          name: "unit",
          isolate: false,
          // Generous limits: CI may run beside busy loops, and a limit is not what these tests check.
          testTimeout: 30_000,
          setupFiles: ["app/testing-library-setup.ts"],
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
        },
      },
      {
        resolve: { alias },
        plugins,
        test: { name: "pglite", include: ["server/**/*.db.test.ts"], env: { TEST_DB: "pglite" }, ...databaseProject },
      },
      {
        resolve: { alias },
        plugins,
        test: { name: "postgres", include: ["server/**/*.db.test.ts"], env: { TEST_DB: "postgres" }, ...databaseProject },
      },
    ],
  },
});
