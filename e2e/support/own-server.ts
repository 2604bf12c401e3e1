import { test as base } from "./auth";
import { type ExtraServer, startExtraServer } from "./server";

/** This worker's servers for its own-server tests: each test takes a fresh one, used by it alone. */
interface OwnServers {
  /** A server with `env` nobody has used: the one started ahead for it, or a new one. */
  take(env: Record<string, string>): Promise<ExtraServer>;
  /** Kills a used server; its data folder is removed while the next test runs. */
  discard(server: ExtraServer): void;
}

/**
 * For a spec that changes what every visitor sees (published content, say) while other specs assert
 * the defaults on the shared server: each attempt gets its own server (same build, fresh embedded
 * database, the shared test SMTP), and `page`, `request` and `signIn` talk to it.
 */
export const test = base.extend<{ ownServer: { url: string }; ownServerEnv: Record<string, string> }, { ownServers: OwnServers }>({
  /** Settings for this spec's own server only (`test.use({ ownServerEnv: { … } })`). */
  ownServerEnv: [{}, { option: true }],
  ownServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      // Starting a server (copying the migrated database, opening it, the first run of its jobs) took
      // a minute on a loaded machine, before each own-server test's first step. Once a test has its
      // server, the next one with the same settings starts beside it, unused until a later test of
      // this worker takes it: never shared, so still fresh. At most one per setting waits.
      const ahead = new Map<string, Promise<ExtraServer>>();
      const stopping: Promise<void>[] = [];
      const start = (env: Record<string, string>) => {
        const starting = startExtraServer({ env });
        // A start that fails is reported by the test that takes it (after one more try).
        starting.catch(() => {});
        return starting;
      };
      await use({
        take: async (env) => {
          const key = JSON.stringify(Object.entries(env).sort());
          const waiting = ahead.get(key);
          ahead.delete(key);
          // One started ahead that failed (a start that timed out on a loaded machine) is not this
          // test's failure: it gets a new start; only a second failure is reported.
          const started = await (waiting ? waiting.catch(() => start(env)) : start(env));
          ahead.set(key, start(env));
          return started;
        },
        discard: (server) => void stopping.push(server.stop()),
      });
      for (const starting of ahead.values())
        stopping.push(
          starting.then(
            (server) => server.stop(),
            () => {},
          ),
        );
      await Promise.all(stopping);
    },
    { scope: "worker", timeout: 180_000 },
  ],
  ownServer: [
    async ({ ownServerEnv, ownServers }, use, testInfo) => {
      const asked = Date.now();
      const server = await ownServers.take(ownServerEnv);
      // In the report beside the test's time: what its server's start still costs it.
      testInfo.annotations.push({ type: "own server", description: `ready after ${Date.now() - asked} ms` });
      try {
        await use({ url: server.url });
      } finally {
        // Its database is thrown away: nothing to wait for (a graceful stop closes PGlite, seconds on a loaded machine).
        ownServers.discard(server);
      }
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

export { expect } from "./auth";
