import express, { Router } from "express";
import { incomingWebhook } from "~/features/texts/schema";
import { loadSiteContent } from "../content/content";
import type { AppContext } from "../context";
import { parseBody } from "../http/validation";
import { twilioSdk } from "../telephony/twilio-sdk";
import { receiveText } from "./texts";

/** What Twilio is answered: nothing to send back (a HELP's answer goes through the text queue). */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** The address Twilio signs: the public site's origin and the path it posted to (ADR 0191). */
export const incomingWebhookUrl = (publicSiteUrl: string, pathAndQuery = "/api/telephony/incoming") => `${new URL(publicSiteUrl).origin}${pathAndQuery}`;

/**
 * POST /api/telephony/incoming: Twilio's "a message comes in" webhook (paste the address into the
 * number's Messaging configuration). The request must carry Twilio's signature (`X-Twilio-Signature`,
 * checked with the SDK's `validateRequest` over the public URL and the posted fields): one that does
 * not verify, or any request while Twilio is not configured, is refused with 403 and stores nothing.
 * The text is stored once per MessageSid, so a replay stores nothing new and is answered the same.
 */
export function incomingTextsRouter(ctx: AppContext): Router {
  const router = Router();
  router.post("/telephony/incoming", express.urlencoded({ extended: false, limit: ctx.env.MAX_BODY_BYTES, parameterLimit: 200 }), async (req, res, next) => {
    try {
      const authToken = ctx.env.TWILIO_AUTH_TOKEN;
      const signature = req.get("x-twilio-signature");
      const params = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, string>;
      const url = incomingWebhookUrl(ctx.env.PUBLIC_SITE_URL, req.originalUrl);
      if (!authToken || !signature || !twilioSdk().validateRequest(authToken, signature, url, params)) {
        req.log.warn(
          { ip: req.ip, signed: Boolean(signature), configured: Boolean(authToken) },
          "refused an incoming-text webhook whose signature does not verify",
        );
        res.status(403).json({ error: { code: "BAD_SIGNATURE", message: "The request's Twilio signature does not verify." } });
        return;
      }
      const text = parseBody(incomingWebhook, params);
      const db = ctx.database.db;
      const outcome = await receiveText(
        { db, business: async () => (await loadSiteContent(db, ctx.logger)).business },
        { messageSid: text.MessageSid, from: text.From, to: text.To, body: text.Body },
        ctx.clock.now(),
      );
      req.log.info({ messageSid: text.MessageSid, stored: outcome.stored }, "incoming text");
      res.status(200).type("text/xml").send(EMPTY_TWIML);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
