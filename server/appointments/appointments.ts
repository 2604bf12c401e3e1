import crypto from "node:crypto";
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { AppointmentInput, ProposeChangeInput, ReminderInput } from "~/features/appointments/schema";
import { serviceOptions } from "~/domain/service-catalogue";
import { addBusinessDays, businessDate, businessLocalToUtc, nextBusinessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { type AppointmentStatus, appointmentReminders, appointments } from "../db/schema/index";
import { EXCLUSION_VIOLATION, sqlStateOf } from "../db/sql-state";
import { householdForEmail } from "../households/households";
import { ownedBy } from "../db/owned";
import { isUuid } from "~/lib/ids";
import { AppError } from "../http/errors";
import { consumeRateLimits } from "../rate-limit/rate-limit";
import { queueSms, sendSmsNow, withdrawSms } from "../telephony/sms-queue";
import type { Telephony } from "../telephony/telephony";
import { inTransaction } from "../db/transaction";

export type Appointment = typeof appointments.$inferSelect;

/**
 * Who is acting: a signed-in customer, who reads and changes their household's appointments only
 * (ADR 0146), or staff. `email` names them in the rows' created_by / updated_by.
 */
export type Actor = CustomerActor | { email: string; isAdmin: true };
export type CustomerActor = { userId: string; email: string; isAdmin: false };

/** The signed-in user as a customer acting on their own household's appointments. */
export const customerActor = (user: { id: string; email: string }): CustomerActor => ({ userId: user.id, email: user.email, isAdmin: false });
/** The signed-in admin acting as staff. */
export const staffActor = (user: { email: string }): Actor => ({ email: user.email, isAdmin: true });

/**
 * The rows that are appointments: an overnight stay staff made here before is a `stays` row now
 * (migration 0016 carried it over and linked it), so it is not listed or changed as an appointment.
 */
export const isAppointment = isNull(appointments.stayId);

/** What the appointments feature needs from the telephony module. */
export type SmsSender = Pick<Telephony, "sendSms">;

/** Customers cannot cancel online this close to the start; they call instead. */
export const CANCELLATION_WINDOW_HOURS = 24;
const REMINDER_WINDOW_MS = 60 * 60 * 1000;

const notFound = () => new AppError(404, "NOT_FOUND", "We could not find that appointment.");

function times(input: { date: string; time: string; endDate?: string; endTime?: string }) {
  const startsAt = businessLocalToUtc(input.date, input.time);
  const endsAt = input.endDate && input.endTime ? businessLocalToUtc(input.endDate, input.endTime) : null;
  if (endsAt && endsAt <= startsAt) throw new AppError(400, "INVALID_DATES", "The stay must end after it starts.");
  return { startsAt, endsAt };
}

/** A customer sees only their household's appointments; another household's is "not found", never "forbidden". */
async function findForActor(db: Db, actor: Actor, id: string): Promise<Appointment> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), isAppointment, actor.isAdmin ? undefined : ownedBy(appointments.householdId, actor.userId)));
  if (!row) throw notFound();
  return row;
}

// ---- customers -------------------------------------------------------------------------------

/** The customer's appointments: upcoming first (soonest first), then past ones (latest first). */
export async function listCustomerAppointments(db: Db, actor: CustomerActor, now: Date) {
  const mine = and(ownedBy(appointments.householdId, actor.userId), isAppointment);
  const upcoming = await db
    .select()
    .from(appointments)
    .where(and(mine, gte(appointments.startsAt, now)))
    .orderBy(asc(appointments.startsAt));
  const past = await db
    .select()
    .from(appointments)
    .where(and(mine, lt(appointments.startsAt, now)))
    .orderBy(desc(appointments.startsAt));
  return { upcoming, past };
}

