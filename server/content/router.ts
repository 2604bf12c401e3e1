import { Router } from "express";
import { z } from "~/lib/zod";
import { contentKeySchema } from "~/features/content/schema";
import { currentAuth } from "../auth/guards.server";
import type { AppContext } from "../context";
import { parseBody } from "../http/validation";
import { type ContentRevision, contentHistory, loadEditableContent, publishDraft, publishValue, revertTo, saveDraft } from "./content";

const keyParam = z.object({ key: contentKeySchema });
const valueBody = z.object({ value: z.unknown() });
const publishBody = z.union([z.object({ revisionId: z.number().int().positive() }), valueBody]);
const revertBody = z.object({
  revisionId: z.number("Choose a revision to revert to").int().positive().nullable(),
});

/** The revision as the admin page shows it. */
export const revisionView = (r: ContentRevision) => ({
  id: r.id,
  key: r.key,
  status: r.status,
  value: r.value,
  sourceRevisionId: r.sourceRevisionId,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});
export type RevisionView = ReturnType<typeof revisionView>;

/** /api/admin/content: mounted under /api/admin, so every call is already admin-only (401/403). */
export function adminContentRouter(ctx: AppContext): Router {
  const router = Router();
  const db = ctx.database.db;
  const email = (res: Parameters<typeof currentAuth>[0]) => currentAuth(res).user.email;

  router.get("/", async (_req, res) => {
    res.set("cache-control", "no-store").json({ content: await loadEditableContent(db) });
  });

  router.get("/:key/history", async (req, res) => {
    const { key } = parseBody(keyParam, req.params);
    res.set("cache-control", "no-store").json({ revisions: (await contentHistory(db, key)).map(revisionView) });
  });

  router.post("/:key/drafts", async (req, res) => {
    const { key } = parseBody(keyParam, req.params);
    const { value } = parseBody(valueBody, req.body);
    res.status(201).json({
      revision: revisionView(await saveDraft(db, key, value, email(res))),
    });
  });

  // Publishes a saved draft ({ revisionId }) or a value straight from the form ({ value }).
  router.post("/:key/publish", async (req, res) => {
    const { key } = parseBody(keyParam, req.params);
    const body = parseBody(publishBody, req.body);
    const revision = "revisionId" in body ? await publishDraft(db, key, body.revisionId, email(res)) : await publishValue(db, key, body.value, email(res));
    req.log?.info({ key, revisionId: revision.id }, "site content published");
    res.status(201).json({ revision: revisionView(revision) });
  });

  router.post("/:key/revert", async (req, res) => {
    const { key } = parseBody(keyParam, req.params);
    const { revisionId } = parseBody(revertBody, req.body);
    const revision = await revertTo(db, key, revisionId, email(res));
    req.log?.info({ key, revisionId: revision.id, to: revisionId }, "site content reverted");
    res.status(201).json({ revision: revisionView(revision) });
  });

  return router;
}
