import { type Request, Router } from "express";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { createVoucherRequest, sendVoucherMail, signUpForNewsletter } from "./leads";
import { rateLimitClient } from "../http/client-address";

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** Forms post from our own pages only; a browser tells us when a request comes from another site. */
function requireSameSite(req: Request) {
  const site = req.get("sec-fetch-site");
  const origin = req.get("origin");
  if (site === "cross-site" || (origin !== undefined && hostOf(origin) !== req.get("host"))) {
    throw new AppError(403, "CROSS_SITE", "This form can only be sent from our website.");
  }
}

export function leadsRouter(ctx: AppContext): Router {
  const router = Router();

  router.post("/leads/voucher", async (req, res) => {
    requireSameSite(req);
    const { id } = await createVoucherRequest(ctx.database.db, req.body, rateLimitClient(req.ip), ctx.clock.now());
    req.log.info({ leadId: id }, "voucher request stored");
    const mailed = await sendVoucherMail({ db: ctx.database.db, mailer: ctx.mailer, logger: req.log, siteUrl: ctx.env.PUBLIC_SITE_URL }, id, ctx.clock.now());
    // The lead is kept either way; `mailed` tells the visitor whether the voucher is in their inbox.
    res.status(201).json({ ok: true, mailed });
  });

  router.post("/leads/newsletter", async (req, res) => {
    requireSameSite(req);
    const { id } = await signUpForNewsletter(ctx.database.db, req.body, rateLimitClient(req.ip), ctx.clock.now());
    req.log.info({ signupId: id }, "newsletter signup stored");
    // Welcome e-mail with the unsubscribe link: sent once the mail module offers templates.
    res.status(201).json({ ok: true });
  });

  return router;
}
