import { Router } from "express";
import { runnerRequestSchema } from "~/features/wordpress/schema";
import { currentAuth, requireAdminApi } from "../auth/guards.server";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { handleRunnerRequest } from "./runner";

/**
 * POST /api/wordpress-test-runner { action, ... } — the admin's WordPress integration tooling.
 * Every action needs an admin session (ADR 0060): visitors get 401 AUTH_REQUIRED, other users
 * 403 FORBIDDEN, before the body is even read.
 */
export function wordpressRouter(ctx: AppContext): Router {
  const router = Router();
  router.post("/wordpress-test-runner", requireAdminApi(ctx), async (req, res) => {
    const { user } = currentAuth(res);
    const parsed = runnerRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(400, "VALIDATION_FAILED", issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid request.");
    }
    res.setHeader("cache-control", "no-store");
    const result = await handleRunnerRequest(ctx.database.db, ctx.env, req.log ?? ctx.logger, parsed.data, { userId: user.id, email: user.email });
    res.json(result);
  });
  return router;
}
