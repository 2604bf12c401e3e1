import { Router } from "express";
import { adminAnalyticsRouter, pageViewsRouter } from "../analytics/router";
import { appointmentsRouter } from "../appointments/router";
import { requireAdminApi } from "../auth/guards.server";
import { authRouter } from "../auth/router";
import type { AppContext } from "../context";
import { adminLeadsRouter } from "../leads/admin-router";
import { leadsRouter } from "../leads/router";
import { adminMediaRouter } from "../media/router";
import { incomingTextsRouter } from "../texts/router";
import { wordpressRouter } from "../wordpress/router";
import { adminRouter } from "./admin-router";

/** The JSON API. Each domain mounts its own router here. */
export function apiRouter(ctx: AppContext): Router {
  const router = Router();
  // First, so that everything under /api/admin, whichever router serves it, is admin-only.
  router.use("/admin", requireAdminApi(ctx));
  router.use("/admin", adminRouter(ctx));
  router.use("/admin/leads", adminLeadsRouter(ctx));
  router.use("/admin/analytics", adminAnalyticsRouter(ctx));
  router.use("/admin/media", adminMediaRouter(ctx));
  router.use("/auth", authRouter(ctx));
  router.use(appointmentsRouter(ctx));
  router.use(leadsRouter(ctx));
  // POST /wordpress-test-runner: admin-only (requireAdminApi inside, ADR 0060).
  router.use(wordpressRouter(ctx));
  router.use(pageViewsRouter(ctx));
  // POST /telephony/incoming: Twilio's incoming-message webhook, signed (ADR 0191).
  router.use(incomingTextsRouter(ctx));
  return router;
}
