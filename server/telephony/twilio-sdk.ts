import { createRequire } from "node:module";
import type twilio from "twilio";

const require = createRequire(import.meta.url);
let loaded: typeof twilio | undefined;

/**
 * Twilio's SDK, loaded the first time a configured Twilio is used: it is tens of megabytes in memory,
 * which a server with simulated telephony (the embedded default) never needs (ADR 0198).
 */
export function twilioSdk(): typeof twilio {
  // Kept once loaded: `require` resolves the name again on every call, on every request's path.
  loaded ??= require("twilio") as typeof twilio;
  return loaded;
}
