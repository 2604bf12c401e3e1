import express, { Router } from "express";
import type { AppContext } from "../context";
import { PaymentEventNotReady, handlePaymentEvent } from "./payments";
import { WebhookSignatureError } from "./types";

/**
 * POST /api/payments/stripe/webhook: Stripe's events. Mounted before the API's JSON parser: the
 * signature is over the raw bytes. A delivery that does not verify (forged, altered, or replayed
 * after the signature's five-minute tolerance) is refused with 400 and logged; nothing changes.
 */
export function paymentsWebhookRouter(ctx: AppContext): Router {
  const router = Router();
  router.post("/stripe/webhook", express.raw({ type: () => true, limit: ctx.env.MAX_BODY_BYTES }), async (req, res, next) => {
    try {
      const stripe = ctx.payments.get("stripe");
      if (!stripe) {
        res.status(404).json({ error: { code: "NOT_FOUND", message: "Stripe is not configured." } });
        return;
      }
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event;
      try {
        event = stripe.parseWebhook(body, req.get("stripe-signature"));
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        req.log.warn({ reason: error.message, ip: req.ip }, "refused a payment webhook whose signature does not verify");
        res.status(400).json({ error: { code: "BAD_SIGNATURE", message: "The signature does not verify." } });
        return;
      }
      try {
        const outcome = await handlePaymentEvent(ctx.database.db, stripe, event, { siteUrl: ctx.env.PUBLIC_SITE_URL, now: ctx.clock.now() });
        req.log.info({ eventId: event.id, type: event.type, outcome }, "payment webhook");
        res.json({ received: true, outcome });
      } catch (error) {
        if (!(error instanceof PaymentEventNotReady)) throw error;
        // Not recorded: Stripe delivers it again later, after the checkout's own event.
        req.log.info({ eventId: event.id, type: event.type }, "payment webhook arrived before the payment it names; asked for redelivery");
        res.status(409).json({ error: { code: "NOT_READY", message: "The payment this event names is not known yet; deliver it again later." } });
      }
    } catch (error) {
      next(error);
    }
  });
  return router;
}
