import twilio from "twilio";
import { business } from "~/content/business";

/** What the customer hears when they pick up, before being put through to the business. */
export function connectCallTwiml(connectTo: string, callerId: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(`Thank you for contacting ${business.name}. Connecting your call now.`);
  response.dial({ callerId, timeout: 30 }, connectTo);
  return response.toString();
}
