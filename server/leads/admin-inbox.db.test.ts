import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { action, loader } from "~/routes/admin/leads";
import { NEWSLETTER_CONSENT_TEXT, VOUCHER_CONSENT_TEXT } from "~/features/leads/schema";
import { grantAdmin } from "../auth/roles";
import { createSession } from "../auth/sessions";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { callMeBackForm, newsletterSignups, users, voucherRequests } from "../db/schema/index";
import { testRequestContext } from "../testing/request-context";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { leadsCsv, listLeads } from "./inbox";
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
  const { token } = await createSession(database.db, user!.id, new Date());
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
  await signUpForNewsletter(
    { db, env: server.env },
    { email: "news@example.com", consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: "/" },
    "203.0.113.9",
    at(4),
  );
  const [n1] = await db.select({ id: newsletterSignups.id }).from(newsletterSignups);
  Object.assign(ids, { cb1: cb1!.id, cb2: cb2!.id, v1: v1!.id, n1: n1!.id });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const exportCsv = (path: string, cookie: string | undefined) => fetch(`${server.url}/api/admin/leads${path}`, { headers: cookie ? { cookie } : {} });

type Handler = (args: { request: Request; context: RequestContext; params: object }) => Promise<unknown>;
/** The Leads inbox page's loader or action with this request: what it answers, or what it threw (a redirect). */
const run = (handler: unknown, request: Request) =>
  (handler as Handler)({ request, context: testRequestContext(server.env, database.db), params: {} }).catch((thrown: unknown) => thrown);
const inbox = (query: string, cookie = adminCookie) => run(loader, new Request(`http://localhost/admin/leads?${query}`, { headers: { cookie } }));
const followUp = (fields: Record<string, string>, cookie: string | null = adminCookie) =>
  run(
    action,
    new Request("http://localhost/admin/leads", { method: "POST", headers: cookie ? { cookie } : {}, body: new URLSearchParams(fields) }),
  ) as Promise<{
    data: { notice?: { description?: string } };
    init: { status?: number } | null;
  }>;

async function list(query = "") {
  return (await inbox(query)) as Awaited<ReturnType<typeof loader>>;
}

