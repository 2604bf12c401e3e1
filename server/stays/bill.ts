import { and, asc, eq, gte, isNotNull, isNull, lt, ne } from "drizzle-orm";
import { serviceTitle } from "~/domain/service-catalogue";
import { type BillLineKind, billLineLabel, signedCents } from "~/domain/bill-lines";
import type { BillLineInput } from "~/features/stays/bill-schema";
import type { PriceLine } from "~/domain/pricing";
import { addBusinessDays, businessLocalToUtc, formatCalendarDayWeekday, businessDate } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import { formatCents } from "~/lib/money";
import type { Db } from "../db/client";
import { appointments, groomPayments, stayBillLines, stayEvents, stays } from "../db/schema/index";
import { UNIQUE_VIOLATION, sqlStateOf } from "../db/sql-state";
import { AppError } from "../http/errors";
import { STAY_NOT_FOUND } from "./stay";
import { stayBalance } from "./balance";
import { inTransaction } from "../db/transaction";

/**
 * The bill at check-out is an invoice (ADR 0192): the desk adds lines to a checked-in stay's bill,
 * each a `stay_bill_lines` row written, under the stay's row lock, with the price line and the new
 * total it gives the stay. Everything that reads the stay's price (the balance due, what is owed, the
 * receipt issued at check-out, the revenue report) then reads the line with it. A line added by
 * mistake is removed the same way (ADR 0199). Once the stay is checked out its bill is closed: its
 * receipt is issued and its figures frozen.
 */

const GROOM_NOT_FOUND = () => new AppError(404, "NOT_FOUND", "We could not find that groom.");

type StayRow = typeof stays.$inferSelect;

/** Why a stay's bill takes or gives up no line now, in words for the desk ("added", "removed"); null when it does. */
async function closedBecause(db: Db, stay: StayRow, done: "added" | "removed"): Promise<string | null> {
  if (stay.status === "checked_in") return null;
  if (stay.status === "checked_out") {
    const { dueCents } = await stayBalance(db, stay);
    return dueCents > 0
      ? `This stay is checked out and its receipt issued, so its bill is closed: nothing was ${done}. Take what it still owes from the desk's Owed list.`
      : `This stay is checked out and paid in full, so its bill is closed: nothing was ${done}.`;
  }
  return `Lines are ${done === "added" ? "added to" : "removed from"} the bill while the cat is with us: this stay is not checked in, so nothing was ${done}.`;
}

/**
 * Adds a line to the stay's bill in one transaction under its row lock: refused in words when the
 * bill is closed or a discount is more than the bill, and then nothing changes.
 */
async function addLine(
  db: Db,
  stayId: string,
  line: { kind: BillLineKind; description: string; cents: number; appointmentId?: string },
  staffEmail: string,
  now: Date,
  check?: (tx: Db) => Promise<void>,
): Promise<PriceLine> {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  return inTransaction(db, async (tx) => {
    const [stay] = await tx.select().from(stays).where(eq(stays.id, stayId)).for("update");
    if (!stay) throw STAY_NOT_FOUND();
    const closed = await closedBecause(tx, stay, "added");
    if (closed) throw new AppError(409, "BILL_CLOSED", closed);
    const cents = signedCents(line.kind, line.cents);
    if (stay.totalCents + cents < 0) {
      const message = `A discount can't be more than the bill: at most ${formatCents(stay.totalCents)}.`;
      throw new AppError(400, "DISCOUNT_ABOVE_BILL", message, { fields: { amount: message } });
    }
    await check?.(tx);
    await tx.insert(stayBillLines).values({
      stayId,
      kind: line.kind,
      description: line.description,
      cents,
      appointmentId: line.appointmentId ?? null,
      recordedBy: `staff:${staffEmail}`,
      createdAt: now,
    });
    const priceLine: PriceLine = { label: billLineLabel(line.kind, line.description), cents };
    await tx
      .update(stays)
      .set({ priceLines: [...stay.priceLines, priceLine], totalCents: stay.totalCents + cents, updatedAt: now })
      .where(eq(stays.id, stayId));
    return priceLine;
  });
}

