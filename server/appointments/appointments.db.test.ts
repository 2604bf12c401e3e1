import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatBusinessDate, formatBusinessTime } from "~/lib/business-time";
import type { Database } from "../db/client";
import { appointmentReminders, telephonyEvents } from "../db/schema/index";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { createTelephony } from "../telephony/telephony";
import { AppError } from "../http/errors";
import { createTestDatabase } from "../testing/test-database";
import {
  type SmsSender,
  cancelByCustomer,
  confirmProposal,
  createAppointment,
  listCustomerAppointments,
  listCustomerTrips,
  listChangeRequests,
  listForDay,
  listUpcoming,
  proposeChange,
  runAutomaticReminders,
  sendReminder,
  setStatus,
} from "./appointments";
import { loadEditableContent, publishValue } from "../content/content";
import { runDayBeforeReminders } from "./reminder-job";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const staff = { email: "owner@cathotel.test", isAdmin: true };
const alice = { email: "alice@example.com", isAdmin: false };
const mallory = { email: "mallory@example.com", isAdmin: false };
const now = new Date("2026-11-21T18:00:00Z");

/** The real telephony module; without Twilio settings it is the simulated provider, which records each SMS. */
const simulatedSms = (): SmsSender => createTelephony(loadEnv({ LOG_LEVEL: "silent" }), database.db, createLogger("silent"));

/** The SMS the simulated provider recorded for a number. */
async function smsTo(to: string) {
  const rows = await database.db.select().from(telephonyEvents).where(eq(telephonyEvents.to, to));
  return rows.filter((r) => r.kind === "sms").map((r) => ({ to: r.to, body: r.body }));
}

const base = { serviceId: "cat-boarding", catNames: "Miso", notes: "", autoReminder: false };

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
    const stay = await createAppointment(
      db,
      staff,
      { ...base, customerEmail: "alice@example.com", date: "2026-12-20", time: "09:00", endDate: "2026-12-27", endTime: "12:00" },
      now,
    );
    await createAppointment(db, staff, { ...base, customerEmail: "bob@example.com", date: "2026-11-26", time: "09:00" }, now);
    await createAppointment(db, staff, { ...base, customerEmail: "alice@example.com", date: "2026-10-01", time: "09:00" }, now);

    const { upcoming, past } = await listCustomerAppointments(db, alice, now);
    expect(upcoming.map((a) => a.id)).toEqual([groom.id, stay.id]);
    expect(past).toHaveLength(1);
    expect([formatBusinessDate(groom.startsAt), formatBusinessTime(groom.startsAt)]).toEqual(["Wed, Nov 25, 2026", "10:30 AM"]);

    const trips = await listCustomerTrips(db, alice, now);
    expect(trips.upcoming.map((t) => t.id)).toEqual([stay.id]);
    expect(trips.past).toEqual([]);
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
    await proposeChange(db, { email: "overview-asks@example.com", isAdmin: false }, asked.id, { date: "2026-06-21", time: "11:00" }, at);

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
