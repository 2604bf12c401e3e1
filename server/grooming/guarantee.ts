import { and, desc, eq, gte, isNotNull, isNull, lt } from "drizzle-orm";
import { serviceTitle } from "~/domain/service-catalogue";
import type { GroomGuaranteeInput } from "~/features/grooming/schema";
import { GUARANTEE_DAYS } from "~/domain/guarantee";
import { addBusinessDays, businessDate, businessLocalToUtc, formatCalendarDayWeekday, nextBusinessDate } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import { formatCents } from "~/lib/money";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { appointments, groomGuarantees, groomPayments, stayBillLines } from "../db/schema/index";
import { UNIQUE_VIOLATION, sqlStateOf } from "../db/sql-state";
import { AppError } from "../http/errors";
import { queueMail } from "../mail/queue";
import { groomGuaranteeMail } from "../messages/catalogue";
import { inTransaction } from "../db/transaction";

/**
 * The satisfaction guarantee on a completed groom (ADR 0166). A groom is paid at the salon, never
 * online, so nothing goes back through a payment provider: staff give the amount back at the desk
 * (cash or a check) and record it here, once per groom, within the promised days, and at most what
 * was paid for it at the desk (ADR 0192). The customer gets a mail confirming it; the revenue report
 * counts it as the grooms' refunds.
 */

const GROOM_NOT_FOUND = () => new AppError(404, "NOT_FOUND", "We could not find that groom.");
const ALREADY_GIVEN = () =>
  new AppError(409, "GUARANTEE_ALREADY_GIVEN", "The satisfaction guarantee was already given for this groom, so nothing more was recorded.");

/** The first groom day still inside the guarantee on `today` (a Los Angeles day). */
const firstDayCovered = (today: string) => addBusinessDays(today, -GUARANTEE_DAYS);

export interface GroomGuaranteeGiven {
  amountCents: number;
  method: "cash" | "check";
  reason: string;
  recordedBy: string;
  createdAt: string;
}

export interface CompletedGroom {
  id: string;
  serviceTitle: string;
  catNames: string;
  customerEmail: string;
  startsAt: string;
  priceCents: number;
  /** Paid at the desk on its own (ADR 0192). */
  paid: { amountCents: number; method: "card" | "cash" | "check"; reference: string | null } | null;
  /** The stay whose bill it is on, which collects it. */
  billedOnStayId: string | null;
  guarantee: GroomGuaranteeGiven | null;
}

/**
 * The grooms completed in the guarantee's days (from `today` less GUARANTEE_DAYS up to today), latest
 * first, each with the guarantee given for it, if any. Only grooms with a price: the guarantee gives
 * back at most that.
 */
export async function recentlyCompletedGrooms(db: Db, today: string): Promise<CompletedGroom[]> {
  const rows = await db
    .select({ groom: appointments, guarantee: groomGuarantees, paid: groomPayments, billedOn: stayBillLines.stayId })
    .from(appointments)
    .leftJoin(groomGuarantees, eq(groomGuarantees.appointmentId, appointments.id))
    .leftJoin(groomPayments, eq(groomPayments.appointmentId, appointments.id))
    .leftJoin(stayBillLines, and(eq(stayBillLines.appointmentId, appointments.id), isNull(stayBillLines.removedAt)))
    .where(
      and(
        isNull(appointments.stayId),
        isNotNull(appointments.priceCents),
        eq(appointments.status, "Completed"),
        gte(appointments.startsAt, businessLocalToUtc(firstDayCovered(today), "00:00")),
        lt(appointments.startsAt, businessLocalToUtc(nextBusinessDate(today), "00:00")),
      ),
    )
    .orderBy(desc(appointments.startsAt));
  return rows.map(({ groom, guarantee, paid, billedOn }) => ({
    id: groom.id,
    serviceTitle: serviceTitle(groom.serviceId),
    catNames: groom.catNames,
    customerEmail: groom.customerEmail,
    startsAt: groom.startsAt.toISOString(),
    priceCents: groom.priceCents ?? 0,
    paid: paid ? { amountCents: paid.amountCents, method: paid.method, reference: paid.reference } : null,
    billedOnStayId: billedOn,
    guarantee: guarantee
      ? {
          amountCents: guarantee.amountCents,
          method: guarantee.method,
          reason: guarantee.reason,
          recordedBy: guarantee.recordedBy,
          createdAt: guarantee.createdAt.toISOString(),
        }
      : null,
  }));
}

