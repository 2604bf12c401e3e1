import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { sessionCookieFor } from "../testing/sessions";
import { addBusinessDays, businessDate, businessLocalToUtc, formatBusinessDate } from "~/lib/business-time";

let database: Database;
let server: TestServer;
const cookies = { staff: "", alice: "", mallory: "" };
let appointmentId = "";
// The server reads the real clock: a day two months ahead in Los Angeles is always "in the future".
const day = addBusinessDays(businessDate(new Date()), 60);
const dayLabel = formatBusinessDate(businessLocalToUtc(day, "12:00"));

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  cookies.staff = await sessionCookieFor(database.db, "owner@cathotel.test", { admin: true });
  cookies.alice = await sessionCookieFor(database.db, "alice@example.com");
  cookies.mallory = await sessionCookieFor(database.db, "mallory@example.com");
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

describe("appointments API", () => {
  it("lets staff create an appointment for a customer's e-mail", async () => {
    const res = await call("POST", "/api/admin/appointments", cookies.staff, {
      customerEmail: "Alice@Example.com",
      serviceId: "full-grooming",
      catNames: "Miso",
      date: day,
      time: "10:30",
      reminderPhone: "+19495552368",
    });
    expect(res.status).toBe(201);
    const { appointment } = await res.json();
    expect(appointment).toMatchObject({ serviceTitle: "Full Grooming", date: dayLabel, time: "10:30 AM", status: "Confirmed" });
    appointmentId = appointment.id;
  });

  it("answers a visitor's reminder with 401 AUTH_REQUIRED (shown as 'Authentication required')", async () => {
    const res = await call("POST", "/api/appointments/send-sms-reminder", undefined, { appointmentId, phoneNumber: "+19495552368", message: "hi" });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("AUTH_REQUIRED");
  });

  it("gives another customer 404 for every action on the appointment, and changes nothing", async () => {
    const attempts = [
      call("POST", "/api/appointments/send-sms-reminder", cookies.mallory, { appointmentId, phoneNumber: "+19495552368", message: "hi" }),
      call("POST", `/api/appointments/${appointmentId}/propose`, cookies.mallory, { date: addBusinessDays(day, 1), time: "09:00" }),
      call("POST", `/api/appointments/${appointmentId}/cancel`, cookies.mallory, {}),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("NOT_FOUND");
    }
    const staffView = await (await call("GET", `/api/admin/appointments?day=${day}`, cookies.staff)).json();
    expect(staffView.appointments).toMatchObject([{ id: appointmentId, status: "Confirmed", proposed: null }]);
  });

  it("refuses the staff API to customers (403) and visitors (401)", async () => {
    const paths: [string, string][] = [
      ["GET", `/api/admin/appointments?day=${day}`],
      ["POST", "/api/admin/appointments"],
      ["PUT", `/api/admin/appointments/${appointmentId}`],
      ["POST", `/api/admin/appointments/${appointmentId}/confirm`],
      ["POST", `/api/admin/appointments/${appointmentId}/status`],
    ];
    for (const [method, path] of paths) {
      expect((await call(method, path, cookies.alice, method === "GET" ? undefined : {})).status, path).toBe(403);
      expect((await call(method, path, undefined, method === "GET" ? undefined : {})).status, path).toBe(401);
    }
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
