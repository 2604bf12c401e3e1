import crypto from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { telephonyEvents } from "../db/schema/index";
import { type RecordEvent, type Telephony, type TelephonyEvent, TelephonyError } from "./types";
import { connectCallTwiml } from "./twiml";

/** A Twilio-shaped id (prefix and 32 hex digits), so callers treat both providers alike. */
const simulatedSid = (prefix: "CA" | "SM") => `${prefix}${crypto.randomBytes(16).toString("hex")}`;

/**
 * Used when Twilio is not configured: nothing leaves the machine, and the record of what would
 * have been sent is the event row (the admin area shows it and says calls are simulated).
 */
export function createSimulatedProvider(deps: { from: string; record: (event: TelephonyEvent) => Promise<void> }): Telephony {
  const recordOrFail = async (event: TelephonyEvent, record: RecordEvent = deps.record) => {
    try {
      await record(event);
    } catch (error) {
      throw new TelephonyError(`simulated provider could not record the ${event.kind}: ${(error as Error).message}`);
    }
  };
  return {
    provider: "simulated",
    async placeCall({ to, connectTo }, record) {
      const sid = simulatedSid("CA");
      await recordOrFail({ kind: "call", provider: "simulated", to, from: deps.from, body: connectCallTwiml(connectTo, deps.from), sid }, record);
      return { sid };
    },
    async sendSms(to, body) {
      const sid = simulatedSid("SM");
      await recordOrFail({ kind: "sms", provider: "simulated", to, from: deps.from, body, sid });
      return { sid };
    },
  };
}

/** What the simulated provider texted, newest first (its page of texts, where a reply is simulated; ADR 0191). */
export function simulatedTexts(db: Db, limit = 50) {
  return db
    .select({ id: telephonyEvents.id, to: telephonyEvents.to, body: telephonyEvents.body, at: telephonyEvents.createdAt })
    .from(telephonyEvents)
    .where(and(eq(telephonyEvents.kind, "sms"), eq(telephonyEvents.provider, "simulated"), ne(telephonyEvents.to, "")))
    .orderBy(desc(telephonyEvents.createdAt))
    .limit(limit);
}
