import { Router } from "express";
import { INBOX_PAGE_SIZE, followUpKinds, leadsExportQuerySchema, leadsQuerySchema } from "~/features/leads/inbox-schema";
import { businessDate } from "~/lib/business-time";
import { currentAuth } from "../auth/guards.server";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { parseBody } from "../http/validation";
import { leadsCsv, listLeads, updateLead } from "./inbox";

/**
 * /api/admin/leads: the leads inbox. Mounted under /api/admin, so requireAdminApi has already
 * answered visitors 401 and non-admins 403; currentAuth() names who changed what in the log.
 */
export function adminLeadsRouter(ctx: AppContext): Router {
  const router = Router();
  const { db } = ctx.database;

  router.get("/", async (req, res) => {
    const query = parseBody(leadsQuerySchema, req.query);
    const { leads, total } = await listLeads(db, query);
    res.json({ leads, total, page: query.page, pageSize: INBOX_PAGE_SIZE, telephonyProvider: ctx.telephony.provider });
  });

  router.get("/export.csv", async (req, res) => {
    const { kind, ...filters } = parseBody(leadsExportQuerySchema, req.query);
    const csv = await leadsCsv(db, kind, filters);
    req.log.info({ admin: currentAuth(res).user.id, kind }, "leads exported");
    res
      .type("text/csv; charset=utf-8")
      .attachment(`leads-${kind}-${businessDate(new Date())}.csv`)
      .set("cache-control", "no-store")
      .send(csv);
  });

  router.patch("/:kind/:id", async (req, res) => {
    const kind = followUpKinds.find((k) => k === req.params.kind);
    if (!kind) throw new AppError(404, "NOT_FOUND", "Only callback and voucher requests have a status and a note.");
    const lead = await updateLead(db, kind, req.params.id, req.body);
    req.log.info({ admin: currentAuth(res).user.id, kind, leadId: lead.id }, "lead updated");
    res.json({ lead: { id: lead.id, staffStatus: lead.staffStatus, staffNote: lead.staffNote } });
  });

  return router;
}
