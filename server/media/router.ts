import express, { type ErrorRequestHandler, Router } from "express";
import { z } from "~/lib/zod";
import { IMAGE_PURPOSES, UPLOAD_LIMITS } from "~/domain/images";
import { currentAuth } from "../auth/guards.server";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { parseBody } from "../http/validation";
import { TOO_BIG_MESSAGE, processUpload } from "./process";
import { findVariant, saveImage } from "./store";

const uploadQuery = z.object({
  purpose: z.enum(IMAGE_PURPOSES, "Say what the image is for: ?purpose=review or ?purpose=team"),
});

// The API's JSON body cap (MAX_BODY_BYTES) is far below a photo: uploads are read raw, with their own cap.
const rawImageBody = express.raw({ type: () => true, limit: UPLOAD_LIMITS.maxBytes });

const tooBigAsAppError: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err?.type === "entity.too.large") return next(new AppError(413, "IMAGE_TOO_BIG", TOO_BIG_MESSAGE));
  next(err);
};

/**
 * POST /api/admin/media?purpose=review|team with the image file itself as the body. Mounted
 * under /api/admin, so it is admin-only (401/403) before the body is read.
 */
export function adminMediaRouter(ctx: AppContext): Router {
  const router = Router();
  router.post("/", rawImageBody, async (req, res) => {
    const { purpose } = parseBody(uploadQuery, req.query);
    // A JSON body was already parsed by the API's JSON parser: it is not an image.
    if (!Buffer.isBuffer(req.body)) throw new AppError(400, "IMAGE_MISSING", "Send the image file itself as the request body (JPEG, PNG or WebP).");
    const processed = await processUpload(req.body, purpose);
    const image = await saveImage(ctx.database.db, purpose, processed, currentAuth(res).user.email);
    req.log?.info({ imageId: image.id, purpose, bytes: processed.sourceBytes }, "image uploaded");
    res.status(201).json({ image });
  });
  router.use(tooBigAsAppError);
  return router;
}

const VARIANT_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{1,5})\.webp$/;

/**
 * GET /media/<image id>-<width>.webp: the stored bytes. An id's bytes never change, so browsers
 * and proxies may keep them for a year.
 */
export function mediaFilesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get("/:file", async (req, res) => {
    const match = VARIANT_FILE.exec(req.params.file);
    const bytes = match ? await findVariant(ctx.database.db, match[1]!, Number(match[2])) : null;
    if (!bytes) {
      res.status(404).set("cache-control", "no-store").type("text/plain").send("Not found");
      return;
    }
    res
      .set({
        "content-type": "image/webp",
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      })
      .send(bytes);
  });
  return router;
}
