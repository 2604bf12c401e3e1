import { and, asc, eq, gt, gte, inArray, isNotNull, lt, ne } from "drizzle-orm";
import { serviceSlug } from "~/domain/service-catalogue";
import type { BookGroomRequest, GroomDay, RescheduleGroomRequest } from "~/features/grooming/schema";
import { type FreeTime, type GroomerDay, freeTimes, groomLength } from "~/domain/groom-slots";
import { type WeeklyWindows, weekdayOf } from "~/domain/calendar";
import { addBusinessDays, businessDate, businessLocalToUtc, nextBusinessDate } from "~/lib/business-time";
import { type Actor, CANCELLATION_WINDOW_HOURS, cancelByCustomer } from "../appointments/appointments";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { lockForBooking } from "../db/booking-lock";
import { withExclusionRetry } from "../db/exclusion-retry";
import { appointments, groomerDaysOff, groomers, groomingServices } from "../db/schema/index";
import { type CatCoverage, vaccineCoverage } from "../households/vaccines";
import { isUuid } from "~/lib/ids";
import { getHousehold } from "../households/households";
import { ownedBy } from "../db/owned";
import { AppError } from "../http/errors";
import { householdCats } from "../stays/household-cats";
import { queueGroomMail } from "./groom-mail";
import { type GroomStay, fitsWindows, stayForGroom } from "./stay-groom";
import { inTransaction } from "../db/transaction";

/**
 * Booking a groom (ADR 0130). A groom is a row of `appointments` with its groomer, cats and price;
 * the free start times are the plain function of app/domain/groom-slots.ts over the groomers'
 * day. The row is written in one transaction: the groomers who could take the time are locked
 * (ADR 0142), their grooms at that time read again, and the first still free gets it; a request for a
 * time another took a moment ago waited for it at the lock and is told at once. The exclusion
 * constraint `appointments_groomer_no_overlap` stays the final guard (staff edits take no lock): when
 * it refuses, the booking runs again with what is then free.
 */

export type Groom = typeof appointments.$inferSelect;

/** The statuses that hold a groomer's time (the constraint's WHERE says the same). */
export const ACTIVE_GROOM_STATUSES = ["Confirmed", "Pending"] as const;
/** How far ahead a groom may be booked, and how soon: not within the next hour. */
export const BOOKING_HORIZON_DAYS = 90;
const LEAD_MINUTES = 60;

const SERVICE_NOT_FOUND = () =>
  new AppError(404, "SERVICE_NOT_FOUND", "We couldn't find that grooming service. Please choose one from the list.", {
    fields: { serviceId: "Choose a grooming service from the list" },
  });
const TIME_NOT_FREE = () =>
  new AppError(409, "TIME_NOT_FREE", "That time is no longer free. Please choose another time.", { fields: { time: "Choose one of the times shown" } });
const GROOM_NOT_FOUND = () => new AppError(404, "NOT_FOUND", "We could not find that appointment.");

export interface GroomingService {
  id: string;
  title: string;
  description: string;
  durationMinutes: number;
  priceCents: number;
  bookable: boolean;
}

/**
 * The grooming services of the published content with their duration and price. Customers get the
 * bookable ones; `all` adds those without a price yet (admin), with zeros.
 */
export async function listGroomingServices(db: Db, options: { all?: boolean } = {}): Promise<GroomingService[]> {
  const [{ services }, rows] = await Promise.all([loadSiteContent(db), db.select().from(groomingServices)]);
  return services
    .filter((s) => s.serviceType === "PetGrooming")
    .flatMap((s) => {
      const id = serviceSlug(s.title);
      const row = rows.find((r) => r.serviceId === id);
      if (!row && !options.all) return [];
      if (row && !row.bookable && !options.all) return [];
      return [
        {
          id,
          title: s.title,
          description: s.description,
          durationMinutes: row?.durationMinutes ?? 0,
          priceCents: row?.priceCents ?? 0,
          bookable: row?.bookable ?? false,
        },
      ];
    });
}

/** Admin: a grooming service's duration and price per cat (the service must be one of the published grooming services). */
export async function saveGroomingService(
  db: Db,
  input: { serviceId: string; durationMinutes: number; priceCents: number; bookable: boolean },
  actor: string,
  now: Date,
) {
  const known = await listGroomingServices(db, { all: true });
  if (!known.some((s) => s.id === input.serviceId)) throw SERVICE_NOT_FOUND();
  const values = { durationMinutes: input.durationMinutes, priceCents: input.priceCents, bookable: input.bookable, updatedAt: now, updatedBy: actor };
  await db
    .insert(groomingServices)
    .values({ serviceId: input.serviceId, ...values })
    .onConflictDoUpdate({ target: groomingServices.serviceId, set: values });
}