describe("the leads inbox", () => {
  it("sends a visitor to sign in and a customer away, answers the export 401 and 403, and changes nothing for them", async () => {
    for (const cookie of [null, customerCookie]) {
      const expected = cookie ? "/" : expect.stringMatching(/^\/auth/);
      expect(((await inbox("", cookie ?? "")) as Response).headers.get("location")).toEqual(expected);
      const posted = (await followUp({ kind: "callback", leadId: ids.cb1!, staffStatus: "closed", staffNote: "hacked" }, cookie)) as unknown as Response;
      expect(posted.headers.get("location")).toEqual(expected);
    }
    for (const path of ["/export.csv?kind=callback", "/export.csv?kind=voucher", "/export.csv?kind=newsletter"]) {
      const visitor = await exportCsv(path, undefined);
      expect([path, visitor.status]).toEqual([path, 401]);
      expect((await visitor.json()).error.code).toBe("AUTH_REQUIRED");
      const customer = await exportCsv(path, customerCookie);
      expect([path, customer.status]).toEqual([path, 403]);
      expect((await customer.json()).error.code).toBe("FORBIDDEN");
    }
    const [cb] = await database.db.select().from(callMeBackForm).where(eq(callMeBackForm.id, ids.cb1!));
    expect(cb).toMatchObject({ staffStatus: "new", staffNote: null });
  });

  it("lists every kind newest first, says calls are simulated, and filters", async () => {
    const all = await list();
    expect(all.leads.map((l) => l.id)).toEqual([ids.n1, ids.cb2, ids.v1, ids.cb1]);
    expect(all).toMatchObject({ newer: null, older: null, filterError: null, callsSimulated: true });
    expect(all.leads[1]).toMatchObject({
      kind: "callback",
      phone: "+17142491002",
      callStatus: "failed",
      callError: "Twilio 21215: geo permission",
      staffStatus: "new",
      createdAt: at(3).toISOString(),
    });
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

    const cursor = (iso: string, id: string) => encodeURIComponent(`${iso}_${id}`);
    const badQueries = [
      "kind=appointment",
      "callStatus=ringing",
      "from=2026-13-45",
      `q=${"x".repeat(101)}`,
      "before=2",
      `before=${cursor("2026-01-02T12:00:00.000Z", ids.v1!)}`,
      // February has no 31st.
      `before=${cursor("2026-02-31T12:00:00.000000Z", ids.v1!)}`,
      `before=${cursor("2026-01-02T12:00:00.000000Z", "not-a-uuid")}`,
      `before=${cursor("2026-01-02T12:00:00.000000Z", ids.v1!)}&after=${cursor("2026-01-01T12:00:00.000000Z", ids.v1!)}`,
    ];
    // A hand-edited address with a bad filter shows everything and says why, never an error page.
    for (const bad of badQueries) {
      const page = await list(bad);
      expect([bad, page.filterError]).toEqual([bad, expect.any(String)]);
      expect(page.leads, bad).toHaveLength(4);
    }
  });

  it("keeps the status and note staff set on callbacks and vouchers", async () => {
    const saved = await followUp({ kind: "callback", leadId: ids.cb2!, staffStatus: "contacted", staffNote: "  Left a voicemail  " });
    expect(saved.init?.status ?? 200).toBe(200);
    expect(saved.data.notice).toMatchObject({ title: "Lead updated", description: "Contacted" });
    const voucher = await followUp({ kind: "voucher", leadId: ids.v1!, staffStatus: "booked", staffNote: "3 nights in March" });
    expect(voucher.init?.status ?? 200).toBe(200);

    const [cb] = await database.db.select().from(callMeBackForm).where(eq(callMeBackForm.id, ids.cb2!));
    expect(cb).toMatchObject({ staffStatus: "contacted", staffNote: "Left a voicemail" });
    const [v] = await database.db.select().from(voucherRequests).where(eq(voucherRequests.id, ids.v1!));
    expect(v).toMatchObject({ staffStatus: "booked", staffNote: "3 nights in March" });
    expect(v!.updatedAt.getTime()).toBeGreaterThan(v!.createdAt.getTime());
    expect((await list("staffStatus=booked")).leads.map((l) => l.id)).toEqual([ids.v1]);

    const expectRefused = async (fields: Record<string, string>, status: number) => {
      const reply = await followUp(fields);
      expect([fields, reply.init?.status]).toEqual([fields, status]);
    };
    await expectRefused({ kind: "voucher", leadId: ids.v1! }, 400);
    await expectRefused({ kind: "voucher", leadId: ids.v1!, staffStatus: "spam" }, 400);
    await expectRefused({ kind: "voucher", leadId: ids.v1!, staffStatus: "booked", staffNote: "x".repeat(2001) }, 400);
    await expectRefused({ kind: "newsletter", leadId: ids.n1!, staffStatus: "closed" }, 400);
    await expectRefused({ kind: "voucher", leadId: "00000000-0000-0000-0000-000000000000", staffStatus: "closed" }, 404);
    await expectRefused({ kind: "callback", leadId: "not-a-uuid", staffStatus: "closed" }, 404);
    const [unchanged] = await database.db.select().from(voucherRequests).where(eq(voucherRequests.id, ids.v1!));
    expect(unchanged).toMatchObject({ staffStatus: "booked", staffNote: "3 nights in March" });
  });

  it("exports each kind as CSV a spreadsheet will not execute", async () => {
    const res = await exportCsv("/export.csv?kind=voucher", adminCookie);
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

    const callbacks = (await (await exportCsv("/export.csv?kind=callback&callStatus=failed", adminCookie)).text()).trimEnd().split("\r\n");
    expect(callbacks).toHaveLength(2);
    expect(callbacks[1]).toContain(`"'+17142491002","failed","Twilio 21215: geo permission"`);

    const news = (await (await exportCsv("/export.csv?kind=newsletter", adminCookie)).text()).trimEnd().split("\r\n");
    expect(news[0]).toBe('"Signed up at","Email","Unsubscribed at","Source page","Consent"');
    expect(news[1]).toContain('"news@example.com",""');

    expect((await exportCsv("/export.csv", adminCookie)).status).toBe(400);
  });
});

