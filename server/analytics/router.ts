import express, { Router } from "express";
import type { AppContext } from "../context";
import { optedOut, recordPageView } from "./page-views";
import { analyticsRangeSchema } from "~/features/analytics/schema";
import { parseBody } from "../http/validation";
import { analyticsSummary } from "./queries";
import { rateLimitClient } from "../http/client-address";

/**
 * POST /api/page-views: the browser's beacon. The body is the path alone, as text/plain (what
 * `navigator.sendBeacon` sends for a string); `{ "path": … }` as JSON works too. 204 whether
 * counted or skipped for Do-Not-Track/GPC, so the answer tells a script nothing either way.
 */
export function pageViewsRouter(ctx: AppContext): Router {
  const router = Router();
  router.post("/page-views", express.text({ type: "text/plain", limit: 512 }), async (req, res) => {
    const body: unknown = req.body;
    const path = typeof body === "string" ? body.trim() : (body as { path?: unknown } | undefined)?.path;
    await recordPageView(
      ctx.database.db,
      {
        path,
        ip: rateLimitClient(req.ip),
        optedOut: optedOut({ dnt: req.get("dnt"), secGpc: req.get("sec-gpc") }),
      },
      ctx.clock.now(),
    );
    res.status(204).end();
  });
  return router;
}

/** GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD&group=day|week (admin-only by its mount point). */
export function adminAnalyticsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    res.set("cache-control", "no-store");
    res.json(await analyticsSummary(ctx.database.db, parseBody(analyticsRangeSchema, req.query)));
  });
  return router;
}
