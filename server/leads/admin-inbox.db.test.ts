import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT_TEXT, VOUCHER_CONSENT_TEXT } from "~/features/leads/schema";
import { grantAdmin } from "../auth/roles";
import { createSession } from "../auth/sessions";
import type { Database } from "../db/client";
import { callMeBackForm, newsletterSignups, users, voucherRequests } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { signUpForNewsletter } from "./leads";

let database: Database;
let server: TestServer;
let adminCookie: string;
let customerCookie: string;
const ids: Record<string, string> = {};
// Los Angeles is UTC-8 in January: noon UTC is 4 AM there, the same business day.
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 0, day, hour));

/** A real session row for a (new) user, as the sign-in flow would leave it; returns the Cookie header. */
async function sessionCookieFor(email: string, admin: boolean): Promise<string> {
  const [user] = await database.db.insert(users).values({ email }).returning({ id: users.id });
  if (admin) await grantAdmin(database.db, user!.id);
  const { token } = await createSession(database.db, user!.id);
  return `cat_hotel_session=${token}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  adminCookie = await sessionCookieFor("owner@cathotel.test", true);
  customerCookie = await sessionCookieFor("customer@example.com", false);
  const { db } = database;
  const [cb1, cb2] = await db
    .insert(callMeBackForm)
    .values([
      { phoneNumber: "+19492491001", callStatus: "simulated", callSid: "SM1", createdAt: at(1), consentText: "I agree to calls" },
      { phoneNumber: "+17142491002", callStatus: "failed", callError: "Twilio 21215: geo permission", createdAt: at(3) },
    ])
    .returning({ id: callMeBackForm.id });
  const [v1] = await db
    .insert(voucherRequests)
    .values({
      name: "=cmd|' /C calc'!A0",
      email: "jane_doe@example.com",
      phone: "+19495550142",
      consentText: VOUCHER_CONSENT_TEXT,
      consentedAt: at(2),
      sourcePage: "/",
      createdAt: at(2),
    })
    .returning({ id: voucherRequests.id });
  await signUpForNewsletter(db, { email: "news@example.com", consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: "/" }, "203.0.113.9", at(4));
  const [n1] = await db.select({ id: newsletterSignups.id }).from(newsletterSignups);
  Object.assign(ids, { cb1: cb1!.id, cb2: cb2!.id, v1: v1!.id, n1: n1!.id });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const api = (path: string, cookie: string | undefined, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}/api/admin/leads${path}`, {
    method: init.method ?? "GET",
    headers: { ...(cookie ? { cookie } : {}), ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function list(query = "") {
  const res = await api(`?${query}`, adminCookie);
  expect(res.status).toBe(200);
  return (await res.json()) as { leads: { kind: string; id: string; phone: string | null; email: string | null }[]; total: number; telephonyProvider: string };
}

describe("the leads inbox API", () => {
  it("answers a visitor 401 and a non-admin 403 on every call, and changes nothing for them", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", ""],
      ["GET", "?kind=voucher&page=2"],
      ["GET", "/export.csv?kind=callback"],
      ["GET", "/export.csv?kind=voucher"],
      ["GET", "/export.csv?kind=newsletter"],
      ["PATCH", `/callback/${ids.cb1}`, { staffStatus: "closed", staffNote: "hacked" }],
      ["PATCH", `/voucher/${ids.v1}`, { staffStatus: "closed" }],
      ["PATCH", "/newsletter/whatever", { staffStatus: "closed" }],
    ];
    for (const [method, path, body] of calls) {
      const visitor = await api(path, undefined, { method, body });
      expect([method, path, visitor.status]).toEqual([method, path, 401]);
      expect((await visitor.json()).error.code).toBe("AUTH_REQUIRED");
      const customer = await api(path, customerCookie, { method, body });
      expect([method, path, customer.status]).toEqual([method, path, 403]);
      expect((await customer.json()).error.code).toBe("FORBIDDEN");
    }
    const [cb] = await database.db.select().from(callMeBackForm).where(eq(callMeBackForm.id, ids.cb1!));
    expect(cb).toMatchObject({ staffStatus: "new", staffNote: null });
  });

  it("lists every kind newest first, says calls are simulated, and filters", async () => {
    const all = await list();
    expect(all.total).toBe(4);
    expect(all.leads.map((l) => l.id)).toEqual([ids.n1, ids.cb2, ids.v1, ids.cb1]);
    expect(all.telephonyProvider).toBe("simulated");
    expect(all.leads[1]).toMatchObject({ kind: "callback", phone: "+17142491002", callStatus: "failed", callError: "Twilio 21215: geo permission", staffStatus: "new", createdAt: at(3).toISOString() });
    expect(all.leads[0]).toMatchObject({ kind: "newsletter", email: "news@example.com", staffStatus: null, unsubscribedAt: null });

    const ofKind = async (q: string) => (await list(q)).leads.map((l) => l.id);
    expect(await ofKind("kind=voucher")).toEqual([ids.v1]);
    expect(await ofKind("callStatus=simulated")).toEqual([ids.cb1]);
    expect(await ofKind("q=(949)")).toEqual([ids.v1, ids.cb1]);
    expect(await ofKind("q=JANE")).toEqual([ids.v1]);
    // An underscore is a character, not a LIKE wildcard.
    expect(await ofKind("q=e_d")).toEqual([ids.v1]);
    expect(await ofKind("q=s_e")).toEqual([]);
    expect(await ofKind("q=news@")).toEqual([ids.n1]);
    expect(await ofKind("from=2026-01-02&to=2026-01-03")).toEqual([ids.cb2, ids.v1]);
    expect(await ofKind("kind=&staffStatus=&q=")).toHaveLength(4);

    const paged = await list("page=2");
    expect(paged).toMatchObject({ total: 4, leads: [] });
    for (const bad of ["kind=appointment", "callStatus=ringing", "from=2026-13-45", "page=0", `q=${"x".repeat(101)}`]) {
      const res = await api(`?${bad}`, adminCookie);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
  });

  it("keeps the status and note staff set on callbacks and vouchers", async () => {
    const res = await api(`/callback/${ids.cb2}`, adminCookie, { method: "PATCH", body: { staffStatus: "contacted", staffNote: "  Left a voicemail  " } });
    expect(res.status).toBe(200);
    expect((await res.json()).lead).toEqual({ id: ids.cb2, staffStatus: "contacted", staffNote: "Left a voicemail" });
    const voucher = await api(`/voucher/${ids.v1}`, adminCookie, { method: "PATCH", body: { staffStatus: "booked", staffNote: "3 nights in March" } });
    expect(voucher.status).toBe(200);

    const [cb] = await database.db.select().from(callMeBackForm).where(eq(callMeBackForm.id, ids.cb2!));
    expect(cb).toMatchObject({ staffStatus: "contacted", staffNote: "Left a voicemail" });
    const [v] = await database.db.select().from(voucherRequests).where(eq(voucherRequests.id, ids.v1!));
    expect(v).toMatchObject({ staffStatus: "booked", staffNote: "3 nights in March" });
    expect(v!.updatedAt.getTime()).toBeGreaterThan(v!.createdAt.getTime());
    expect((await list("staffStatus=booked")).leads.map((l) => l.id)).toEqual([ids.v1]);

    const expectRefused = async (path: string, body: unknown, status: number) => {
      const r = await api(path, adminCookie, { method: "PATCH", body });
      expect([path, r.status]).toEqual([path, status]);
    };
    await expectRefused(`/voucher/${ids.v1}`, {}, 400);
    await expectRefused(`/voucher/${ids.v1}`, { staffStatus: "spam" }, 400);
    await expectRefused(`/voucher/${ids.v1}`, { staffNote: "x".repeat(2001) }, 400);
    await expectRefused(`/newsletter/${ids.n1}`, { staffStatus: "closed" }, 404);
    await expectRefused("/voucher/00000000-0000-0000-0000-000000000000", { staffStatus: "closed" }, 404);
    await expectRefused("/callback/not-a-uuid", { staffStatus: "closed" }, 404);
  });

  it("exports each kind as CSV a spreadsheet will not execute", async () => {
    const res = await api("/export.csv?kind=voucher", adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="?leads-voucher-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe('"Requested at","Name","Email","Phone","Staff status","Note","Source page","Consent"');
    expect(lines[1]).toBe(
      [at(2).toISOString(), `'=cmd|' /C calc'!A0`, "jane_doe@example.com", "'+19495550142", "booked", "3 nights in March", "/", VOUCHER_CONSENT_TEXT]
        .map((v) => `"${v.replace(/"/g, '""')}"`)
        .join(","),
    );
    expect(lines.slice(2)).toEqual([""]);

    const callbacks = (await (await api("/export.csv?kind=callback&callStatus=failed", adminCookie)).text()).trimEnd().split("\r\n");
    expect(callbacks).toHaveLength(2);
    expect(callbacks[1]).toContain(`"'+17142491002","failed","Twilio 21215: geo permission"`);

    const news = (await (await api("/export.csv?kind=newsletter", adminCookie)).text()).trimEnd().split("\r\n");
    expect(news[0]).toBe('"Signed up at","Email","Unsubscribed at","Source page","Consent"');
    expect(news[1]).toContain('"news@example.com",""');

    expect((await api("/export.csv", adminCookie)).status).toBe(400);
  });
});