describe("paging the inbox by cursor", () => {
  // February: kept apart from the January leads above by a date filter.
  const february = { from: "2026-02-01", to: "2026-02-28" };
  /** Every February lead, newest first, ties broken by id as the database orders uuids. */
  let expected: string[];

  beforeAll(async () => {
    const { db } = database;
    // Five callbacks in the same microsecond: only their ids tell them apart.
    const sameInstant = sql`'2026-02-10 12:00:00.123456+00'::timestamptz`;
    const tied = await db
      .insert(callMeBackForm)
      .values(Array.from({ length: 5 }, (_, i) => ({ phoneNumber: `+1949249200${i}`, createdAt: sameInstant })))
      .returning({ id: callMeBackForm.id });
    const vouchers = await db
      .insert(voucherRequests)
      .values(
        [5, 11, 20].map((day) => ({
          name: `February ${day}`,
          email: `feb${day}@example.com`,
          phone: "+19495550142",
          consentText: VOUCHER_CONSENT_TEXT,
          consentedAt: new Date(Date.UTC(2026, 1, day, 18)),
          sourcePage: "/",
          createdAt: new Date(Date.UTC(2026, 1, day, 18)),
        })),
      )
      .returning({ id: voucherRequests.id });
    const tiedIds = tied
      .map((r) => r.id)
      .sort()
      .reverse();
    expected = [vouchers[2]!.id, vouchers[1]!.id, ...tiedIds, vouchers[0]!.id];
  });

  it("walks to the oldest lead and back, each lead once, through a tie", async () => {
    const pages: string[][] = [];
    let page = await listLeads(database.db, february, 3);
    expect(page.newer).toBeNull();
    pages.push(page.leads.map((l) => l.id));
    while (page.older) {
      page = await listLeads(database.db, { ...february, before: page.older }, 3);
      pages.push(page.leads.map((l) => l.id));
    }
    expect(pages).toEqual([expected.slice(0, 3), expected.slice(3, 6), expected.slice(6)]);

    const back: string[][] = [];
    while (page.newer) {
      page = await listLeads(database.db, { ...february, after: page.newer }, 3);
      back.push(page.leads.map((l) => l.id));
    }
    expect(back).toEqual([expected.slice(3, 6), expected.slice(0, 3)]);
    expect(page.newer).toBeNull();
  });

  it("keeps the older pages where they were when new leads arrive, and shows a full newest page", async () => {
    const first = await listLeads(database.db, february, 3);
    const [late] = await database.db
      .insert(callMeBackForm)
      .values({ phoneNumber: "+19492492099", createdAt: new Date(Date.UTC(2026, 1, 25, 18)) })
      .returning({ id: callMeBackForm.id });
    onTestFinished(() =>
      database.db
        .delete(callMeBackForm)
        .where(eq(callMeBackForm.id, late!.id))
        .then(() => {}),
    );
    const second = await listLeads(database.db, { ...february, before: first.older! }, 3);
    expect(second.leads.map((l) => l.id)).toEqual(expected.slice(3, 6));

    // "Newer" from the second page: the three just above it, as before, and now one more page.
    const above = await listLeads(database.db, { ...february, after: second.newer! }, 3);
    expect(above.leads.map((l) => l.id)).toEqual(expected.slice(0, 3));
    expect(above.newer).not.toBeNull();
    // Fewer than a page is newer than that: the newest page, full.
    const newest = await listLeads(database.db, { ...february, after: above.newer! }, 3);
    expect(newest).toMatchObject({ newer: null, older: expect.any(String) });
    expect(newest.leads.map((l) => l.id)).toEqual([late!.id, ...expected.slice(0, 2)]);
  });

  it("past the oldest lead, shows none and leads back", async () => {
    const lastPage = await listLeads(database.db, { ...february, before: (await listLeads(database.db, february, 7)).older! }, 3);
    expect(lastPage.leads.map((l) => l.id)).toEqual(expected.slice(7));
    const beyond = await listLeads(database.db, { ...february, before: lastPage.newer! }, 3);
    expect(beyond).toEqual({ leads: [], newer: lastPage.newer, older: null });
    // "Newer" from there: the three just above the oldest.
    const back = await listLeads(database.db, { ...february, after: beyond.newer! }, 3);
    expect(back.leads.map((l) => l.id)).toEqual(expected.slice(4, 7));
  });

  it("exports in batches that join into the whole file", async () => {
    const read = async (batchRows: number) => {
      const pieces: string[] = [];
      for await (const piece of leadsCsv(database.db, "callback", february, batchRows)) pieces.push(piece);
      return pieces;
    };
    const whole = await read(500);
    expect(whole).toHaveLength(1);
    expect(whole[0]!.split("\r\n")).toHaveLength(1 + 5 + 1);
    const batched = await read(2);
    expect(batched).toHaveLength(3);
    expect(batched.join("")).toBe(whole[0]);
  });
});
