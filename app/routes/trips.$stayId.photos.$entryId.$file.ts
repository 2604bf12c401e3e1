import { requireUser } from "@server/auth/guards.server";
import { readCarePhoto } from "@server/care/care";
import { AppError } from "@server/http/errors";
import { privateFileNotFound, privateFileResponse } from "@server/http/private-file";
import { mapRefusals } from "@server/http/refusals";
import type { Route } from "./+types/trips.$stayId.photos.$entryId.$file";

const FILE = /^(\d{1,4})\.webp$/;

/** A photo of a stay's care log (one size): for the stay's household and for staff only, never cached (ADR 0120, 0157). */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user, isStaff } = await requireUser(request, context);
  const width = FILE.exec(params.file)?.[1];
  try {
    if (!width) throw new AppError(404, "PHOTO_NOT_FOUND", "Not found");
    const bytes = await readCarePhoto(context.db, { userId: user.id, isStaff }, params.stayId, params.entryId, Number(width));
    return privateFileResponse(bytes, { type: "image/webp", name: `care-${width}.webp` });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return privateFileNotFound();
    throw error;
  }
});
