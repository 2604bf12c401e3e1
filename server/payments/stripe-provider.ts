import { createRequire } from "node:module";
import type Stripe from "stripe";
import { type PaymentEvent, type PaymentProvider, PaymentProviderError, WebhookSignatureError } from "./types";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests: Stripe's API by default; tests point it at a local stand-in. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

/** Stripe requires a checkout to stay open at least 30 minutes (and at most 24 hours). */
const MIN_OPEN_SECONDS = 30 * 60 + 60;

/**
 * Deposits through Stripe Checkout (the hosted page) and the Refunds API, with the official SDK. The
 * SDK is loaded here, when Stripe is configured, not when the server starts: a server taking
 * deposits with the simulated provider never holds its megabytes (ADR 0198).
 */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const StripeSdk = createRequire(import.meta.url)("stripe") as typeof Stripe;
  const stripe = new StripeSdk(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  const failed = (error: unknown) => new PaymentProviderError(error instanceof Error ? error.message : String(error));

  return {
    name: "stripe",
    async createCheckout(input) {
      const earliest = Math.ceil(Date.now() / 1000) + MIN_OPEN_SECONDS;
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: input.amountCents, product_data: { name: input.description } } }],
            client_reference_id: input.stayId,
            metadata: { stayId: input.stayId },
            customer_email: input.customerEmail,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.max(earliest, Math.ceil(input.expiresAt.getTime() / 1000)),
          },
          { idempotencyKey: `checkout:${input.stayId}:${input.expiresAt.getTime()}:${Date.now()}` },
        );
        if (!session.url) throw new PaymentProviderError("Stripe returned a checkout without a URL");
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw failed(error);
      }
    },
    async expireCheckout(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
        throw failed(error);
      });
      if (session.status === "complete") return false;
      if (session.status === "expired") return true;
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Paid between the two calls: the payment's event will arrive.
        const again = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
        if (again?.status === "complete") return false;
        throw failed(error);
      }
    },
    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: { refundRowId: input.refundRowId } },
          { idempotencyKey: input.idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        throw failed(error);
      }
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        const tolerance = stripe.webhooks.DEFAULT_TOLERANCE;
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret, tolerance);
        // The SDK refuses a delivery signed longer ago than the tolerance, not one signed "later": a
        // timestamp in the future would make a captured delivery replayable for that long. Both ways, then.
        if (!(signedAt(signature ?? "") <= Date.now() / 1000 + tolerance)) throw new Error("Timestamp outside the tolerance zone (in the future)");
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "bad signature");
      }
      return toPaymentEvent(event);
    },
  };
}

/** The `t=` of a Stripe-Signature header in seconds, read as the SDK reads (and has verified) it: the last one. */
const signedAt = (header: string) =>
  header.split(",").reduce((t, item) => {
    const [key, value] = item.split("=");
    return key === "t" ? Number.parseInt(value ?? "", 10) : t;
  }, Number.NaN);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const paymentIntentId = idOf(session.payment_intent);
      // A completed checkout without a paid payment (a delayed method) is not a deposit yet.
      if (session.payment_status !== "paid" || !paymentIntentId) return { id: event.id, type: "ignored", providerType: event.type };
      return { id: event.id, type: "checkout_completed", sessionId: session.id, paymentIntentId, amountCents: session.amount_total ?? 0 };
    }
    case "checkout.session.expired":
      return { id: event.id, type: "checkout_expired", sessionId: event.data.object.id };
    case "refund.created":
    case "refund.updated": {
      const refund = event.data.object;
      const paymentIntentId = idOf(refund.payment_intent);
      if (refund.status !== "succeeded" || !paymentIntentId) return { id: event.id, type: "ignored", providerType: event.type };
      return {
        id: event.id,
        type: "refund_succeeded",
        refundId: refund.id,
        paymentIntentId,
        amountCents: refund.amount,
        refundRowId: refund.metadata?.refundRowId ?? null,
      };
    }
    default:
      return { id: event.id, type: "ignored", providerType: event.type };
  }
}
