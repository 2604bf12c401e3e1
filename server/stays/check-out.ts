import { formatCents } from "~/lib/money";
import type { Db } from "../db/client";
import type { stays } from "../db/schema/index";
import { AppError } from "../http/errors";
import { type StayBalance, stayBalance } from "./balance";

/**
 * What a check-out settles (ADR 0154), in its transaction: a stay with a balance left unpaid checks
 * out only when staff say why (the `detail` kept in the stay's events); the balance read here is the
 * one its receipt then states (`issueReceipt`).
 */
export async function balanceAtCheckOut(
  tx: Db,
  stay: typeof stays.$inferSelect,
  reason: string | undefined,
): Promise<{ balance: StayBalance; detail: Record<string, unknown> }> {
  const balance = await stayBalance(tx, stay);
  const { dueCents } = balance;
  if (dueCents === 0) return { balance, detail: reason ? { reason } : {} };
  const why = reason?.trim();
  if (!why) {
    const message = `A balance of ${formatCents(dueCents)} is due. Take it first, or say why the stay checks out unpaid.`;
    throw new AppError(409, "BALANCE_DUE", message, { fields: { reason: message } });
  }
  return { balance, detail: { reason: why, unpaidCents: dueCents } };
}
