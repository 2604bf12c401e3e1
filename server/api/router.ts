import { Router } from "express";
import type { AppContext } from "../context";

/** The JSON API. Each domain mounts its own router here. */
export function apiRouter(_ctx: AppContext): Router {
  const router = Router();
  return router;
}
