import { formatCents } from "~/lib/money";
import type { Db } from "../db/client";
import type { stays } from "../db/schema/index";
import { AppError } from "../http/errors";
import { stayBalance } from "./balance";

/**
 * What a check-out settles (ADR 0154), in its transaction: a stay with a balance left unpaid checks
 * out only when staff say why (kept in the stay's events); then the receipt is issued (`issueReceipt`).
 */
export async function balanceAtCheckOut(tx: Db, stay: typeof stays.$inferSelect, reason: string | undefined): Promise<Record<string, unknown>> {
  const { dueCents } = await stayBalance(tx, stay);
  if (dueCents === 0) return reason ? { reason } : {};
  const why = reason?.trim();
  if (!why) {
    const message = `A balance of ${formatCents(dueCents)} is due. Take it first, or say why the stay checks out unpaid.`;
    throw new AppError(409, "BALANCE_DUE", message, { fields: { reason: message } });
  }
  return { reason: why, unpaidCents: dueCents };
}