/** The customer asks for another date/time; staff must confirm it. */
export async function proposeChange(db: Db, actor: Actor, id: string, input: ProposeChangeInput, now: Date) {
  const row = await findForActor(db, actor, id);
  if (row.status === "Cancelled" || row.status === "Completed") {
    throw new AppError(409, "NOT_CHANGEABLE", `This appointment is ${row.status.toLowerCase()} and can no longer be changed.`);
  }
  const { startsAt, endsAt } = times(input);
  if (startsAt <= now) throw new AppError(400, "IN_THE_PAST", "Choose a date and time in the future.");
  // Only a row with an end (a groom) takes a proposed end: an appointment has a start alone.
  const [updated] = await db
    .update(appointments)
    .set({ status: "Pending", proposedStartsAt: startsAt, proposedEndsAt: row.endsAt ? endsAt : null, updatedBy: actor.email, updatedAt: now })
    .where(eq(appointments.id, id))
    .returning();
  return updated!;
}

export async function cancelByCustomer(db: Db, actor: Actor, id: string, now: Date) {
  const row = await findForActor(db, actor, id);
  if (row.status === "Cancelled") return row;
  if (row.status === "Completed") throw new AppError(409, "NOT_CHANGEABLE", "This appointment is completed and can no longer be cancelled.");
  if (row.startsAt.getTime() - now.getTime() < CANCELLATION_WINDOW_HOURS * 60 * 60 * 1000) {
    throw new AppError(
      409,
      "INSIDE_CANCELLATION_WINDOW",
      `Appointments can't be cancelled online less than ${CANCELLATION_WINDOW_HOURS} hours before they start. Please call us and we'll help.`,
    );
  }
  return setStatus(db, actor, id, "Cancelled", now);
}

/**
 * A text reminder sent now by the customer (the send-sms-reminder call and the /appointments page). The caller has checked the session; this checks that the
 * appointment is the actor's, allows one reminder per appointment per hour, and records every send.
 */
export async function sendReminder(db: Db, sms: SmsSender, actor: Actor, input: ReminderInput, now: Date) {
  const row = await findForActor(db, actor, input.appointmentId);
  // "One per hour" holds over any hour, so this one slides (ADR 0102).
  const limit = await consumeRateLimits(db, [{ key: `reminder:appointment:${row.id}`, limit: 1, windowMs: REMINDER_WINDOW_MS, window: "sliding" }], now);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterMs / 60_000));
    throw new AppError(
      429,
      "REMINDER_RATE_LIMITED",
      `A reminder was sent for this appointment recently. You can send another in ${minutes} minutes.`,
    ).retryAfter(limit.retryAfterMs);
  }
  return deliver(db, sms, row, { kind: "manual", phoneNumber: input.phoneNumber, message: input.message, sentBy: actor.email }, now);
}

/**
 * Texts a reminder through the text queue (ADR 0143), at once: the person (or the day-before job)
 * records the outcome with the appointment. A failed text is taken out of the queue and recorded as
 * failed, so staff send one by hand rather than the queue sending it later behind their back.
 */
async function deliver(
  db: Db,
  sms: SmsSender,
  row: Appointment,
  send: { kind: "manual" | "automatic"; phoneNumber: string; message: string; sentBy: string },
  now: Date,
) {
  const text = { to: send.phoneNumber, body: send.message };
  const queued = await inTransaction(db, (tx) =>
    queueSms(tx, { dedupeKey: `appointment-reminder:${row.id}:${crypto.randomUUID()}`, ...text, sendNow: true }, now),
  );
  const sent = await sendSmsNow({ db, telephony: sms }, queued!, text, now);
  const sid = sent.ok ? sent.result.sid : undefined;
  if (sid) {
    const [record] = await db
      .insert(appointmentReminders)
      .values({ appointmentId: row.id, ...send, status: "sent", providerSid: sid })
      .returning();
    return record!;
  }
  if (!sent.ok) await withdrawSms(db, queued!);
  const error = sent.ok ? "the SMS provider returned no message id" : sent.error instanceof Error ? sent.error.message : String(sent.error);
  await db.insert(appointmentReminders).values({ appointmentId: row.id, ...send, status: "failed", error });
  throw new AppError(502, "REMINDER_FAILED", "Failed to send reminder. Please try again.");
}

// ---- staff -----------------------------------------------------------------------------------

function requireStaff(actor: Actor) {
  if (!actor.isAdmin) throw new AppError(403, "FORBIDDEN", "Only staff can do this.");
}