/** Every active groomer's day: hours and breaks of the weekday, day off or not, and the grooms they hold (but `ignoreId`). */
export async function groomerDays(db: Db, day: string, ignoreId?: string): Promise<GroomerDay[]> {
  const from = businessLocalToUtc(day, "00:00");
  const to = businessLocalToUtc(nextBusinessDate(day), "00:00");
  const active = await db.select().from(groomers).where(eq(groomers.active, true)).orderBy(asc(groomers.sortOrder), asc(groomers.name));
  if (active.length === 0) return [];
  const ids = active.map((g) => g.id);
  const off = await db
    .select({ groomerId: groomerDaysOff.groomerId })
    .from(groomerDaysOff)
    .where(and(eq(groomerDaysOff.day, day), inArray(groomerDaysOff.groomerId, ids)));
  const busy = await db
    .select({ groomerId: appointments.groomerId, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        inArray(appointments.groomerId, ids),
        inArray(appointments.status, [...ACTIVE_GROOM_STATUSES]),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
        ignoreId ? ne(appointments.id, ignoreId) : undefined,
      ),
    );
  const weekday = weekdayOf(day);
  return active.map((g) => ({
    groomerId: g.id,
    hours: g.workingHours[weekday] ?? [],
    breaks: g.breaks[weekday] ?? [],
    dayOff: off.some((o) => o.groomerId === g.id),
    busy: busy.filter((b) => b.groomerId === g.id).map((b) => ({ startsAt: b.startsAt, endsAt: b.endsAt! })),
  }));
}

/** Why a day cannot be booked, or null. */
export function dayProblem(day: string, today: string): string | null {
  if (day < today) return "Choose today or a later day.";
  if (day > addBusinessDays(today, BOOKING_HORIZON_DAYS)) return `Grooms can be booked up to ${BOOKING_HORIZON_DAYS} days ahead.`;
  return null;
}

export interface GroomQuote {
  service: GroomingService;
  cats: { id: string; name: string }[];
  durationMinutes: number;
  priceCents: number;
  coverage: CatCoverage[];
  times: FreeTime[];
  /** Booked from a stay: the stay whose departure day it is (only times inside its departure windows are offered). */
  stay: GroomStay | null;
}

/** What the customer may book for this service, cats and day: the free start times; nothing is held. */
export async function quoteGroom(db: Db, userId: string, request: GroomDay, now: Date, ignoreId?: string): Promise<GroomQuote> {
  const problem = dayProblem(request.day, businessDate(now));
  if (problem) throw new AppError(400, "DAY_NOT_BOOKABLE", problem, { fields: { day: problem } });
  // One read after another: when booking, they run in the booking's transaction, on one connection.
  const stay = request.stayId ? await stayForGroom(db, userId, request.stayId, businessDate(now)) : null;
  if (stay && stay.checkOut !== request.day) {
    const message = "A groom added to a stay is on the stay's departure day.";
    throw new AppError(400, "NOT_DEPARTURE_DAY", message, { fields: { day: message } });
  }
  const services = await listGroomingServices(db);
  const chosen = await householdCats(db, userId, request.catIds);
  const service = services.find((s) => s.id === request.serviceId);
  if (!service) throw SERVICE_NOT_FOUND();
  const coverage = await vaccineCoverage(db, { userId, catIds: request.catIds, through: request.day, now, throughLabel: "the groom" });
  const days = await groomerDays(db, request.day, ignoreId);
  const length = groomLength(service, chosen.length);
  const notBefore = new Date(now.getTime() + LEAD_MINUTES * 60_000);
  return {
    service,
    cats: chosen.map(({ id, name }) => ({ id, name })),
    ...length,
    coverage,
    times: freeTimes(request.day, length.durationMinutes, days, notBefore).filter(stay ? fitsWindows(request.day, stay.departureWindows) : () => true),
    stay,
  };
}

function coverageRefusal(coverage: CatCoverage[]) {
  const problems = coverage.filter((c) => c.state === "not-covered").flatMap((c) => c.problems.map((p) => `${c.catName}: ${p}`));
  return new AppError(409, "VACCINES_NOT_COVERED", `Before we can book this groom: ${problems.join(" ")}`, { problems });
}

