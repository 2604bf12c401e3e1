import { Router } from "express";
import type { AppContext } from "../context";
import { leadsRouter } from "../leads/router";

/** The JSON API. Each domain mounts its own router here. */
export function apiRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(leadsRouter(ctx));
  return router;
}
