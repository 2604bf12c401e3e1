import { systemClock } from "../clock";
import type { RequestContext } from "../context";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { createPaymentProviders } from "../payments/provider";
import { createTelephony } from "../telephony/telephony";

/** What the server hands a page's loader and action, for tests that call them directly. */
export function testRequestContext(env: Env, db: Db): RequestContext {
  const logger = createLogger("silent");
  return {
    env,
    db,
    logger,
    telephony: createTelephony(env, db, logger),
    mailer: createMailer(env, logger),
    payments: createPaymentProviders(env),
    clock: systemClock,
    cspNonce: "",
    clientAddress: "127.0.0.1",
    clientIp: "127.0.0.1",
  };
}
