import type RequestClient from "twilio/lib/base/RequestClient";
import type { Logger } from "../logger";
import { type RecordEvent, type Telephony, type TelephonyEvent, TelephonyError } from "./types";
import { connectCallTwiml } from "./twiml";
import { twilioSdk } from "./twilio-sdk";

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  /** A Twilio number (or verified caller id) that calls and texts come from. */
  from: string;
}

/** Twilio error codes that mean "this destination cannot be reached": the visitor can act on them. */
const UNREACHABLE_CODES = new Set([21211, 21214, 21215, 21216, 21217, 13223, 13224, 13227]);
const UNREACHABLE_MESSAGE = "We cannot place a call to this number. Please check it, or call us directly.";

function toTelephonyError(error: unknown): TelephonyError {
  if (error instanceof twilioSdk().RestException) {
    const reason = `twilio ${error.status}${error.code ? ` code ${error.code}` : ""}: ${error.message}`;
    return new TelephonyError(reason, error.code && UNREACHABLE_CODES.has(error.code) ? UNREACHABLE_MESSAGE : undefined);
  }
  return new TelephonyError(`twilio request failed: ${(error as Error)?.message ?? String(error)}`);
}

export function createTwilioProvider(
  credentials: TwilioCredentials,
  deps: { record: (event: TelephonyEvent) => Promise<void>; logger: Logger; httpClient?: RequestClient },
): Telephony {
  // A 10 s limit: the visitor is waiting on this request.
  const client = twilioSdk()(credentials.accountSid, credentials.authToken, { httpClient: deps.httpClient, timeout: 10_000 });

  // The audit row must never turn a placed call into a reported failure.
  const audit = async (event: TelephonyEvent, record: RecordEvent) => {
    try {
      await record(event);
    } catch (error) {
      deps.logger.error({ err: error, kind: event.kind, sid: event.sid }, "could not record a telephony event");
    }
  };

  const attempt = async (event: Omit<TelephonyEvent, "provider" | "from">, send: () => Promise<{ sid?: string }>, record = deps.record) => {
    let sid: string | undefined;
    try {
      ({ sid } = await send());
    } catch (error) {
      const failure = toTelephonyError(error);
      await audit({ ...event, provider: "twilio", from: credentials.from, error: failure.message }, deps.record);
      throw failure;
    }
    await audit({ ...event, provider: "twilio", from: credentials.from, sid: sid || null, error: sid ? null : "no sid returned" }, record);
    return { sid: sid || undefined };
  };

  return {
    provider: "twilio",
    placeCall({ to, connectTo }, record) {
      const twiml = connectCallTwiml(connectTo, credentials.from);
      return attempt({ kind: "call", to, body: twiml }, () => client.calls.create({ to, from: credentials.from, twiml, timeout: 30 }), record);
    },
    sendSms(to, body) {
      return attempt({ kind: "sms", to, body }, () => client.messages.create({ to, from: credentials.from, body }));
    },
  };
}
