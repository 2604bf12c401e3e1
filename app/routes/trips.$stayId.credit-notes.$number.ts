import { requireUser } from "@server/auth/guards.server";
import { loadSiteContent } from "@server/content/content";
import { AppError } from "@server/http/errors";
import { privateFileNotFound, privateFileResponse } from "@server/http/private-file";
import { mapRefusals } from "@server/http/refusals";
import { creditNotePdf } from "@server/receipts/credit-note-pdf";
import { readCreditNote } from "@server/stays/credit-notes";
import { stayParties } from "@server/stays/receipts";
import { creditNoteNumberText } from "~/domain/credit-note";
import type { Route } from "./+types/trips.$stayId.credit-notes.$number";

/** One of a stay's credit notes as a PDF (ADR 0193): for the stay's household and for admins only, never cached. */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user, isAdmin } = await requireUser(request, context);
  try {
    const note = await readCreditNote(context.db, { userId: user.id, isAdmin }, params.stayId, params.number);
    const { business } = await loadSiteContent(context.db);
    return privateFileResponse(creditNotePdf(note, await stayParties(context.db, note.stayId), business), {
      type: "application/pdf",
      name: `credit-note-${creditNoteNumberText(note.number)}.pdf`,
      disposition: "attachment",
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return privateFileNotFound();
    throw error;
  }
});
