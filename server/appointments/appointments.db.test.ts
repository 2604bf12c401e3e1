import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatBusinessDate, formatBusinessTime } from "~/lib/business-time";
import type { Database } from "../db/client";
import { appointmentReminders, appointments, stays, telephonyEvents, users } from "../db/schema/index";
import { householdForEmail } from "../households/households";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { createTelephony } from "../telephony/telephony";
import { AppError } from "../http/errors";
import { constraintOf } from "../db/sql-state";
import { createTestDatabase } from "../testing/test-database";
import {
  type CustomerActor,
  type SmsSender,
  cancelByCustomer,
  confirmProposal,
  createAppointment,
  customerActor,
  listCustomerAppointments,
  listChangeRequests,
  listForDay,
  listUpcoming,
  proposeChange,
  runAutomaticReminders,
  sendReminder,
  setStatus,
  updateAppointment,
} from "./appointments";
import { loadEditableContent, publishValue } from "../content/content";
import { runDayBeforeReminders } from "./reminder-job";

/** A customer signed in with `email`: their account and household, as sign-in (or a booking by staff) makes them. */
const signedIn = async (email: string): Promise<CustomerActor> => {
  const { userId, email: address } = await householdForEmail(database.db, email);
  return customerActor({ id: userId, email: address });
};

let database: Database;
let alice: CustomerActor;
let mallory: CustomerActor;
beforeAll(async () => {
  database = await createTestDatabase();
  alice = await signedIn("alice@example.com");
  mallory = await signedIn("mallory@example.com");
});
afterAll(() => database.close());

const staff = { email: "owner@cathotel.test", isAdmin: true } as const;
const now = new Date("2026-11-21T18:00:00Z");

/** The real telephony module; without Twilio settings it is the simulated provider, which records each SMS. */
const simulatedSms = (): SmsSender => createTelephony(loadEnv({ LOG_LEVEL: "silent" }), database.db, createLogger("silent"));

/** The SMS the simulated provider recorded for a number. */
async function smsTo(to: string) {
  const rows = await database.db.select().from(telephonyEvents).where(eq(telephonyEvents.to, to));
  return rows.filter((r) => r.kind === "sms").map((r) => ({ to: r.to, body: r.body }));
}

const base = { serviceId: "full-grooming", catNames: "Miso", notes: "", autoReminder: false };

async function expectCode(promise: Promise<unknown>, status: number, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status, code });
}

