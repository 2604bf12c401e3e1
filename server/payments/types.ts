/**
 * A payment provider (ADR 0132): Stripe Checkout when it is configured, otherwise a simulated
 * provider whose own page stands in for the card form. Cards are only ever entered on the
 * provider's page; we create a checkout for an amount we priced, and hear back through events.
 */
export type PaymentProviderName = "stripe" | "simulated";

export interface PaymentProvider {
  /** Recorded on each payment: what happens to it later goes back through the provider of this name. */
  readonly name: PaymentProviderName;
  /** A hosted checkout for `amountCents`; the customer is sent to `url`. */
  createCheckout(input: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Closes an unpaid checkout; false when it was already paid (the payment's event is on its way). */
  expireCheckout(sessionId: string): Promise<boolean>;
  /** Gives back `amountCents` of a payment; the same `idempotencyKey` never refunds twice. */
  refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string; refundRowId: string }): Promise<{ refundId: string }>;
  /** The event a webhook delivery carries, after checking its signature; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export interface CheckoutRequest {
  stayId: string;
  amountCents: number;
  description: string;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  /** When the hold ends: the checkout closes no earlier than the provider allows. */
  expiresAt: Date;
}

/** What a provider told us, in our terms. `id` is the provider's event id: each is handled once. */
export type PaymentEvent =
  | { id: string; type: "checkout_completed"; sessionId: string; paymentIntentId: string; amountCents: number }
  | { id: string; type: "checkout_expired"; sessionId: string }
  | { id: string; type: "refund_succeeded"; refundId: string; paymentIntentId: string; amountCents: number; refundRowId: string | null }
  | { id: string; type: "ignored"; providerType: string };

export class WebhookSignatureError extends Error {}

/** The provider refused or could not be reached. */
export class PaymentProviderError extends Error {}

/** A payment taken by a provider this server is no longer set up for: nothing about it can be sent anywhere else. */
export class PaymentProviderNotConfigured extends PaymentProviderError {
  /** `null`: cash or a check taken at the desk, which no provider can give back. */
  constructor(readonly provider: PaymentProviderName | null) {
    super(
      provider === null
        ? "This payment was taken at the desk in cash or by check: give it back at the desk."
        : `This payment was taken through ${provider === "stripe" ? "Stripe" : "the simulated provider"}, which is not configured on this server.`,
    );
  }
}
