import { Router } from "express";
import { callbackRouter } from "../callback/router";
import type { AppContext } from "../context";
import { wordpressRouter } from "../wordpress/router";

/** The JSON API. Each domain mounts its own router here. */
export function apiRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(callbackRouter(ctx));
  // POST /wordpress-test-runner: admin-only (requireAdminApi inside, ADR 0060).
  router.use(wordpressRouter(ctx));
  return router;
}
