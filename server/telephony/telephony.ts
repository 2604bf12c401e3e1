import type RequestClient from "twilio/lib/base/RequestClient";
import type { Db } from "../db/client";
import { telephonyEvents } from "../db/schema/index";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { createSimulatedProvider } from "./simulated-provider";
import { createTwilioProvider } from "./twilio-provider";
import type { TelephonyEvent, Telephony } from "./types";

export { TelephonyError, type OutboundResult, type RecordEvent, type Telephony, type TelephonyEvent } from "./types";

export interface TelephonyOptions {
  /** Replaces the Twilio SDK's HTTP client: tests capture its requests at that boundary. */
  twilioHttpClient?: RequestClient;
}

export function twilioConfigured(env: Env): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER);
}

export function createTelephony(env: Env, db: Db, logger: Logger, options: TelephonyOptions = {}): Telephony {
  const record = async (event: TelephonyEvent) => {
    await db.insert(telephonyEvents).values(event);
  };
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER) {
    return createTwilioProvider(
      { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM_NUMBER },
      { record, logger, httpClient: options.twilioHttpClient },
    );
  }
  return createSimulatedProvider({ from: env.TWILIO_FROM_NUMBER ?? env.BUSINESS_PHONE, record });
}
