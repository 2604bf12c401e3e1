import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { type AppOptions, createApp } from "../app";
import { systemClock } from "../clock";
import { afterMessagesQueued } from "../db/transaction";
import { kickMessageQueues } from "../mail/kick";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { createPageHandler } from "../http/page-handler";
import { type Env, loadEnv } from "../env";
import { createLogger } from "../logger";
import { createTelephony, type TelephonyOptions } from "../telephony/telephony";
import { createMailer } from "../mail/mailer";
import { type PaymentProviders, createPaymentProviders } from "../payments/provider";
import { testRequestContext } from "./request-context";

export interface TestServer {
  url: string;
  env: Env;
  close(): Promise<void>;
}

/**
 * The real Express app (API, headers, errors) on an ephemeral port, against a test database.
 * `telephony.twilioHttpClient` fakes the Twilio SDK's HTTP boundary (with TWILIO_* set in the env).
 * `sendsQueued`: what a change queues is sent once committed, as on the server (ADR 0202); without it
 * a test reads the queue as the change left it.
 */
export async function startTestServer(
  database: Database,
  envOverrides: Record<string, string> = {},
  options: { telephony?: TelephonyOptions; app?: AppOptions; payments?: PaymentProviders; sendsQueued?: boolean } = {},
): Promise<TestServer> {
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...envOverrides });
  const logger = createLogger(env.LOG_LEVEL);
  const telephony = createTelephony(env, database.db, logger, options.telephony);
  const payments = options.payments ?? createPaymentProviders(env);
  const clock = options.app?.testClock?.clock ?? systemClock;
  const app = createApp({ env, logger, database, telephony, mailer: createMailer(env, logger), payments, clock }, options.app);
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  if (options.sendsQueued) afterMessagesQueued(database.db, () => kickMessageQueues(testRequestContext(env, database.db)));
  return {
    url: `http://127.0.0.1:${port}`,
    env,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * The test server with `build`'s route modules behind the page handler, as in production: for tests
 * of what a page answers (status, headers, forms, refusals) against a test database.
 */
export async function startPageTestServer(database: Database, build: ServerBuild, envOverrides: Record<string, string> = {}): Promise<TestServer> {
  const maxBodyBytes = loadEnv({ NODE_ENV: "test", ...envOverrides }).MAX_BODY_BYTES;
  const server: TestServer = await startTestServer(database, envOverrides, {
    sendsQueued: true,
    app: {
      pageHandler: createPageHandler({
        build,
        mode: "production",
        maxBodyBytes,
        getLoadContext: (req, res): RequestContext => ({
          ...testRequestContext(server.env, database.db),
          logger: req.log,
          cspNonce: res.locals.cspNonce,
          failures: { databaseUnavailable: false },
        }),
      }),
    },
  });
  return server;
}
