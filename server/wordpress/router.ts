import { Router } from "express";
import { runnerRequestSchema } from "~/features/wordpress/schema";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { handleRunnerRequest } from "./runner";

/**
 * POST /api/wordpress-test-runner { action, ... } — the admin's WordPress integration tooling.
 *
 * Not mounted yet. TODO(requireAdminApi): every action must run behind the admin guard
 * (`requireAdminApi` from the auth domain) before this router is mounted in server/api/router.ts;
 * pass the signed-in admin as the actor instead of null.
 */
export function wordpressRouter(ctx: AppContext): Router {
  const router = Router();
  router.post("/wordpress-test-runner", async (req, res) => {
    // TODO(requireAdminApi): const admin = await requireAdminApi(req, ctx);
    const parsed = runnerRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(400, "VALIDATION_FAILED", issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid request.");
    }
    const result = await handleRunnerRequest(ctx.database.db, ctx.env, req.log ?? ctx.logger, parsed.data, null);
    res.json(result);
  });
  return router;
}
