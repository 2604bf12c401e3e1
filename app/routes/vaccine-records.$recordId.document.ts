import { requireUser } from "@server/auth/guards.server";
import { AppError } from "@server/http/errors";
import { privateFileNotFound, privateFileResponse } from "@server/http/private-file";
import { readVaccineDocument } from "@server/households/vaccines";
import { mapRefusals } from "@server/http/refusals";
import type { Route } from "./+types/vaccine-records.$recordId.document";

/**
 * A vaccine record's document: for the cat's household and for admins only (a visitor signs in
 * first and comes back), shown in the browser, never cached (ADR 0120).
 */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user, isAdmin } = await requireUser(request, context);
  try {
    const document = await readVaccineDocument(context.db, { userId: user.id, isAdmin }, params.recordId);
    return privateFileResponse(document.bytes, { type: document.type, name: document.name });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return privateFileNotFound();
    throw error;
  }
});
