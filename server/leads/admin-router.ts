import { Router } from "express";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { leadsExportQuerySchema } from "~/features/leads/inbox-schema";
import { businessDate } from "~/lib/business-time";
import { currentAuth } from "../auth/guards.server";
import type { AppContext } from "../context";
import { parseBody } from "../http/validation";
import { leadsCsv } from "./inbox";

/**
 * /api/admin/leads: the inbox's CSV export, a file the page links to (the inbox itself is the
 * /admin/leads page: its loader lists, its action keeps a lead's status and note). Mounted under
 * /api/admin, so requireAdminApi has already answered visitors 401 and non-admins 403;
 * currentAuth() names who exported what in the log.
 */
export function adminLeadsRouter(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx.database;

  router.get("/export.csv", async (req, res) => {
    const { kind, ...filters } = parseBody(leadsExportQuerySchema, req.query);
    const pieces = leadsCsv(db, kind, filters);
    // The first piece before the headers: a database that fails now gets the usual error answer.
    const first = await pieces.next();
    req.log.info({ admin: currentAuth(res).user.id, kind }, "leads exported");
    res
      .type("text/csv; charset=utf-8")
      .attachment(`leads-${kind}-${businessDate(new Date())}.csv`)
      .set("cache-control", "no-store");
    async function* all() {
      if (!first.done) yield first.value;
      yield* pieces;
    }
    try {
      // pipeline waits while the client is slower than the database, and stops reading when it leaves.
      await pipeline(Readable.from(all(), { objectMode: false }), res);
    } catch (err) {
      // Too late for an error answer: pipeline has cut the download off unfinished (no last chunk),
      // so it never passes for a complete, shorter file. A client that left is no error of ours.
      if ((err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") req.log.error({ err, kind }, "leads export failed part-way");
    }
  });

  return router;
}