/** The quote's slot at `time`, the vaccine rule held; the status the groom gets. */
function checkedSlot(quote: GroomQuote, time: string) {
  if (quote.coverage.some((c) => c.state === "not-covered")) throw coverageRefusal(quote.coverage);
  const slot = quote.times.find((t) => t.time === time);
  if (!slot) throw TIME_NOT_FREE();
  const status = quote.coverage.some((c) => c.state === "awaiting-review") ? ("Pending" as const) : ("Confirmed" as const);
  return { slot, status };
}

/**
 * Of the groomers free at `slot` when quoted, the one who takes it (`preferred` when still free, else
 * the first in the quote's order), decided under their locks (ADR 0142): whoever booked one of them a
 * moment ago has committed, and their grooms at that time are read again. Refused when none is free.
 */
async function lockedGroomer(tx: Db, slot: FreeTime, ignoreId?: string, preferred?: string | null): Promise<string> {
  await lockForBooking(tx, { groomer: slot.groomerIds });
  const taken = await tx
    .selectDistinct({ groomerId: appointments.groomerId })
    .from(appointments)
    .where(
      and(
        inArray(appointments.groomerId, slot.groomerIds),
        inArray(appointments.status, [...ACTIVE_GROOM_STATUSES]),
        lt(appointments.startsAt, slot.endsAt),
        gt(appointments.endsAt, slot.startsAt),
        ignoreId ? ne(appointments.id, ignoreId) : undefined,
      ),
    );
  const free = slot.groomerIds.filter((id) => !taken.some((t) => t.groomerId === id));
  if (free.length === 0) throw TIME_NOT_FREE();
  return preferred && free.includes(preferred) ? preferred : free[0]!;
}

/**
 * Books a groom: confirmed at once when the time is free and the cats' vaccines cover the day; held
 * as Pending when a record waits for staff; refused with the reason otherwise. The confirmation
 * mail is queued in the same transaction. Staff booking for a customer pass the customer's account
 * as `user` and themselves as `bookedBy`: the same rules, the same mail.
 */
export async function bookGroom(
  db: Db,
  user: { id: string; email: string },
  request: BookGroomRequest,
  ctx: { siteUrl: string; now: Date; bookedBy?: string },
): Promise<Groom> {
  const now = ctx.now;
  const email = user.email.toLowerCase();
  const bookedBy = ctx.bookedBy?.toLowerCase() ?? email;
  return withExclusionRetry(
    db,
    async (tx) => {
      const quote = await quoteGroom(tx, user.id, request, now);
      const { slot, status } = checkedSlot(quote, request.time);
      const groomerId = await lockedGroomer(tx, slot);
      // The cats are the household's (the quote checked), so it has one.
      const household = await getHousehold(tx, user.id);
      if (!household) throw new Error("a groom's cats without a household");
      const [row] = await tx
        .insert(appointments)
        .values({
          householdId: household.id,
          customerEmail: email,
          serviceId: quote.service.id,
          catNames: quote.cats.map((c) => c.name).join(", "),
          catIds: quote.cats.map((c) => c.id),
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          groomerId,
          priceCents: quote.priceCents,
          status,
          notes: request.notes ?? "",
          createdBy: bookedBy,
          updatedBy: bookedBy,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await queueGroomMail(tx, row!, status === "Confirmed" ? "confirmed" : "pending_review", ctx.siteUrl, now);
      return row!;
    },
    TIME_NOT_FREE,
  );
}

/** The household's own groom, locked for the change (404 for another household's, or for an appointment that is not a groom). */
async function ownGroom(tx: Db, userId: string, id: string): Promise<Groom> {
  if (!isUuid(id)) throw GROOM_NOT_FOUND();
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), ownedBy(appointments.householdId, userId), isNotNull(appointments.groomerId)))
    .for("update");
  if (!row) throw GROOM_NOT_FOUND();
  return row;
}

/**
 * Moves the customer's groom to another day and time, with the checks of a new booking (free time,
 * vaccines on the new day) and the cancellation policy's window: not within 24 hours of its start.
 */
