import compression from "compression";
import { and, desc, eq } from "drizzle-orm";
import express, { type RequestHandler } from "express";
import path from "node:path";
import { apiRouter } from "./api/router";
import { callbackRouter } from "./callback/router";
import type { AdjustableClock } from "./clock";
import type { AppContext } from "./context";
import { capRequestBodies } from "./http/body-limit";
import { refuseCrossSite } from "./http/csrf";
import { logRequests } from "./http/request-log";
import { telephonyEvents } from "./db/schema/index";
import { DATABASE_RETRY_AFTER_SECONDS } from "./db/unavailable";
import { apiErrorHandler, apiNotFound, pageErrorHandler } from "./http/errors";
import { securityHeaders } from "./http/security-headers";
import { mediaFilesRouter } from "./media/router";
import { paymentsWebhookRouter } from "./payments/router";

export interface AppOptions {
  /** The React Router request handler; absent in API-only tests. */
  pageHandler?: RequestHandler;
  /** Built browser assets (production); in development Vite serves them. */
  clientDir?: string;
  /** Vite's dev middleware, development only. */
  devMiddleware?: RequestHandler;
  /** TEST_CLOCK only: the clock `POST /test/clock` moves, and the jobs it then runs (and `GET /test/texts`). */
  testClock?: { clock: AdjustableClock; runJobs(): Promise<void> };
}

export function createApp(ctx: AppContext, options: AppOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-For names the client (TRUST_PROXY; by default only a proxy on this machine).
  app.set("trust proxy", ctx.env.TRUST_PROXY);

  // A request id and logger for each request, and its line when answered; assets' answers are not logged.
  app.use(logRequests(ctx.logger, { ignore: (req) => req.url.startsWith("/assets/") }));
  app.use(securityHeaders({ isProduction: ctx.env.isProduction }));
  // Before any route that changes state: the API and page actions alike.
  app.use(refuseCrossSite({ publicSiteUrl: ctx.env.PUBLIC_SITE_URL }));
  // Every body, API and page actions alike: a declared length over the cap is refused before it is
  // read; bodies without one are counted as they are read (the parsers' limit, the page handler).
  app.use(capRequestBodies({ maxBytes: ctx.env.MAX_BODY_BYTES, ownCaps: ["/api/admin/media"] }));
  // POST /api/callback, with its own body parser and error handler: its small answer is never
  // compressed, and a rush of it should not pay for what it does not use (ADR 0226).
  app.use(callbackRouter(ctx));
  // gzip for HTML, JSON and assets: on a phone connection it is most of the page's load time.
  app.use(compression());

  app.get("/healthz", async (req, res) => {
    try {
      await ctx.database.ping();
      res.json({ status: "ok", database: ctx.database.kind });
    } catch (err) {
      req.log.error({ err }, "health check failed: the database is unreachable");
      res.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(503).json({ status: "unavailable", database: ctx.database.kind, reason: "the database is unreachable" });
    }
  });

  if (options.testClock) {
    const { clock, runJobs } = options.testClock;
    // Tests see an expiry (a deposit hold, a waitlist offer) at once: move the clock, run the jobs that end it.
    app.post("/test/clock", express.json(), async (req, res) => {
      const minutes = Number(req.body?.advanceMinutes);
      if (!Number.isFinite(minutes) || minutes <= 0) {
        res.status(400).json({ error: { code: "VALIDATION_FAILED", message: "advanceMinutes must be a positive number." } });
        return;
      }
      clock.advance(minutes * 60_000);
      await runJobs();
      res.json({ now: clock.now().toISOString() });
    });
    // What the simulated provider texted a number (a pickup code, say), newest first: a browser test
    // reads it here as a database test reads telephony_events (ADR 0168).
    app.get("/test/texts", async (req, res) => {
      const to = typeof req.query.to === "string" ? req.query.to : "";
      const texts = await ctx.database.db
        .select({ body: telephonyEvents.body, at: telephonyEvents.createdAt })
        .from(telephonyEvents)
        .where(and(eq(telephonyEvents.kind, "sms"), eq(telephonyEvents.provider, "simulated"), eq(telephonyEvents.to, to)))
        .orderBy(desc(telephonyEvents.createdAt));
      res.json({ texts });
    });
  }

  // Before the JSON parser: a webhook's signature is over its raw bytes.
  app.use("/api/payments", paymentsWebhookRouter(ctx));
  app.use("/api", express.json({ limit: ctx.env.MAX_BODY_BYTES }), apiRouter(ctx), apiNotFound, apiErrorHandler(ctx.logger));
  // Images uploaded in the admin area, from the database (ADR 0101).
  app.use("/media", mediaFilesRouter(ctx));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    const clientDir = path.resolve(options.clientDir);
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }
  if (options.pageHandler) app.use(options.pageHandler);
  app.use(pageErrorHandler(ctx.logger));
  return app;
}
