import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as customerAction, loader as customerLoader } from "~/routes/appointments";
import { action as staffAction } from "~/routes/admin/bookings";
import type { FormReply } from "~/lib/forms";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { appointmentReminders, appointments } from "../db/schema/index";
import { loadEnv } from "../env";
import { testRequestContext } from "../testing/request-context";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { FORM_TOKEN, formToken } from "../http/form-once";

/**
 * The pages' actions (what a form on /appointments and Admin Bookings posts), called as React
 * Router calls them: a form, a cookie, and the answer every form gets (ADR 0112).
 */
let database: Database;
let context: RequestContext;
const cookies = { staff: "", alice: "", mallory: "" };
// A day two months ahead in Los Angeles: always "in the future" for the real clock the server reads.
const day = addBusinessDays(businessDate(new Date()), 60);

beforeAll(async () => {
  database = await createTestDatabase();
  context = testRequestContext(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), database.db);
  cookies.staff = await sessionCookieFor(database.db, "staff@cathotel.test", { admin: true });
  cookies.alice = await sessionCookieFor(database.db, "alice@example.com");
  cookies.mallory = await sessionCookieFor(database.db, "mallory@example.com");
});
afterAll(() => database.close());

type Action = (args: { request: Request; context: RequestContext; params: Record<string, string> }) => Promise<unknown>;

async function post(act: unknown, path: string, cookie: string | undefined, fields: Record<string, string>) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams({ [FORM_TOKEN]: formToken(), ...fields }),
  });
  const answer = (await (act as Action)({ request, context, params: {} })) as { data: FormReply; init: ResponseInit | null };
  return { status: answer.init?.status ?? 200, reply: answer.data };
}

describe("the appointment forms' actions", () => {
  let appointmentId = "";

  it("let staff create an appointment from the form as typed (a phone with punctuation), and say so", async () => {
    const { status, reply } = await post(staffAction, "/admin/bookings", cookies.staff, {
      intent: "create",
      customerEmail: "Alice@Example.com",
      serviceId: "full-grooming",
      catNames: "Miso",
      date: day,
      time: "10:30",
      reminderPhone: "(949) 555-2368",
    });
    expect({ status, notice: reply.notice, result: reply.result.status }).toEqual({
      status: 200,
      notice: { kind: "success", title: "Appointment created" },
      result: "success",
    });
    const [row] = await database.db.select().from(appointments);
    expect(row).toMatchObject({ customerEmail: "alice@example.com", reminderPhone: "+19495552368" });
    appointmentId = row!.id;
  });

  it("answer a form with mistakes by field, with the words the browser would show, and store nothing", async () => {
    const { status, reply } = await post(staffAction, "/admin/bookings", cookies.staff, {
      intent: "create",
      customerEmail: "not-an-address",
      serviceId: "",
      date: "",
      time: "",
    });
    expect(status).toBe(400);
    expect(reply.result.error).toMatchObject({
      customerEmail: ["Enter the customer's e-mail address"],
      serviceId: ["Choose a service"],
      date: ["Choose a date"],
      time: ["Choose a time"],
    });
    expect(await database.db.select().from(appointments)).toHaveLength(1);
  });

  it("give another customer 404 for the appointment, as the form's error, and change nothing", async () => {
    for (const [intent, extra] of [
      ["cancel", {}],
      ["propose", { date: day, time: "11:00" }],
      ["remind", { phoneNumber: "(949) 555-2368", message: "See you" }],
    ] as const) {
      const { status, reply } = await post(customerAction, "/appointments", cookies.mallory, { intent, appointmentId, ...extra });
      expect(status, intent).toBe(404);
      expect(reply.notice?.kind, intent).toBe("error");
    }
    const [row] = await database.db.select().from(appointments);
    expect(row).toMatchObject({ status: "Confirmed", proposedStartsAt: null });
    expect(await database.db.select().from(appointmentReminders)).toHaveLength(0);
  });

  it("tell a visitor whose session ended that reminders need a sign-in, in the spec's words", async () => {
    const { reply } = await post(customerAction, "/appointments", undefined, { intent: "remind", appointmentId, phoneNumber: "(949) 555-2368", message: "Hi" });
    expect(reply.notice).toEqual({ kind: "error", title: "Authentication required", description: "Please sign in to send reminders" });
  });

  it("let the customer send a reminder once, and refuse the second within the hour with when to retry", async () => {
    const fields = { intent: "remind", appointmentId, phoneNumber: "949.555.2368", message: "Grooming tomorrow" };
    const first = await post(customerAction, "/appointments", cookies.alice, fields);
    expect(first.reply.notice).toEqual({ kind: "success", title: "Reminder Sent", description: "We've texted your reminder." });
    const second = await post(customerAction, "/appointments", cookies.alice, fields);
    expect(second.status).toBe(429);
    expect(second.reply.notice?.description).toMatch(/You can send another in \d+ minutes/);
  });

  it("answer an unknown intent with a 400 that asks for a reload", async () => {
    const { status, reply } = await post(customerAction, "/appointments", cookies.alice, { intent: "delete-everything" });
    expect(status).toBe(400);
    expect(reply.notice?.description).toBe("This form is out of date. Reload the page and try again.");
  });

  it("show the customer's page from a hand-edited address with a cursor that does not read, as the latest page", async () => {
    const request = new Request("http://localhost/appointments?before=not-a-cursor", { headers: { cookie: cookies.alice } });
    const data = await customerLoader({ request, context, params: {} } as unknown as Parameters<typeof customerLoader>[0]);
    expect(data).toMatchObject({ signedIn: true, older: null });
    expect(data.signedIn && data.upcoming.map((a) => a.id)).toEqual([appointmentId]);
  });
});