export async function rescheduleGroom(db: Db, user: { id: string; email: string }, request: RescheduleGroomRequest, ctx: { siteUrl: string; now: Date }) {
  const now = ctx.now;
  const email = user.email.toLowerCase();
  return withExclusionRetry(
    db,
    async (tx) => {
      const current = await ownGroom(tx, user.id, request.appointmentId);
      if (!(ACTIVE_GROOM_STATUSES as readonly string[]).includes(current.status))
        throw new AppError(409, "NOT_CHANGEABLE", `This appointment is ${current.status.toLowerCase()} and can no longer be changed.`);
      if (current.startsAt.getTime() - now.getTime() < CANCELLATION_WINDOW_HOURS * 3_600_000)
        throw new AppError(
          409,
          "INSIDE_CANCELLATION_WINDOW",
          `Appointments can't be moved online less than ${CANCELLATION_WINDOW_HOURS} hours before they start. Please call us and we'll help.`,
        );
      const quote = await quoteGroom(tx, user.id, { serviceId: current.serviceId, catIds: current.catIds ?? [], day: request.day }, now, current.id);
      const { slot, status } = checkedSlot(quote, request.time);
      const groomerId = await lockedGroomer(tx, slot, current.id, current.groomerId);
      const [row] = await tx
        .update(appointments)
        .set({
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          groomerId,
          status,
          proposedStartsAt: null,
          proposedEndsAt: null,
          autoReminderSentAt: null,
          updatedBy: email,
          updatedAt: now,
        })
        .where(eq(appointments.id, current.id))
        .returning();
      await queueGroomMail(tx, row!, "changed", ctx.siteUrl, now);
      return row!;
    },
    TIME_NOT_FREE,
  );
}

/** Whether the appointment is one of the household's grooms (moved by rescheduleGroom, not proposed to staff). */
export async function isOwnGroom(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, id), ownedBy(appointments.householdId, userId), isNotNull(appointments.groomerId)));
  return Boolean(row);
}

/** The customer cancels an appointment within the policy (cancelByCustomer); a groom's time is freed and its mail queued with it. */
export async function cancelCustomerAppointment(db: Db, actor: Actor, id: string, ctx: { siteUrl: string; now: Date }) {
  const now = ctx.now;
  return inTransaction(db, async (tx) => {
    const before = await tx.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id)).for("update");
    const row = await cancelByCustomer(tx, actor, id, now);
    if (row.groomerId && before[0]?.status !== "Cancelled") await queueGroomMail(tx, row, "cancelled", ctx.siteUrl, now);
    return row;
  });
}

// ---- admin: the groomers' calendars ------------------------------------------------------------

/** The groomers with their week and their days off from `today` on. */
export async function listGroomers(db: Db, today: string) {
  const [rows, off] = await Promise.all([
    db.select().from(groomers).orderBy(asc(groomers.sortOrder), asc(groomers.name)),
    db.select().from(groomerDaysOff).where(gte(groomerDaysOff.day, today)).orderBy(asc(groomerDaysOff.day)),
  ]);
  return rows.map((g) => ({ ...g, daysOff: off.filter((o) => o.groomerId === g.id).map((o) => ({ day: o.day, reason: o.reason })) }));
}

const GROOMER_NOT_FOUND = () => new AppError(404, "GROOMER_NOT_FOUND", "We couldn't find that groomer.");

/** Admin: a groomer's working hours and breaks per weekday. Grooms already booked keep their times. */
export async function saveGroomerWeek(db: Db, input: { groomerId: string; workingHours: WeeklyWindows; breaks: WeeklyWindows }, now: Date) {
  const [row] = await db
    .update(groomers)
    .set({ workingHours: input.workingHours, breaks: input.breaks, updatedAt: now })
    .where(eq(groomers.id, input.groomerId))
    .returning();
  if (!row) throw GROOMER_NOT_FOUND();
  return row;
}

/** Admin: a day the groomer does not work (already booked grooms stay booked; staff move them). */
export async function addDayOff(db: Db, input: { groomerId: string; day: string; reason?: string }) {
  const [groomer] = await db.select({ id: groomers.id }).from(groomers).where(eq(groomers.id, input.groomerId));
  if (!groomer) throw GROOMER_NOT_FOUND();
  await db
    .insert(groomerDaysOff)
    .values({ groomerId: input.groomerId, day: input.day, reason: input.reason ?? "" })
    .onConflictDoUpdate({ target: [groomerDaysOff.groomerId, groomerDaysOff.day], set: { reason: input.reason ?? "" } });
}

export async function removeDayOff(db: Db, input: { groomerId: string; day: string }) {
  await db.delete(groomerDaysOff).where(and(eq(groomerDaysOff.groomerId, input.groomerId), eq(groomerDaysOff.day, input.day)));
}

/** The household's groom that Book a Groom moves: its service, cats and day (404 for another household's, or one that cannot move). */
export async function groomToMove(db: Db, userId: string, id: string) {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.id, id), ownedBy(appointments.householdId, userId), isNotNull(appointments.groomerId)))
    : [];
  if (!row || !(ACTIVE_GROOM_STATUSES as readonly string[]).includes(row.status)) throw GROOM_NOT_FOUND();
  return { id: row.id, serviceId: row.serviceId, catIds: row.catIds ?? [], day: businessDate(row.startsAt), startsAt: row.startsAt };
}