/** Overnight stays are stays (ADR 0146): staff book them on admin Stays, not as appointments. */
const OVERNIGHT_NOT_HERE = () =>
  new AppError(
    400,
    "OVERNIGHT_NOT_AN_APPOINTMENT",
    "Overnight stays are not booked as appointments: book the stay on Stays, with Book a stay for a customer (/admin/stays/book).",
  );
const isOvernight = (serviceId: string) => serviceOptions.some((s) => s.id === serviceId && s.overnight);

/** The columns staff set from the form, the same for a new appointment and an edit. */
function staffFields(input: AppointmentInput) {
  return {
    customerEmail: input.customerEmail.trim().toLowerCase(),
    serviceId: input.serviceId,
    catNames: input.catNames,
    ...times(input),
    reminderPhone: input.reminderPhone ?? null,
    notes: input.notes,
    autoReminder: input.autoReminder,
  };
}

/**
 * Staff's new appointment for an e-mail address: it belongs to that address's household, created with
 * its account when the customer has not signed in yet (the account is theirs at their first sign-in).
 * An appointment has a start only: an end makes an overnight stay, which is booked as a stay.
 */
export async function createAppointment(db: Db, actor: Actor, input: AppointmentInput, now: Date) {
  requireStaff(actor);
  const fields = staffFields(input);
  if (fields.endsAt || isOvernight(fields.serviceId)) throw OVERNIGHT_NOT_HERE();
  return inTransaction(db, async (tx) => {
    const { householdId } = await householdForEmail(tx, fields.customerEmail);
    const [row] = await tx
      .insert(appointments)
      .values({
        ...fields,
        householdId,
        status: "Confirmed",
        createdBy: actor.email,
        updatedBy: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
}

/** A groom's groomer is taken at the new time: the database's constraint refused it (ADR 0130). */
const GROOMER_BUSY = () => new AppError(409, "GROOMER_BUSY", "The groomer already has a groom at that time. Please choose another time.");
async function groomerFree<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlStateOf(error) === EXCLUSION_VIOLATION) throw GROOMER_BUSY();
    throw error;
  }
}

export async function updateAppointment(db: Db, actor: Actor, id: string, input: AppointmentInput, now: Date) {
  requireStaff(actor);
  const current = await findForActor(db, actor, id);
  const fields = staffFields(input);
  // A boarding appointment made before (with no check-out, so not carried into a stay) keeps its service.
  if ((fields.endsAt && !current.groomerId) || (isOvernight(fields.serviceId) && fields.serviceId !== current.serviceId)) throw OVERNIGHT_NOT_HERE();
  // A groom keeps its length when staff move only its start.
  if (current.groomerId && current.endsAt && !fields.endsAt)
    fields.endsAt = new Date(fields.startsAt.getTime() + (current.endsAt.getTime() - current.startsAt.getTime()));
  // Another address moves the appointment to that address's household (an unchanged one keeps its own,
  // which a deleted account's placeholder address has none of).
  const householdId = fields.customerEmail === current.customerEmail ? current.householdId : (await householdForEmail(db, fields.customerEmail)).householdId;
  const [row] = await groomerFree(
    db
      .update(appointments)
      .set({
        ...fields,
        householdId,
        // A new time means a new day-before reminder.
        autoReminderSentAt: null,
        updatedBy: actor.email,
        updatedAt: now,
      })
      .where(eq(appointments.id, id))
      .returning(),
  );
  return row!;
}

/** Staff accept the customer's proposed time. */
export async function confirmProposal(db: Db, actor: Actor, id: string, now: Date) {
  requireStaff(actor);
  const row = await findForActor(db, actor, id);
  if (!row.proposedStartsAt) throw new AppError(409, "NO_PROPOSAL", "There is no proposed change to confirm.");
  const [updated] = await groomerFree(
    db
      .update(appointments)
      .set({
        startsAt: row.proposedStartsAt,
        endsAt: row.endsAt ? (row.proposedEndsAt ?? new Date(row.proposedStartsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime()))) : null,
        proposedStartsAt: null,
        proposedEndsAt: null,
        status: "Confirmed",
        autoReminderSentAt: null,
        updatedBy: actor.email,
        updatedAt: now,
      })
      .where(eq(appointments.id, id))
      .returning(),
  );
  return updated!;
}

