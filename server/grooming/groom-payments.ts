import { and, asc, eq, gt, gte, isNull, lt, ne } from "drizzle-orm";
import { serviceTitle } from "~/domain/service-catalogue";
import type { GroomPaymentInput } from "~/features/stays/bill-schema";
import { addBusinessDays, businessLocalToUtc } from "~/lib/business-time";
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
 * it. The revenue report counts it as the grooms' money taken. The desk takes it (the Stays page,
 * the `desk` permission), where the customer collects the cat and pays.
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
      const [billed] = await tx
        .select({ id: stayBillLines.id })
        .from(stayBillLines)
        .where(and(eq(stayBillLines.appointmentId, groom.id), isNull(stayBillLines.removedAt)));
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

export interface GroomAtDesk {
  id: string;
  serviceTitle: string;
  catNames: string;
  customerEmail: string;
  startsAt: string;
  priceCents: number;
  /** Paid at the desk on its own: how much and how. */
  paid: { amountCents: number; method: "card" | "cash" | "check"; reference: string | null } | null;
  /** On a stay's bill (not removed from it), which collects it. */
  billedOnStayId: string | null;
}

/** The grooms of a day at the desk, not cancelled and with a price, earliest first: what each still needs paid. */
export async function groomsAtDesk(db: Db, day: string): Promise<GroomAtDesk[]> {
  const rows = await db
    .select({ groom: appointments, paid: groomPayments, billedOn: stayBillLines.stayId })
    .from(appointments)
    .leftJoin(groomPayments, eq(groomPayments.appointmentId, appointments.id))
    .leftJoin(stayBillLines, and(eq(stayBillLines.appointmentId, appointments.id), isNull(stayBillLines.removedAt)))
    .where(
      and(
        isNull(appointments.stayId),
        gt(appointments.priceCents, 0),
        ne(appointments.status, "Cancelled"),
        gte(appointments.startsAt, businessLocalToUtc(day, "00:00")),
        lt(appointments.startsAt, businessLocalToUtc(addBusinessDays(day, 1), "00:00")),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  return rows.map(({ groom, paid, billedOn }) => ({
    id: groom.id,
    serviceTitle: serviceTitle(groom.serviceId),
    catNames: groom.catNames,
    customerEmail: groom.customerEmail,
    startsAt: groom.startsAt.toISOString(),
    priceCents: groom.priceCents ?? 0,
    paid: paid ? { amountCents: paid.amountCents, method: paid.method, reference: paid.reference } : null,
    billedOnStayId: billedOn,
  }));
}
