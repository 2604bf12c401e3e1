import { requireUser } from "@server/auth/guards.server";
import { readCatPhoto } from "@server/households/photos";
import { AppError } from "@server/http/errors";
import { privateFileNotFound, privateFileResponse } from "@server/http/private-file";
import { mapRefusals } from "@server/http/refusals";
import type { Route } from "./+types/cats.$catId.photo.$file";

const FILE = /^(\d{1,4})\.webp$/;

/** A cat's photo (one size): for its household and for admins only, never cached (ADR 0120). */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user, isAdmin } = await requireUser(request, context);
  const width = FILE.exec(params.file)?.[1];
  try {
    if (!width) throw new AppError(404, "PHOTO_NOT_FOUND", "Not found");
    const bytes = await readCatPhoto(context.db, { userId: user.id, isAdmin }, params.catId, Number(width));
    return privateFileResponse(bytes, { type: "image/webp", name: `cat-${width}.webp` });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return privateFileNotFound();
    throw error;
  }
});
