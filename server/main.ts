import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createApp } from "./app";
import { adjustableClock } from "./clock";
import type { RequestContext } from "./context";
import { openDatabase } from "./db/client";
import { createFilesPrivately, tightenFolder } from "./db/private-files";
import { loadEnvOrExit } from "./env";
import { rateLimitClient } from "./http/client-address";
import { invalidateSiteContentCache } from "./content/content";
import { createPageCache, publishedContentVersion } from "./http/page-cache";
import { createPageHandler } from "./http/page-handler";
import { publicPages } from "~/domain/public-pages";
import { periodicJobs } from "./jobs";
import { createLogger } from "./logger";
import { createTelephony } from "./telephony/telephony";
import { createMailer } from "./mail/mailer";
import { createPaymentProviders } from "./payments/provider";
import { startPeriodicJobs } from "./periodic-job";
import { afterMessagesQueued } from "./db/transaction";
import { kickMessageQueues } from "./mail/kick";

export interface StartOptions {
  /** The environment as the operator set it (the launcher sets NODE_ENV for React's runtime). */
  configEnv: NodeJS.ProcessEnv;
  vite?: ViteDevServer;
}

/** Starts the one process that serves pages, assets and the JSON API. */
export async function start({ configEnv, vite }: StartOptions) {
  // Everything this process writes (the embedded database's files, backups, the outbox) is its account's alone.
  createFilesPrivately();
  const env = loadEnvOrExit(configEnv);
  const logger = createLogger(env.LOG_LEVEL);

  let database;
  try {
    // Folders an older version (or another tool) left readable by every account are tightened first.
    for (const folder of env.DATABASE_URL ? [env.BACKUP_DIR] : [env.DATA_DIR, env.BACKUP_DIR]) {
      const { changed } = await tightenFolder(folder);
      if (changed > 0) logger.warn({ folder, changed }, `made ${changed} files and folders in ${folder} private to this account (others could read them)`);
    }
    database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, logger } : { dataDir: env.DATA_DIR });
  } catch (error) {
    logger.fatal({ err: error }, `Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }

  const telephony = createTelephony(env, database.db, logger);
  if (telephony.provider === "simulated") logger.info("telephony: Twilio is not configured; calls and SMS are simulated");

  const mailer = createMailer(env, logger);

  const payments = createPaymentProviders(env);
  if (payments.current.name === "simulated") logger.info("payments: Stripe is not configured; deposits are taken by the simulated provider");

  // The jobs' clock and the pages' (a TEST_CLOCK server's moves for both).
  const clock = adjustableClock();
  if (env.TEST_CLOCK) logger.warn("TEST_CLOCK: POST /test/clock moves this server's clock forward");

  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build");

  const pageHandler = createPageHandler({
    build,
    mode: vite ? "development" : "production",
    maxBodyBytes: env.MAX_BODY_BYTES,
    // Every public page but /auth (which sends a signed-in visitor on) is the same for everyone.
    pageCache: vite
      ? undefined
      : createPageCache({
          paths: publicPages.map((p) => p.path).filter((path) => path !== "/auth"),
          version: () => publishedContentVersion(database.db),
          onNewVersion: invalidateSiteContentCache,
        }),
    getLoadContext: (req, res): RequestContext => ({
      env,
      db: database.db,
      logger: req.log,
      telephony,
      mailer,
      payments,
      clock,
      cspNonce: res.locals.cspNonce,
      clientAddress: rateLimitClient(req.ip),
      clientIp: req.ip ?? "unknown",
      failures: { databaseUnavailable: false },
    }),
  });

  // A transaction that queued a message sends it once committed (ADR 0143, 0202).
  afterMessagesQueued(database.db, () => kickMessageQueues({ db: database.db, env, logger, mailer, telephony, clock }));

  const jobs = startPeriodicJobs(periodicJobs, { db: database.db, database, env, logger, mailer, telephony, payments }, clock);

  const app = createApp(
    { env, logger, database, telephony, mailer, payments, clock },
    {
      pageHandler,
      ...(vite ? { devMiddleware: vite.middlewares } : { clientDir: "build/client" }),
      testClock: env.TEST_CLOCK ? { clock, runJobs: jobs.runAll } : undefined,
    },
  );

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, database: database.kind }, `Serving on http://localhost:${port}`);
  });
  // Keep idle connections open longer than the proxies and clients that reuse them (load balancers
  // commonly wait 60 s): a client that sends on a connection the server is just closing gets a reset
  // (ECONNRESET) instead of an answer, which Node's 5 s default made likely between a user's steps.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("error", (error) => {
    logger.fatal({ err: error }, `Cannot listen on port ${env.PORT}: ${error.message}`);
    void database.close().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: no new connections, finishing requests in flight");
    // A request that never ends must not keep the process alive forever.
    const force = setTimeout(() => {
      logger.error("requests still in flight after 10 s; closing them");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    jobs.stop();
    server.close(async () => {
      try {
        await vite?.close();
        await database.close();
        logger.info("stopped");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while closing");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}
