import { test as base } from "./auth";
import { startExtraServer } from "./server";

/**
 * For a spec that changes what every visitor sees (published content, say) while other specs assert
 * the defaults on the shared server: each attempt gets its own server (same build, fresh embedded
 * database, the shared test SMTP), and `page`, `request` and `signIn` talk to it.
 */
export const test = base.extend<{ ownServer: { url: string } }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startExtraServer();
      try {
        await use({ url: server.url });
      } finally {
        await server.stop("SIGTERM");
      }
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

export { expect } from "./auth";
