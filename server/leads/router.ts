import { Router } from "express";
import type { AppContext } from "../context";
import { newsletterSignupSchema, voucherRequestSchema } from "~/features/leads/schema";
import { createVoucherRequest, sendVoucherMail, signUpForNewsletter } from "./leads";
import { rateLimitClient } from "../http/client-address";
import { parseBody } from "../http/validation";

export function leadsRouter(ctx: AppContext): Router {
  const router = Router();

  router.post("/leads/voucher", async (req, res) => {
    const { id } = await createVoucherRequest(ctx.database.db, parseBody(voucherRequestSchema, req.body), rateLimitClient(req.ip), ctx.clock.now());
    req.log.info({ leadId: id }, "voucher request stored");
    const mailed = await sendVoucherMail({ db: ctx.database.db, mailer: ctx.mailer, logger: req.log, siteUrl: ctx.env.PUBLIC_SITE_URL }, id, ctx.clock.now());
    // The lead is kept either way; `mailed` tells the visitor whether the voucher is in their inbox.
    res.status(201).json({ ok: true, mailed });
  });

  router.post("/leads/newsletter", async (req, res) => {
    const { id } = await signUpForNewsletter(
      { db: ctx.database.db, env: ctx.env },
      parseBody(newsletterSignupSchema, req.body),
      rateLimitClient(req.ip),
      ctx.clock.now(),
    );
    req.log.info({ signupId: id }, "newsletter signup stored");
    res.status(201).json({ ok: true });
  });

  return router;
}
