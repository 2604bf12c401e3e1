import { and, eq, isNull } from "drizzle-orm";
import type { GroomPaymentInput } from "~/features/stays/bill-schema";
import { isUuid } from "~/lib/ids";
import { formatCents } from "~/lib/money";
import type { Db } from "../db/client";
import { appointments, groomPayments, stayBillLines } from "../db/schema/index";
import { UNIQUE_VIOLATION, sqlStateOf } from "../db/sql-state";
import { AppError } from "../http/errors";
import { inTransaction } from "../db/transaction";

/**
 * A groom paid at the desk on its own (ADR 0192): its price, once (the unique appointment holds it
 * whatever races), under the groom's row lock, unless the groom is on a stay's bill, which collects
 * it. The revenue report counts it as the grooms' money taken.
 */

const GROOM_NOT_FOUND = () => new AppError(404, "NOT_FOUND", "We could not find that groom.");
const ALREADY_PAID = () => new AppError(409, "GROOM_PAID", "This groom was paid already, so nothing more was recorded.");

export async function recordGroomPayment(
  db: Db,
  input: Omit<GroomPaymentInput, "intent"> & { staffEmail: string },
  now: Date,
): Promise<{ amountCents: number }> {
  if (!isUuid(input.appointmentId)) throw GROOM_NOT_FOUND();
  try {
    return await inTransaction(db, async (tx) => {
      const [groom] = await tx
        .select()
        .from(appointments)
        .where(and(eq(appointments.id, input.appointmentId), isNull(appointments.stayId)))
        .for("update");
      if (!groom || groom.priceCents === null) throw GROOM_NOT_FOUND();
      if (groom.status === "Cancelled") throw new AppError(409, "GROOM_CANCELLED", "This groom was cancelled, so there is nothing to pay.");
      if (groom.priceCents <= 0) throw new AppError(409, "GROOM_FREE", "This groom has no price on record, so there is nothing to pay.");
      const [billed] = await tx.select({ id: stayBillLines.id }).from(stayBillLines).where(eq(stayBillLines.appointmentId, groom.id));
      if (billed) throw new AppError(409, "GROOM_BILLED", "This groom is on its stay's bill, which collects it: nothing was recorded here.");
      const [paid] = await tx.select({ id: groomPayments.id }).from(groomPayments).where(eq(groomPayments.appointmentId, groom.id));
      if (paid) throw ALREADY_PAID();
      await tx.insert(groomPayments).values({
        appointmentId: groom.id,
        amountCents: groom.priceCents,
        method: input.method,
        reference: input.method === "check" ? (input.checkNumber ?? null) : null,
        recordedBy: `staff:${input.staffEmail}`,
        paidAt: now,
      });
      return { amountCents: groom.priceCents };
    });
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw ALREADY_PAID();
    throw error;
  }
}

export const groomPaidTitle = (amountCents: number) => `Groom paid: ${formatCents(amountCents)} recorded`;
