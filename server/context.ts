import type { Clock } from "./clock";
import type { Database, Db } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { PaymentProviders } from "./payments/provider";
import type { Telephony } from "./telephony/telephony";

/** Everything a request handler may need, created once at start-up and passed down explicitly. */
export interface AppContext {
  env: Env;
  logger: Logger;
  database: Database;
  /** Outbound calls and SMS: Twilio, or the simulated provider (one instance for the whole app). */
  telephony: Telephony;
  /** Outbound mail: SMTP, or the local outbox without SMTP_URL (one instance for the whole app). */
  mailer: Mailer;
  /** Deposits and refunds: the payment providers by name; new payments use `current` (Stripe, or the simulated provider). */
  payments: PaymentProviders;
  /** The server's clock, the pages' and the jobs' (a TEST_CLOCK server's moves for all; ADR 0168, 0202). */
  clock: Clock;
}

/** What route loaders and actions receive as `context` (a type alias, so it fits React Router's index signature). */
export type RequestContext = {
  env: Env;
  db: Db;
  /** The request's own logger (it carries the request id). */
  logger: Logger;
  telephony: Telephony;
  mailer: Mailer;
  payments: PaymentProviders;
  /**
   * The server's clock, which the periodic jobs read too: the system clock, or on a TEST_CLOCK server
   * the one `POST /test/clock` moves. A page whose rule hangs on the day a job acts (the pickup codes
   * at check-out) takes its time from here, so the page and the job agree (ADR 0168).
   */
  clock: Clock;
  cspNonce: string;
  /** The client as the per-client rate limits count it (`rateLimitClient` of the request's address). */
  clientAddress: string;
  /** The client's address as the server reads it (behind the trusted proxy), whole: what a signature keeps (ADR 0158). */
  clientIp: string;
  /**
   * Filled in by the server entry's error handler while the request runs, read when the document is
   * rendered: a loader or action that met a database outage turns the page into a 503 (absent in tests
   * that call loaders directly).
   */
  failures?: { databaseUnavailable: boolean };
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
