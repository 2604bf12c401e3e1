import { Router } from "express";
import { currentAuth } from "../auth/guards.server";
import { toAuthUser } from "../auth/snapshot";
import type { AppContext } from "../context";

/**
 * /api/admin: every route here is already behind requireAdminApi (mounted in server/api/router.ts),
 * so a visitor gets 401 and a non-admin 403 before any handler runs. Add admin endpoints here, or
 * mount another router under /admin/... after this one in server/api/router.ts.
 */
export function adminRouter(_ctx: AppContext): Router {
  const router = Router();

  router.get("/me", (_req, res) => {
    const { user, isAdmin } = currentAuth(res);
    res.json({ user: toAuthUser(user), isAdmin });
  });

  return router;
}
