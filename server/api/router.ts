import { Router } from "express";
import { callbackRouter } from "../callback/router";
import type { AppContext } from "../context";

/** The JSON API. Each domain mounts its own router here. */
export function apiRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(callbackRouter(ctx));
  return router;
}
