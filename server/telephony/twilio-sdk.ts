import { createRequire } from "node:module";
import type twilio from "twilio";

const require = createRequire(import.meta.url);

/**
 * Twilio's SDK, loaded the first time a configured Twilio is used: it is tens of megabytes in memory,
 * which a server with simulated telephony (the embedded default) never needs (ADR 0198).
 */
export const twilioSdk = () => require("twilio") as typeof twilio;