describe("appointments", () => {
  it("shows a customer exactly their own appointments, upcoming first, in Los Angeles time", async () => {
    const { db } = database;
    const groom = await createAppointment(
      db,
      staff,
      { ...base, customerEmail: "Alice@Example.com", serviceId: "grooming", date: "2026-11-25", time: "10:30" },
      now,
    );
    const bath = await createAppointment(db, staff, { ...base, customerEmail: "alice@example.com", date: "2026-12-20", time: "09:00" }, now);
    await createAppointment(db, staff, { ...base, customerEmail: "bob@example.com", date: "2026-11-26", time: "09:00" }, now);
    await createAppointment(db, staff, { ...base, customerEmail: "alice@example.com", date: "2026-10-01", time: "09:00" }, now);

    const { upcoming, past } = await listCustomerAppointments(db, alice, now);
    expect(upcoming.map((a) => a.id)).toEqual([groom.id, bath.id]);
    expect(past).toHaveLength(1);
    expect([formatBusinessDate(groom.startsAt), formatBusinessTime(groom.startsAt)]).toEqual(["Wed, Nov 25, 2026", "10:30 AM"]);
  });

  it("attaches a new appointment to its address's household, made with an unconfirmed account when the customer has none yet", async () => {
    const { db } = database;
    const email = `New.${crypto.randomUUID()}@Example.com`;
    const row = await createAppointment(db, staff, { ...base, customerEmail: email, date: "2026-12-02", time: "10:00" }, now);
    const [account] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(account).toMatchObject({ emailConfirmedAt: null });
    // Signing in with the link later is the same account: the appointment is there.
    const customer = await signedIn(email);
    expect(customer.userId).toBe(account!.id);
    expect((await listCustomerAppointments(db, customer, now)).upcoming.map((a) => a.id)).toEqual([row.id]);
    expect((await householdForEmail(db, email)).householdId).toBe(row.householdId);
  });

  it("refuses an overnight stay: staff book those as stays", async () => {
    const { db } = database;
    const customerEmail = "alice@example.com";
    await expectCode(
      createAppointment(db, staff, { ...base, customerEmail, serviceId: "cat-boarding", date: "2026-12-20", time: "09:00" }, now),
      400,
      "OVERNIGHT_NOT_AN_APPOINTMENT",
    );
    await expectCode(
      createAppointment(db, staff, { ...base, customerEmail, date: "2026-12-20", time: "09:00", endDate: "2026-12-27", endTime: "12:00" }, now),
      400,
      "OVERNIGHT_NOT_AN_APPOINTMENT",
    );
    const row = await createAppointment(db, staff, { ...base, customerEmail, date: "2026-12-21", time: "09:00" }, now);
    await expectCode(
      updateAppointment(db, staff, row.id, { ...base, customerEmail, serviceId: "long-term-boarding", date: "2026-12-21", time: "09:00" }, now),
      400,
      "OVERNIGHT_NOT_AN_APPOINTMENT",
    );
  });

  it("keeps the right local time for an appointment on the spring-forward day", async () => {
    const row = await createAppointment(database.db, staff, { ...base, customerEmail: "dst@example.com", date: "2027-03-14", time: "10:00" }, now);
    expect(row.startsAt.toISOString()).toBe("2027-03-14T17:00:00.000Z");
    expect(formatBusinessTime(row.startsAt)).toBe("10:00 AM");
    const day = await listForDay(database.db, staff, "2027-03-14");
    expect(day.map((a) => a.id)).toEqual([row.id]);
  });

  it("never lets another customer see or act on an appointment", async () => {
    const { db } = database;
    const row = await createAppointment(
      db,
      staff,
      { ...base, customerEmail: "alice@example.com", date: "2026-12-01", time: "11:00", reminderPhone: "+19495551234" },
      now,
    );
    const sms = simulatedSms();
    expect((await listCustomerAppointments(db, mallory, now)).upcoming).toEqual([]);
    await expectCode(proposeChange(db, mallory, row.id, { date: "2026-12-02", time: "11:00" }, now), 404, "NOT_FOUND");
    await expectCode(cancelByCustomer(db, mallory, row.id, now), 404, "NOT_FOUND");
    await expectCode(sendReminder(db, sms, mallory, { appointmentId: row.id, phoneNumber: "+19495551299", message: "hi" }, now), 404, "NOT_FOUND");
    await expectCode(
      createAppointment(db, mallory, { ...base, customerEmail: "mallory@example.com", date: "2026-12-01", time: "11:00" }, now),
      403,
      "FORBIDDEN",
    );
    await expectCode(confirmProposal(db, mallory, row.id, now), 403, "FORBIDDEN");
    expect(await smsTo("+19495551299")).toEqual([]);
    // Another household's appointment answers as one that does not exist.
    await expectCode(proposeChange(db, mallory, crypto.randomUUID(), { date: "2026-12-02", time: "11:00" }, now), 404, "NOT_FOUND");
  });

  it("scopes a customer by household, not by the address typed on the row", async () => {
    const { db } = database;
    const bob = await signedIn(`bob-${crypto.randomUUID()}@example.com`);
    const row = await createAppointment(db, staff, { ...base, customerEmail: bob.email, date: "2026-12-07", time: "11:00" }, now);
    // The row names Mallory's address, yet it is Bob's household's: Mallory does not see it.
    await db.update(appointments).set({ customerEmail: mallory.email }).where(eq(appointments.id, row.id));
    expect((await listCustomerAppointments(db, mallory, now)).upcoming.map((a) => a.id)).not.toContain(row.id);
    await expectCode(cancelByCustomer(db, mallory, row.id, now), 404, "NOT_FOUND");
    expect((await listCustomerAppointments(db, bob, now)).upcoming.map((a) => a.id)).toEqual([row.id]);
    // Staff giving it to another address move it to that address's household.
    const moved = await updateAppointment(db, staff, row.id, { ...base, customerEmail: alice.email, date: "2026-12-07", time: "11:00" }, now);
    expect(moved.householdId).toBe((await householdForEmail(db, alice.email)).householdId);
    expect((await listCustomerAppointments(db, bob, now)).upcoming).toEqual([]);
  });

  it("leaves a stay carried over from an appointment to its stays row: not listed, reminded or changed as an appointment", async () => {
    const { db } = database;
    const { householdId } = await householdForEmail(db, alice.email);
    const [stay] = await db
      .insert(stays)
      .values({ householdId, status: "confirmed", checkIn: "2026-12-12", checkOut: "2026-12-14", totalCents: 0, priceLines: [], cancellationTiers: [] })
      .returning();
    const [carried] = await db
      .insert(appointments)
      .values({
        householdId,
        stayId: stay!.id,
        customerEmail: alice.email,
        serviceId: "cat-boarding",
        startsAt: new Date("2026-12-12T17:00:00Z"),
        endsAt: new Date("2026-12-14T20:00:00Z"),
        proposedStartsAt: new Date("2026-12-13T17:00:00Z"),
        reminderPhone: "+19495554444",
        autoReminder: true,
        createdBy: staff.email,
        updatedBy: staff.email,
      })
      .returning();
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(ids((await listCustomerAppointments(db, alice, now)).upcoming)).not.toContain(carried!.id);
    expect(ids(await listForDay(db, staff, "2026-12-12"))).not.toContain(carried!.id);
    expect(ids(await listUpcoming(db, staff, now))).not.toContain(carried!.id);
    expect(ids(await listChangeRequests(db, staff))).not.toContain(carried!.id);
    await runAutomaticReminders(db, simulatedSms(), () => "tomorrow", new Date("2026-12-12T02:00:00Z"));
    expect(await smsTo("+19495554444")).toEqual([]);
    await expectCode(cancelByCustomer(db, alice, carried!.id, now), 404, "NOT_FOUND");
    await expectCode(setStatus(db, staff, carried!.id, "Completed", now), 404, "NOT_FOUND");
    // The database holds it: an end without a groomer is a stay's.
    const loose = await db
      .insert(appointments)
      .values({ ...carried!, id: crypto.randomUUID(), stayId: null })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(constraintOf(loose)).toBe("appointments_overnight_is_a_stay");
  });

  it("lets the customer propose a new time (Pending until staff confirm) and cancel outside the window", async () => {
    const { db } = database;
    const row = await createAppointment(db, staff, { ...base, customerEmail: "alice@example.com", date: "2026-12-03", time: "09:00" }, now);
    const proposed = await proposeChange(db, alice, row.id, { date: "2026-12-04", time: "14:00" }, now);
    expect(proposed.status).toBe("Pending");
    expect(proposed.startsAt).toEqual(row.startsAt);
    const confirmed = await confirmProposal(db, staff, row.id, now);
    expect(confirmed.status).toBe("Confirmed");
    expect(formatBusinessTime(confirmed.startsAt)).toBe("2:00 PM");
    expect((await cancelByCustomer(db, alice, row.id, now)).status).toBe("Cancelled");
  });

  it("refuses an online cancellation inside the window, saying why", async () => {
    const soon = await createAppointment(database.db, staff, { ...base, customerEmail: "alice@example.com", date: "2026-11-22", time: "09:00" }, now);
    await expectCode(cancelByCustomer(database.db, alice, soon.id, now), 409, "INSIDE_CANCELLATION_WINDOW");
  });

  it("sends at most one reminder per appointment per hour and records each send", async () => {
    const { db } = database;
    const row = await createAppointment(db, staff, { ...base, customerEmail: "alice@example.com", date: "2026-12-05", time: "09:00" }, now);
    const sms = simulatedSms();
    const input = { appointmentId: row.id, phoneNumber: "+19495551234", message: "See you Saturday!" };
    await sendReminder(db, sms, alice, input, now);
    await expectCode(sendReminder(db, sms, alice, input, new Date(now.getTime() + 30 * 60_000)), 429, "REMINDER_RATE_LIMITED");
    await sendReminder(db, sms, alice, input, new Date(now.getTime() + 61 * 60_000));
    expect(await smsTo("+19495551234")).toEqual([input, input].map((i) => ({ to: i.phoneNumber, body: i.message })));
    const records = await db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, row.id));
    expect(records.map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("sends the automatic day-before reminder once, even when the job runs twice at the same time", async () => {
    const { db } = database;
    const evening = new Date("2026-12-09T02:00:00Z"); // Dec 8, 6 pm in Los Angeles
    const due = await createAppointment(
      db,
      staff,
      { ...base, customerEmail: "alice@example.com", date: "2026-12-09", time: "10:00", reminderPhone: "+19495557777", autoReminder: true },
      now,
    );
    await createAppointment(
      db,
      staff,
      { ...base, customerEmail: "alice@example.com", date: "2026-12-10", time: "10:00", reminderPhone: "+19495557777", autoReminder: true },
      now,
    );
    const sms = simulatedSms();
    const text = () => "Reminder: Miso's appointment is tomorrow.";
    const runs = await Promise.all([runAutomaticReminders(db, sms, text, evening), runAutomaticReminders(db, sms, text, evening)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    await runAutomaticReminders(db, sms, text, new Date(evening.getTime() + 60_000));
    expect(await smsTo("+19495557777")).toEqual([{ to: "+19495557777", body: text() }]);
    const records = await db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, due.id));
    expect(records).toHaveLength(1);
  });

  it("gives staff the next 30 days (not cancelled) and every unanswered change request", async () => {
    const { db } = database;
    const at = new Date("2026-06-01T19:00:00Z"); // June 1, noon in Los Angeles
    const make = (customerEmail: string, date: string, time = "10:00") => createAppointment(db, staff, { ...base, customerEmail, date, time }, at);
    const soon = await make("overview-soon@example.com", "2026-06-03");
    const lastDay = await make("overview-last@example.com", "2026-07-01", "16:00"); // the 30th day ahead
    await make("overview-later@example.com", "2026-07-02", "09:00");
    const dropped = await make("overview-cancelled@example.com", "2026-06-10");
    await setStatus(db, staff, dropped.id, "Cancelled", at);
    const asked = await make("overview-asks@example.com", "2026-06-20");
    await proposeChange(db, await signedIn("overview-asks@example.com"), asked.id, { date: "2026-06-21", time: "11:00" }, at);

    const upcoming = (await listUpcoming(db, staff, at)).map((a) => a.customerEmail).filter((e) => e.startsWith("overview-"));
    expect(upcoming).toEqual(["overview-soon@example.com", "overview-asks@example.com", "overview-last@example.com"]);
    const requests = (await listChangeRequests(db, staff)).map((a) => a.id);
    expect(requests).toContain(asked.id);
    expect(requests).not.toContain(soon.id);
    expect(requests).not.toContain(lastDay.id);
    await expectCode(listUpcoming(db, alice, at), 403, "FORBIDDEN");
  });

  it("words the day-before reminder with the phone number the owners published", async () => {
    const { db } = database;
    const { business } = await loadEditableContent(db);
    await publishValue(db, "business", { ...business, phone: "(949) 249-0188" }, "owner@cathotel.test");
    const evening = new Date("2026-12-16T02:00:00Z"); // Dec 15, 6 pm in Los Angeles
    await createAppointment(
      db,
      staff,
      {
        ...base,
        customerEmail: "alice@example.com",
        serviceId: "grooming",
        date: "2026-12-16",
        time: "10:00",
        reminderPhone: "+19495556666",
        autoReminder: true,
      },
      now,
    );
    await runDayBeforeReminders({ db, sms: simulatedSms(), logger: createLogger("silent") }, evening);
    const [sms] = await smsTo("+19495556666");
    expect(sms?.body).toContain("Questions? Call (949) 249-0188.");
    expect(sms?.body).toContain("tomorrow at 10:00 AM");
  });
});
