import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { sessionCookieFor } from "../testing/sessions";
import { eq } from "drizzle-orm";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { appointmentReminders } from "../db/schema/index";
import { createAppointment, staffActor } from "./appointments";

let database: Database;
let server: TestServer;
const cookies = { alice: "", mallory: "" };
let appointmentId = "";
// The server reads the real clock: a day two months ahead in Los Angeles is always "in the future".
const day = addBusinessDays(businessDate(new Date()), 60);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  cookies.alice = await sessionCookieFor(database.db, "alice@example.com");
  cookies.mallory = await sessionCookieFor(database.db, "mallory@example.com");
  const appointment = await createAppointment(
    database.db,
    staffActor({ email: "owner@cathotel.test" }),
    {
      customerEmail: "Alice@Example.com",
      serviceId: "full-grooming",
      catNames: "Miso",
      date: day,
      time: "10:30",
      reminderPhone: "+19495552368",
      notes: "",
      autoReminder: false,
    },
    new Date(),
  );
  appointmentId = appointment.id;
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("the send-sms-reminder function", () => {
  it("answers a visitor's reminder with 401 AUTH_REQUIRED (shown as 'Authentication required')", async () => {
    const res = await call("POST", "/api/appointments/send-sms-reminder", undefined, { appointmentId, phoneNumber: "+19495552368", message: "hi" });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("AUTH_REQUIRED");
  });

  it("gives another customer 404 for the appointment's reminder, and sends nothing", async () => {
    const res = await call("POST", "/api/appointments/send-sms-reminder", cookies.mallory, { appointmentId, phoneNumber: "+19495552368", message: "hi" });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NOT_FOUND");
    expect(await database.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, appointmentId))).toEqual([]);
  });

  it("lets the owner remind once an hour, with a clear refusal the second time", async () => {
    const body = { appointmentId, phoneNumber: "+19495552368", message: "See you Wednesday!" };
    const first = await call("POST", "/api/appointments/send-sms-reminder", cookies.alice, body);
    expect(first.status).toBe(200);
    const second = await call("POST", "/api/appointments/send-sms-reminder", cookies.alice, body);
    expect(second.status).toBe(429);
    expect((await second.json()).error.message).toMatch(/^A reminder was sent for this appointment recently/);
  });

  it("answers bad input with a 400 that says what to fix", async () => {
    const res = await call("POST", "/api/appointments/send-sms-reminder", cookies.alice, { appointmentId, phoneNumber: "555", message: "" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe("Please enter a valid 10-digit phone number");
  });
});