/** A line the desk typed (a late pickup, a vet bill, food or retail, a tip, a discount with its reason). */
export const addBillLine = (db: Db, input: Omit<BillLineInput, "intent"> & { staffEmail: string }, now: Date): Promise<PriceLine> =>
  addLine(db, input.stayId, { kind: input.kind, description: input.description ?? "", cents: input.amount }, input.staffEmail, now);

/** The title of the answer to a line added: "Tip of $10.00 added to the bill". */
export const billLineAddedTitle = (line: PriceLine) => `${line.label}: ${formatCents(line.cents)} added to the bill`;

/** A groom of the stay's household done during it, on the bill at its price, once (its appointment is unique on the bills). */
export async function addGroomToBill(db: Db, input: { stayId: string; appointmentId: string; staffEmail: string }, now: Date): Promise<PriceLine> {
  if (!isUuid(input.appointmentId)) throw GROOM_NOT_FOUND();
  if (!isUuid(input.stayId)) throw STAY_NOT_FOUND();
  const [stay] = await db.select().from(stays).where(eq(stays.id, input.stayId));
  if (!stay) throw STAY_NOT_FOUND();
  const groom = (await groomsDuring(db, stay)).find((g) => g.id === input.appointmentId);
  if (!groom) throw GROOM_NOT_FOUND();
  try {
    return await addLine(
      db,
      input.stayId,
      { kind: "groom", description: `${groom.serviceTitle}, ${formatCalendarDayWeekday(groom.day)}`, cents: groom.priceCents, appointmentId: groom.id },
      input.staffEmail,
      now,
      async (tx) => {
        // Under the groom's row lock, as its payment at the desk is taken: one or the other.
        await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, groom.id)).for("update");
        const [paid] = await tx.select({ id: groomPayments.id }).from(groomPayments).where(eq(groomPayments.appointmentId, groom.id));
        if (paid) throw new AppError(409, "GROOM_PAID", "This groom was paid at the desk already, so it was not added to the bill.");
        const [billed] = await tx.select({ removedAt: stayBillLines.removedAt }).from(stayBillLines).where(eq(stayBillLines.appointmentId, groom.id));
        // A groom is on one bill once, even once removed from it (its appointment is unique on the lines).
        if (billed) throw billed.removedAt ? GROOM_REMOVED() : GROOM_BILLED();
      },
    );
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw GROOM_BILLED();
    throw error;
  }
}

const GROOM_BILLED = () => new AppError(409, "GROOM_BILLED", "This groom is on the bill already, so nothing more was added.");
const GROOM_REMOVED = () =>
  new AppError(409, "GROOM_REMOVED", "This groom was removed from the bill, so it was not added again: take its payment at the desk on its own.");

export interface GroomDuringStay {
  id: string;
  serviceTitle: string;
  catNames: string;
  /** Its day (Los Angeles). */
  day: string;
  priceCents: number;
  /** On this stay's bill, paid at the desk on its own, or neither yet. */
  settled: "billed" | "paid" | null;
}

/**
 * The grooms of the stay's household from its check-in day to its check-out day, not cancelled and
 * with a price: a groom is booked as an appointment of its own (ADR 0134), and is a line of the
 * stay's bill when done during it.
 */
