import { Router } from "express";
import { callbackMessages, callbackRequestSchema } from "~/features/callback/schema";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { requestCallback } from "./service";
import { rateLimitClient } from "../http/client-address";

/** POST /api/callback: open to anonymous visitors; stores the lead, then places the call. */
export function callbackRouter(ctx: AppContext): Router {
  const router = Router();
  const { telephony } = ctx;

  router.post("/callback", async (req, res) => {
    const parsed = callbackRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError(400, "INVALID_PHONE", callbackMessages.invalidPhone);

    const result = await requestCallback(
      { db: ctx.database.db, env: ctx.env, logger: req.log, telephony },
      { ...parsed.data, ip: rateLimitClient(req.ip), userAgent: req.get("user-agent") },
    );
    res.json(result);
  });
  return router;
}
