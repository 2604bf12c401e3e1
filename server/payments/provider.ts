import type { Env } from "../env";
import { createSimulatedPaymentProvider } from "./simulated-provider";
import { type StripeOptions, createStripeProvider } from "./stripe-provider";
import { type PaymentProvider, type PaymentProviderName, PaymentProviderNotConfigured } from "./types";

export type { PaymentProvider, PaymentProviderName } from "./types";

/**
 * The payment providers this server can reach, by name (ADR 0148). New payments go through
 * `current`; everything later about a payment (closing its checkout, refunding it, its events) goes
 * back through the provider recorded on its row, `forPayment`, whichever is current now.
 */
export interface PaymentProviders {
  /** The provider new payments use: Stripe when it is configured, the simulated one otherwise. */
  readonly current: PaymentProvider;
  /** The provider of that name, when this server has it. */
  get(name: PaymentProviderName | null): PaymentProvider | undefined;
  /** The provider that took `payment`; throws PaymentProviderNotConfigured when this server no longer has it, or none did (cash, check). */
  forPayment(payment: { provider: PaymentProviderName | null }): PaymentProvider;
}

/** A registry of `current` and `others`, each under its own name. */
export function paymentProviders(current: PaymentProvider, others: readonly PaymentProvider[] = []): PaymentProviders {
  const byName = new Map<PaymentProviderName, PaymentProvider>();
  for (const provider of [current, ...others]) if (!byName.has(provider.name)) byName.set(provider.name, provider);
  return {
    current,
    get: (name) => (name === null ? undefined : byName.get(name)),
    forPayment(payment) {
      const provider = payment.provider === null ? undefined : byName.get(payment.provider);
      if (!provider) throw new PaymentProviderNotConfigured(payment.provider);
      return provider;
    },
  };
}

/**
 * The app's providers: Stripe with a secret key, and the simulated provider always. The simulated
 * one holds no secret and moves no money, so a deposit it took (a demo before Stripe was set up) can
 * still be closed and given back after the switch, which for it is bookkeeping only. Without the
 * keys, a payment Stripe took cannot be refunded from here: it is refused and says why.
 */
export function createPaymentProviders(env: Env, options: Pick<StripeOptions, "host" | "port" | "protocol"> = {}): PaymentProviders {
  const simulated = createSimulatedPaymentProvider({ siteUrl: env.PUBLIC_SITE_URL });
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
    return paymentProviders(createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, ...options }), [simulated]);
  return paymentProviders(simulated);
}