export async function groomsDuring(db: Db, stay: Pick<StayRow, "id" | "householdId" | "checkIn" | "checkOut">): Promise<GroomDuringStay[]> {
  if (!stay.householdId) return [];
  const rows = await db
    .select({ groom: appointments, billedOn: stayBillLines.stayId, paid: groomPayments.id })
    .from(appointments)
    .leftJoin(stayBillLines, and(eq(stayBillLines.appointmentId, appointments.id), isNull(stayBillLines.removedAt)))
    .leftJoin(groomPayments, eq(groomPayments.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.householdId, stay.householdId),
        isNull(appointments.stayId),
        isNotNull(appointments.priceCents),
        ne(appointments.status, "Cancelled"),
        gte(appointments.startsAt, businessLocalToUtc(stay.checkIn, "00:00")),
        lt(appointments.startsAt, businessLocalToUtc(addBusinessDays(stay.checkOut, 1), "00:00")),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  return rows
    .filter((r) => (r.groom.priceCents ?? 0) > 0 && (r.billedOn === null || r.billedOn === stay.id))
    .map((r) => ({
      id: r.groom.id,
      serviceTitle: serviceTitle(r.groom.serviceId),
      catNames: r.groom.catNames,
      day: businessDate(r.groom.startsAt),
      priceCents: r.groom.priceCents!,
      settled: r.billedOn ? "billed" : r.paid ? "paid" : null,
    }));
}

/** A line the desk added and may still remove before check-out. */
export interface AddedBillLine {
  id: string;
  label: string;
  cents: number;
}

/** The bill on the desk's check-out page: the stay's price lines and total, the lines the desk added (not removed), and the grooms done during it. */
export async function deskBill(db: Db, stayId: string) {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [stay] = await db.select().from(stays).where(eq(stays.id, stayId));
  if (!stay) throw STAY_NOT_FOUND();
  const added = await db
    .select()
    .from(stayBillLines)
    .where(and(eq(stayBillLines.stayId, stayId), isNull(stayBillLines.removedAt)))
    .orderBy(asc(stayBillLines.createdAt));
  return {
    lines: stay.priceLines,
    totalCents: stay.totalCents,
    added: added.map((l): AddedBillLine => ({ id: l.id, label: billLineLabel(l.kind, l.description), cents: l.cents })),
    grooms: await groomsDuring(db, stay),
  };
}

const LINE_NOT_FOUND = () => new AppError(404, "NOT_FOUND", "We could not find that line on this stay's bill.");

/**
 * Removes a line the desk added by mistake, before check-out (ADR 0199), in one transaction under the
 * stay's row lock: the row is kept with who removed it and when, its price line leaves the stay's
 * lines and total, and the stay's history says so. Refused in words once the bill is closed, when the
 * line was removed already, or when a discount would then be more than the bill; nothing changes.
 */
export async function removeBillLine(db: Db, input: { stayId: string; lineId: string; staffEmail: string }, now: Date): Promise<PriceLine> {
  if (!isUuid(input.stayId)) throw STAY_NOT_FOUND();
  if (!isUuid(input.lineId)) throw LINE_NOT_FOUND();
  return inTransaction(db, async (tx) => {
    const [stay] = await tx.select().from(stays).where(eq(stays.id, input.stayId)).for("update");
    if (!stay) throw STAY_NOT_FOUND();
    const [line] = await tx
      .select()
      .from(stayBillLines)
      .where(and(eq(stayBillLines.id, input.lineId), eq(stayBillLines.stayId, stay.id)));
    if (!line) throw LINE_NOT_FOUND();
    const closed = await closedBecause(tx, stay, "removed");
    if (closed) throw new AppError(409, "BILL_CLOSED", closed);
    const priceLine: PriceLine = { label: billLineLabel(line.kind, line.description), cents: line.cents };
    if (line.removedAt) throw new AppError(409, "LINE_REMOVED", `${priceLine.label} was removed from the bill already, so nothing changed.`);
    if (stay.totalCents - line.cents < 0)
      throw new AppError(409, "DISCOUNT_ABOVE_BILL", "The discount would then be more than the bill: remove the discount first.");
    // The last price line that is this one (two equal lines are interchangeable).
    const at = stay.priceLines.findLastIndex((l) => l.label === priceLine.label && l.cents === priceLine.cents);
    await tx
      .update(stays)
      .set({ priceLines: stay.priceLines.filter((_, i) => i !== at), totalCents: stay.totalCents - line.cents, updatedAt: now })
      .where(eq(stays.id, stay.id));
    await tx
      .update(stayBillLines)
      .set({ removedAt: now, removedBy: `staff:${input.staffEmail}` })
      .where(eq(stayBillLines.id, line.id));
    await tx.insert(stayEvents).values({
      stayId: stay.id,
      kind: "bill_line_removed",
      actor: `staff:${input.staffEmail}`,
      detail: { label: priceLine.label, cents: line.cents },
      at: now,
    });
    return priceLine;
  });
}

/** The title of the answer to a line removed: "Tip: $10.00 removed from the bill". */
export const billLineRemovedTitle = (line: PriceLine) => `${line.label}: ${formatCents(line.cents)} removed from the bill`;