/**
 * Records the guarantee staff gave at the desk for a completed groom and queues the customer's mail,
 * in one transaction under the groom's row lock. Refused: a groom that is not completed, one older
 * than GUARANTEE_DAYS, an amount above its price, and a second guarantee (checked, and held by the
 * unique appointment whatever races).
 */
export async function recordGroomGuarantee(
  db: Db,
  input: Omit<GroomGuaranteeInput, "amount" | "intent"> & { amountCents: number; staffEmail: string },
  ctx: { siteUrl: string; now: Date },
): Promise<{ amountCents: number; method: "cash" | "check" }> {
  const now = ctx.now;
  if (!isUuid(input.appointmentId)) throw GROOM_NOT_FOUND();
  // Read outside the transaction: the content cache is the database's handle, not the transaction's.
  const { business } = await loadSiteContent(db);
  try {
    return await inTransaction(db, async (tx) => {
      const [groom] = await tx
        .select()
        .from(appointments)
        .where(and(eq(appointments.id, input.appointmentId), isNull(appointments.stayId)))
        .for("update");
      if (!groom) throw GROOM_NOT_FOUND();
      if (groom.status !== "Completed")
        throw new AppError(409, "GROOM_NOT_COMPLETED", "The satisfaction guarantee is for a completed groom: mark the groom completed first.");
      const day = businessDate(groom.startsAt);
      if (day < firstDayCovered(businessDate(now)))
        throw new AppError(
          409,
          "GUARANTEE_DAYS_PASSED",
          `The satisfaction guarantee is for ${GUARANTEE_DAYS} days after a groom; this one was on ${formatCalendarDayWeekday(day)}.`,
        );
      // What is given back was paid (ADR 0192): the grooms' net in the revenue report is never below nothing.
      const [paid] = await tx.select({ amountCents: groomPayments.amountCents }).from(groomPayments).where(eq(groomPayments.appointmentId, groom.id));
      const [billed] = await tx
        .select({ id: stayBillLines.id })
        .from(stayBillLines)
        .where(and(eq(stayBillLines.appointmentId, groom.id), isNull(stayBillLines.removedAt)));
      if (!paid) {
        const message = billed
          ? "This groom is on its stay's bill: give it back as a refund of the stay's payment."
          : "Record the groom's payment first: the guarantee gives back what was paid.";
        throw new AppError(409, "GROOM_NOT_PAID", message, { fields: { amount: message } });
      }
      if (input.amountCents > paid.amountCents) {
        const message = `Give back at most ${formatCents(paid.amountCents)}, what was paid for the groom.`;
        throw new AppError(400, "REFUND_TOO_LARGE", message, { fields: { amount: message } });
      }
      const [given] = await tx.select({ id: groomGuarantees.id }).from(groomGuarantees).where(eq(groomGuarantees.appointmentId, groom.id));
      if (given) throw ALREADY_GIVEN();
      const [row] = await tx
        .insert(groomGuarantees)
        .values({
          appointmentId: groom.id,
          amountCents: input.amountCents,
          method: input.method,
          reason: input.reason,
          recordedBy: `staff:${input.staffEmail}`,
          createdAt: now,
        })
        .returning();
      // A deleted account's groom keeps only a placeholder address: nobody to tell.
      if (!groom.customerEmail.endsWith(".invalid"))
        await queueMail(
          tx,
          {
            dedupeKey: `groom:${groom.id}:guarantee`,
            message: groomGuaranteeMail({
              to: groom.customerEmail,
              amountCents: row!.amountCents,
              method: row!.method,
              groom: { serviceTitle: serviceTitle(groom.serviceId), catNames: groom.catNames, startsAt: groom.startsAt },
              business,
              siteUrl: ctx.siteUrl,
            }),
          },
          now,
        );
      return { amountCents: row!.amountCents, method: row!.method };
    });
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw ALREADY_GIVEN();
    throw error;
  }
}