export async function setStatus(db: Db, actor: Actor, id: string, status: AppointmentStatus, now: Date) {
  if (status !== "Cancelled") requireStaff(actor);
  await findForActor(db, actor, id);
  // Staff restoring a cancelled groom take its time back only while the groomer is still free.
  const [row] = await groomerFree(db.update(appointments).set({ status, updatedBy: actor.email, updatedAt: now }).where(eq(appointments.id, id)).returning());
  return row!;
}

/** Staff's day list: appointments starting on a Los Angeles calendar day, optionally by status. */
export async function listForDay(db: Db, actor: Actor, day: string, status?: AppointmentStatus) {
  requireStaff(actor);
  const from = businessLocalToUtc(day, "00:00");
  const to = businessLocalToUtc(nextBusinessDate(day), "00:00");
  return db
    .select()
    .from(appointments)
    .where(and(isAppointment, gte(appointments.startsAt, from), lt(appointments.startsAt, to), status ? eq(appointments.status, status) : undefined))
    .orderBy(asc(appointments.startsAt));
}

/** At most this many rows in each overview list; the day view shows everything of a day. */
const OVERVIEW_LIMIT = 200;

/**
 * Staff's overview beside the day view: what starts from now to the end of the `days`-th day ahead
 * (Los Angeles calendar days), cancelled ones left out, soonest first.
 */
export async function listUpcoming(db: Db, actor: Actor, now: Date, days = 30) {
  requireStaff(actor);
  const to = businessLocalToUtc(addBusinessDays(businessDate(now), days + 1), "00:00");
  return db
    .select()
    .from(appointments)
    .where(and(isAppointment, gte(appointments.startsAt, now), lt(appointments.startsAt, to), ne(appointments.status, "Cancelled")))
    .orderBy(asc(appointments.startsAt))
    .limit(OVERVIEW_LIMIT);
}

/** Every change a customer asked for that staff have not answered yet, the soonest asked-for time first. */
export async function listChangeRequests(db: Db, actor: Actor) {
  requireStaff(actor);
  return db
    .select()
    .from(appointments)
    .where(and(isAppointment, isNotNull(appointments.proposedStartsAt), ne(appointments.status, "Cancelled")))
    .orderBy(asc(appointments.proposedStartsAt))
    .limit(OVERVIEW_LIMIT);
}

// ---- the day-before reminder job ---------------------------------------------------------------

/**
 * Sends the automatic reminder for every appointment that starts tomorrow (Los Angeles) and has
 * one turned on. Each row is claimed with a conditional update before sending, so two runs at
 * once (two processes, or a restart mid-run) never send twice.
 */
export async function runAutomaticReminders(db: Db, sms: SmsSender, reminderText: (a: Appointment) => string, now: Date) {
  const tomorrow = nextBusinessDate(businessDate(now));
  const from = businessLocalToUtc(tomorrow, "00:00");
  const to = businessLocalToUtc(nextBusinessDate(tomorrow), "00:00");
  const due = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        isAppointment,
        eq(appointments.autoReminder, true),
        isNull(appointments.autoReminderSentAt),
        sql`${appointments.reminderPhone} is not null`,
        sql`${appointments.status} in ('Confirmed','Pending')`,
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    const [claimed] = await db
      .update(appointments)
      .set({ autoReminderSentAt: now })
      .where(and(eq(appointments.id, id), isNull(appointments.autoReminderSentAt)))
      .returning();
    if (!claimed) continue;
    try {
      await deliver(db, sms, claimed, { kind: "automatic", phoneNumber: claimed.reminderPhone!, message: reminderText(claimed), sentBy: "automatic" }, now);
      sent++;
    } catch {
      // Recorded as a failed reminder by deliver(); staff see it and can send one by hand.
    }
  }
  return { due: due.length, sent };
}
