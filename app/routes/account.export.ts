import { requireUser } from "@server/auth/guards.server";
import { exportZip } from "@server/privacy/export";
import { mapRefusals } from "@server/http/refusals";
import type { Route } from "./+types/account.export";

/**
 * The privacy export (ADR 0124): everything stored about the signed-in customer's account and
 * household, as a zip of a JSON file and the stored documents and photos. Only for the account
 * itself, never kept by a cache on the way.
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  const { fileName, zip } = await exportZip(context.db, user.id, context.clock.now());
  context.logger.info({ userId: user.id, bytes: zip.byteLength }, "privacy export downloaded");
  return new Response(new Uint8Array(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(zip.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
});
