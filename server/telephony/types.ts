import type { telephonyEvents } from "../db/schema/index";

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
  /**
   * Rings `to`; when they answer, connects them to `connectTo`. `record`, when given, writes the
   * event row of a call the provider started instead of its own insert, so a caller can store what
   * the call changes in the same statement (the callback's lead and its outcome: one round trip, not
   * two). A provider that failed records its failure itself.
   */
  placeCall(request: { to: string; connectTo: string }, record?: RecordEvent): Promise<OutboundResult>;
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

export type TelephonyEvent = typeof telephonyEvents.$inferInsert;

/** Stores one telephony event (a row of `telephony_events`). */
export type RecordEvent = (event: TelephonyEvent) => Promise<void>;
