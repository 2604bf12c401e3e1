import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createStripeProvider } from "./stripe-provider";
import { WebhookSignatureError } from "./types";

const SECRET = "whsec_test_secret";
const provider = createStripeProvider({ secretKey: "sk_test_unused", webhookSecret: SECRET });
const sdk = new Stripe("sk_test_unused");

/** A delivery signed `offsetSeconds` from now with the real SDK's test helper. */
function delivery(offsetSeconds: number) {
  const body = JSON.stringify({ id: `evt_${offsetSeconds}`, object: "event", type: "customer.created", data: { object: {} } });
  const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) + offsetSeconds });
  return () => provider.parseWebhook(Buffer.from(body), signature);
}

describe("a Stripe webhook's signature timestamp", () => {
  it("is accepted within five minutes either way (clocks drift)", () => {
    for (const offset of [0, -240, 240]) expect(delivery(offset)(), `${offset} s`).toMatchObject({ type: "ignored", providerType: "customer.created" });
  });

  it("is refused more than five minutes in the past: a replay", () => {
    expect(delivery(-600)).toThrow(WebhookSignatureError);
  });

  it("is refused more than five minutes in the future: it would stay replayable until then", () => {
    expect(delivery(600)).toThrow(WebhookSignatureError);
    expect(delivery(600)).toThrow(/future/);
  });
});
