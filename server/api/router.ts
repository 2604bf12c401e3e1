import { Router } from "express";
import { requireAdminApi } from "../auth/guards.server";
import { authRouter } from "../auth/router";
import { callbackRouter } from "../callback/router";
import type { AppContext } from "../context";
import { adminAppointmentsRouter, appointmentsRouter } from "../appointments/router";
import { adminRouter } from "./admin-router";
import { adminContentRouter } from "../content/router";
import { leadsRouter } from "../leads/router";

/** The JSON API. Each domain mounts its own router here. */
export function apiRouter(ctx: AppContext): Router {
  const router = Router();
  // First, so that everything under /api/admin, whichever router serves it, is admin-only.
  router.use("/admin", requireAdminApi(ctx));
  router.use("/admin", adminRouter(ctx));
  router.use("/admin/appointments", adminAppointmentsRouter(ctx));
  router.use("/admin/content", adminContentRouter(ctx));
  router.use("/auth", authRouter(ctx));
  router.use(callbackRouter(ctx));
  router.use(appointmentsRouter(ctx));
  router.use(leadsRouter(ctx));
  return router;
}
