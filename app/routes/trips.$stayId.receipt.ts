import { requireUser } from "@server/auth/guards.server";
import { loadSiteContent } from "@server/content/content";
import { AppError } from "@server/http/errors";
import { privateFileNotFound, privateFileResponse } from "@server/http/private-file";
import { mapRefusals } from "@server/http/refusals";
import { receiptPdf } from "@server/receipts/receipt-pdf";
import { readReceipt, stayParties } from "@server/stays/receipts";
import { receiptNumberText } from "~/domain/receipt";
import type { Route } from "./+types/trips.$stayId.receipt";

/** A stay's receipt as a PDF (ADR 0154): for the stay's household and for admins only, never cached. */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user, isAdmin } = await requireUser(request, context);
  try {
    const receipt = await readReceipt(context.db, { userId: user.id, isAdmin }, params.stayId);
    const { business } = await loadSiteContent(context.db);
    return privateFileResponse(receiptPdf(receipt, await stayParties(context.db, receipt.stayId), business), {
      type: "application/pdf",
      name: `receipt-${receiptNumberText(receipt.number)}.pdf`,
      disposition: "attachment",
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return privateFileNotFound();
    throw error;
  }
});
