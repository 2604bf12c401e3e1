import express, { type RequestHandler, Router } from "express";
import { callbackRequestSchema } from "~/features/callback/schema";
import type { AppContext } from "../context";
import { apiErrorHandler } from "../http/errors";
import { sendJson } from "../http/json-answer";
import { parseBody } from "../http/validation";
import { requestCallback } from "./service";
import { rateLimitClient } from "../http/client-address";

/**
 * POST /api/callback: open to anonymous visitors; stores the lead, then places the call. The one
 * endpoint a rush of visitors may hit, so it is mounted in `server/app.ts` ahead of what it does not
 * need (compression, the API's other routers), with its own body parser and error handler, and
 * answers with `sendJson` (ADR 0226).
 */
export function callbackRouter(ctx: AppContext): Router {
  const { telephony } = ctx;
  const answer: RequestHandler = async (req, res) => {
    const input = parseBody(callbackRequestSchema, req.body);
    const result = await requestCallback(
      { db: ctx.database.db, env: ctx.env, logger: req.log, telephony },
      { ...input, ip: rateLimitClient(req.ip), userAgent: req.get("user-agent") },
      ctx.clock.now(),
    );
    sendJson(res, 200, result);
  };
  const router = Router();
  router.post("/api/callback", express.json({ limit: ctx.env.MAX_BODY_BYTES }), answer, apiErrorHandler(ctx.logger));
  return router;
}
