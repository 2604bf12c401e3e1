import { Router } from "express";
import type { AppContext } from "../context";
import { createVoucherRequest, sendVoucherMail, signUpForNewsletter } from "./leads";
import { rateLimitClient } from "../http/client-address";
import { kickMessageQueues } from "../mail/kick";

export function leadsRouter(ctx: AppContext): Router {
  const router = Router();

  router.post("/leads/voucher", async (req, res) => {
    const { id } = await createVoucherRequest(ctx.database.db, req.body, rateLimitClient(req.ip));
    req.log.info({ leadId: id }, "voucher request stored");
    const mailed = await sendVoucherMail({ db: ctx.database.db, mailer: ctx.mailer, logger: req.log, siteUrl: ctx.env.PUBLIC_SITE_URL }, id);
    // The lead is kept either way; `mailed` tells the visitor whether the voucher is in their inbox.
    res.status(201).json({ ok: true, mailed });
  });

  router.post("/leads/newsletter", async (req, res) => {
    const { id } = await signUpForNewsletter({ db: ctx.database.db, env: ctx.env }, req.body, rateLimitClient(req.ip));
    req.log.info({ signupId: id }, "newsletter signup stored");
    kickMessageQueues({ ...ctx, db: ctx.database.db });
    res.status(201).json({ ok: true });
  });

  return router;
}
