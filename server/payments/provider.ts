import type { Env } from "../env";
import { createSimulatedPaymentProvider } from "./simulated-provider";
import { type StripeOptions, createStripeProvider } from "./stripe-provider";
import type { PaymentProvider } from "./types";

export type { PaymentProvider } from "./types";

/** The app's one payment provider: Stripe with a secret key, the simulated provider without. */
export function createPaymentProvider(env: Env, options: Pick<StripeOptions, "host" | "port" | "protocol"> = {}): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
    return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, ...options });
  return createSimulatedPaymentProvider({ siteUrl: env.PUBLIC_SITE_URL });
}
