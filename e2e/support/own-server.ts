import { test as base } from "./auth";
import { startExtraServer } from "./server";

/**
 * For a spec that changes what every visitor sees (published content, say) while other specs assert
 * the defaults on the shared server: each attempt gets its own server (same build, fresh embedded
 * database, the shared test SMTP), and `page`, `request` and `signIn` talk to it.
 */
export const test = base.extend<{ ownServer: { url: string }; ownServerEnv: Record<string, string> }>({
  /** Settings for this spec's own server only (`test.use({ ownServerEnv: { … } })`). */
  ownServerEnv: [{}, { option: true }],
  ownServer: [
    async ({ ownServerEnv }, use) => {
      const server = await startExtraServer({ env: ownServerEnv });
      try {
        await use({ url: server.url });
      } finally {
        // Its database is thrown away: nothing to wait for (a graceful stop closes PGlite, seconds on a loaded machine).
        await server.stop();
      }
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

export { expect } from "./auth";
