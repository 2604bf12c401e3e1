import crypto from "node:crypto";
import type { PaymentProvider } from "./types";

/**
 * The payment provider on a machine without Stripe keys: a checkout is our own page,
 * /simulated-payments/:sessionId, clearly labelled, whose Pay button stands in for the card form
 * (no card is charged), and refunds succeed at once. The page hands its events to the same handler
 * Stripe's webhooks reach, so the whole flow is the real one but for the provider.
 */
export function createSimulatedPaymentProvider(options: { siteUrl: string }): PaymentProvider {
  const id = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll("-", "")}`;
  return {
    name: "simulated",
    async createCheckout() {
      const sessionId = id("sim_cs");
      return { sessionId, url: `${options.siteUrl}/simulated-payments/${sessionId}` };
    },
    async expireCheckout() {
      // The simulated page pays through the database, under the same lock the release takes.
      return true;
    },
    async refund() {
      return { refundId: id("sim_re") };
    },
    parseWebhook() {
      throw new Error("The simulated payment provider sends no webhooks.");
    },
  };
}

/** What a simulated checkout's id looks like: anything else in its page's address is no checkout, and is not looked up. */
export const isSimulatedSessionId = (id: string) => /^sim_cs_[0-9a-f]{32}$/.test(id);

export const simulatedPaymentIntentId = () => `sim_pi_${crypto.randomUUID().replaceAll("-", "")}`;
export const simulatedEventId = () => `sim_evt_${crypto.randomUUID().replaceAll("-", "")}`;
