import { business } from "~/content/business";
import { escapeXml } from "~/lib/xml";

/**
 * What the customer hears when they pick up, before being put through to the business. Written out
 * rather than built with Twilio's SDK: every callback's call (the simulated one too) renders it, and
 * the SDK is tens of megabytes the server need not load at rest (ADR 0198).
 */
export function connectCallTwiml(connectTo: string, callerId: string): string {
  const say = `Thank you for contacting ${business.name}. Connecting your call now.`;
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${escapeXml(say)}</Say><Dial callerId="${escapeXml(callerId)}" timeout="30">${escapeXml(connectTo)}</Dial></Response>`;
}
