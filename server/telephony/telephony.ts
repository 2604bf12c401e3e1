import type RequestClient from "twilio/lib/base/RequestClient";
import type { Db } from "../db/client";
import { telephonyEvents } from "../db/schema/index";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { createSimulatedProvider } from "./simulated-provider";
import { createTwilioProvider } from "./twilio-provider";

export interface OutboundResult {
  /** The provider's id for the call or message; a provider may fail to return one. */
  sid: string | undefined;
}

/**
 * Outbound calls and SMS. Twilio when it is configured, otherwise a simulated provider that
 * records what it would have done. Both record every attempt in `telephony_events`.
 */
export interface Telephony {
  readonly provider: "twilio" | "simulated";
  /** Rings `to`; when they answer, connects them to `connectTo`. */
  placeCall(request: { to: string; connectTo: string }): Promise<OutboundResult>;
  sendSms(to: string, body: string): Promise<OutboundResult>;
}

/** A provider refused or failed. `publicMessage` is safe to show a visitor; `message` is for staff and logs. */
export class TelephonyError extends Error {
  constructor(
    message: string,
    readonly publicMessage?: string,
  ) {
    super(message);
  }
}

export interface TelephonyOptions {
  /** Replaces the Twilio SDK's HTTP client: tests capture its requests at that boundary. */
  twilioHttpClient?: RequestClient;
}

export function twilioConfigured(env: Env): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER);
}

export type TelephonyEvent = typeof telephonyEvents.$inferInsert;

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
