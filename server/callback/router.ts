import { Router } from "express";
import { callbackMessages, callbackRequestSchema } from "~/features/callback/schema";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { createTelephony } from "../telephony/telephony";
import { requestCallback } from "./service";

/** No Origin (a non-browser client) passes; a browser's Origin must be this site. */
function sameOrigin(origin: string | undefined, host: string | undefined, publicSiteUrl: string): boolean {
  if (!origin) return true;
  if (origin === new URL(publicSiteUrl).origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** POST /api/callback: open to anonymous visitors; stores the lead, then places the call. */
export function callbackRouter(ctx: AppContext): Router {
  const router = Router();
  const telephony = ctx.telephony ?? createTelephony(ctx.env, ctx.database.db, ctx.logger);
  if (telephony.provider === "simulated") ctx.logger.info("telephony: Twilio is not configured; calls and SMS are simulated");

  router.post("/callback", async (req, res) => {
    // Another site must not be able to make a visitor's browser order calls to someone else.
    if (req.get("sec-fetch-site") === "cross-site" || !sameOrigin(req.get("origin"), req.get("host"), ctx.env.PUBLIC_SITE_URL)) {
      throw new AppError(403, "CROSS_SITE", "This request must come from our own website.");
    }
    const parsed = callbackRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError(400, "INVALID_PHONE", callbackMessages.invalidPhone);

    const result = await requestCallback(
      { db: ctx.database.db, env: ctx.env, logger: req.log, telephony },
      { ...parsed.data, ip: req.ip ?? "unknown", userAgent: req.get("user-agent") },
    );
    res.json(result);
  });
  return router;
}
