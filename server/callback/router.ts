import { Router } from "express";
import { callbackRequestSchema } from "~/features/callback/schema";
import type { AppContext } from "../context";
import { parseBody } from "../http/validation";
import { requestCallback } from "./service";
import { rateLimitClient } from "../http/client-address";

/** POST /api/callback: open to anonymous visitors; stores the lead, then places the call. */
export function callbackRouter(ctx: AppContext): Router {
  const router = Router();
  const { telephony } = ctx;

  router.post("/callback", async (req, res) => {
    const input = parseBody(callbackRequestSchema, req.body);
    const result = await requestCallback(
      { db: ctx.database.db, env: ctx.env, logger: req.log, telephony },
      { ...input, ip: rateLimitClient(req.ip), userAgent: req.get("user-agent") },
      ctx.clock.now(),
    );
    res.json(result);
  });
  return router;
}
