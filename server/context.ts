import type { Database, Db } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";
import type { Telephony } from "./telephony/telephony";

/** Everything a request handler may need, created once at start-up and passed down explicitly. */
export interface AppContext {
  env: Env;
  logger: Logger;
  database: Database;
  /** Outbound calls and SMS: Twilio, or the simulated provider (one instance for the whole app). */
  telephony: Telephony;
}

/** What route loaders and actions receive as `context` (a type alias, so it fits React Router's index signature). */
export type RequestContext = {
  env: Env;
  db: Db;
  logger: Logger;
  cspNonce: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
