import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "~/lib/business-time";
import type { Database } from "../db/client";
import { appointments, callMeBackForm, newsletterSignups, pageViewCounts, sessions, signIns, users, voucherRequests } from "../db/schema/index";
import { grantAdmin } from "../auth/roles";
import { SESSION_ABSOLUTE_MS, createSession, deleteSession, findSession } from "../auth/sessions";
import { requestSignIn, signInWithCode, signInWithLink } from "../auth/sign-in";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { signInDetails, startTestSmtp } from "../testing/test-smtp";
import { PAGE_VIEWS_PER_IP_PER_10_MINUTES, recordPageView } from "./page-views";
import { analyticsSummary } from "./queries";

let database: Database;
let server: TestServer;
const cookies: Record<"admin" | "customer", string> = { admin: "", customer: "" };

// January: Los Angeles is UTC-8, so 07:59 UTC is 23:59 the day before in LA, and 08:00 UTC is LA midnight.
// 2026-01-19 is a Monday: the Sunday-night and Monday-midnight events also fall in different weeks.
const SUNDAY_2359_LA = new Date("2026-01-19T07:59:00Z");
const MONDAY_0000_LA = new Date("2026-01-19T08:00:00Z");
const RANGE = { from: "2026-01-12", to: "2026-01-25" };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(callMeBackForm).values([
    { phoneNumber: "+19492491001", callStatus: "paused", createdAt: new Date("2026-01-12T07:59:00Z") }, // Jan 11 LA: outside
    { phoneNumber: "+19492491002", callStatus: "pending", createdAt: new Date("2026-01-12T08:00:00Z") }, // Jan 12 LA
    { phoneNumber: "+19492491003", callStatus: "placed", createdAt: SUNDAY_2359_LA },
    { phoneNumber: "+19492491004", callStatus: "failed", createdAt: MONDAY_0000_LA },
    { phoneNumber: "+19492491005", callStatus: "simulated", createdAt: new Date("2026-01-26T07:59:00Z") }, // Jan 25 LA: last day
    { phoneNumber: "+19492491006", callStatus: "placed", createdAt: new Date("2026-01-26T08:00:00Z") }, // Jan 26 LA: outside
  ]);
  const voucher = { name: "Ana", email: "ana@example.com", phone: "+19495550142", consentText: "I agree", consentedAt: SUNDAY_2359_LA, sourcePage: "/" };
  await db.insert(voucherRequests).values([
    { ...voucher, createdAt: SUNDAY_2359_LA },
    { ...voucher, createdAt: MONDAY_0000_LA },
    { ...voucher, createdAt: MONDAY_0000_LA },
  ]);
  await db.insert(newsletterSignups).values({
    email: "kit@example.com",
    consentText: "I agree",
    consentedAt: SUNDAY_2359_LA,
    sourcePage: "/",
    unsubscribeTokenHash: "h1",
    createdAt: new Date("2026-01-13T03:00:00Z"), // 19:00 on Jan 12 in LA, already Jan 13 in UTC
  });
  const appointment = { customerEmail: "c@example.com", serviceId: "boarding", createdBy: "t", updatedBy: "t" };
  await db.insert(appointments).values([
    { ...appointment, startsAt: SUNDAY_2359_LA, status: "Confirmed" },
    { ...appointment, startsAt: MONDAY_0000_LA, status: "Cancelled" },
    { ...appointment, startsAt: new Date("2026-01-20T18:00:00Z"), status: "Completed" },
    { ...appointment, startsAt: new Date("2026-01-20T19:00:00Z"), status: "Completed" },
  ]);

  const [admin, customer, reader] = await db
    .insert(users)
    .values([{ email: "boss@example.com" }, { email: "cat@example.com" }, { email: "reader@example.com" }])
    .returning();
  await grantAdmin(db, admin!.id);
  // Sign-ins for the report, as the sign-in log records them (real sign-ins are tested below).
  await db.insert(signIns).values([
    { userId: reader!.id, method: "link", signedInAt: SUNDAY_2359_LA },
    { userId: reader!.id, method: "code", signedInAt: MONDAY_0000_LA },
  ]);
  // Sessions for the API tests, signed in now (outside the range above).
  cookies.admin = `cat_hotel_session=${(await createSession(db, admin!.id, new Date())).token}`;
  cookies.customer = `cat_hotel_session=${(await createSession(db, customer!.id, new Date())).token}`;

  for (const [path, at] of [
    ["/", SUNDAY_2359_LA],
    ["/", SUNDAY_2359_LA],
    ["/", MONDAY_0000_LA],
    ["/terms", MONDAY_0000_LA],
  ] as const) {
    await recordPageView(db, { path, ip: "203.0.113.1", optedOut: false }, at);
  }
  server = await startTestServer(database);
});
afterAll(async () => {
  await server?.close();
  await database.close();
});

describe("analytics aggregates by Los Angeles day", () => {
  it("puts 23:59 and 00:00 Los Angeles time on their own days and leaves out what is outside the range", async () => {
    const s = await analyticsSummary(database.db, { ...RANGE, group: "day" });
    expect(s.leads.rows).toHaveLength(14);
    const nonZero = s.leads.rows.filter((r) => Object.values(r.values).some((n) => n > 0));
    expect(nonZero).toEqual([
      { bucket: "2026-01-12", values: { callbacks: 1, vouchers: 0, signups: 1 } },
      { bucket: "2026-01-18", values: { callbacks: 1, vouchers: 1, signups: 0 } },
      { bucket: "2026-01-19", values: { callbacks: 1, vouchers: 2, signups: 0 } },
      { bucket: "2026-01-25", values: { callbacks: 1, vouchers: 0, signups: 0 } },
    ]);
    expect(s.callbackOutcomes).toEqual([
      { outcome: "placed", count: 1 },
      { outcome: "simulated", count: 1 },
      { outcome: "failed", count: 1 },
      { outcome: "paused", count: 0 },
      { outcome: "pending", count: 1 },
    ]);
    const day = (series: { rows: { bucket: string; values: Record<string, number> }[] }, bucket: string) =>
      series.rows.find((r) => r.bucket === bucket)!.values;
    expect(day(s.signIns, "2026-01-18")).toEqual({ signIns: 1 });
    expect(day(s.signIns, "2026-01-19")).toEqual({ signIns: 1 });
    expect(s.signIns.rows.reduce((n, r) => n + r.values.signIns, 0)).toBe(2);
    expect(day(s.appointments, "2026-01-18")).toEqual({ Confirmed: 1, Pending: 0, Cancelled: 0, Completed: 0 });
    expect(day(s.appointments, "2026-01-19")).toEqual({ Confirmed: 0, Pending: 0, Cancelled: 1, Completed: 0 });
    expect(day(s.appointments, "2026-01-20")).toEqual({ Confirmed: 0, Pending: 0, Cancelled: 0, Completed: 2 });
    expect(day(s.pageViews, "2026-01-18")).toEqual({ views: 2 });
    expect(day(s.pageViews, "2026-01-19")).toEqual({ views: 2 });
    expect(s.topPaths).toEqual([
      { path: "/", views: 3 },
      { path: "/terms", views: 1 },
    ]);
  });

  it("groups by ISO week (Monday) in Los Angeles time", async () => {
    const s = await analyticsSummary(database.db, { ...RANGE, group: "week" });
    expect(s.leads.rows).toEqual([
      { bucket: "2026-01-12", values: { callbacks: 2, vouchers: 1, signups: 1 } },
      { bucket: "2026-01-19", values: { callbacks: 2, vouchers: 2, signups: 0 } },
    ]);
    expect(s.pageViews.rows).toEqual([
      { bucket: "2026-01-12", values: { views: 2 } },
      { bucket: "2026-01-19", values: { views: 2 } },
    ]);
    expect(s.appointments.rows.map((r) => r.values.Completed)).toEqual([0, 2]);
    expect(s.signIns.rows.map((r) => r.values.signIns)).toEqual([1, 1]);
  });

  it("is empty, with every bucket at zero, for a range with no data", async () => {
    const s = await analyticsSummary(database.db, { from: "2025-06-01", to: "2025-06-07", group: "day" });
    expect(s.range.group).toBe("day");
    expect(s.leads.rows.map((r) => r.bucket)).toEqual(["2025-06-01", "2025-06-02", "2025-06-03", "2025-06-04", "2025-06-05", "2025-06-06", "2025-06-07"]);
    expect(s.leads.rows.every((r) => r.values.callbacks + r.values.vouchers + r.values.signups === 0)).toBe(true);
    expect(s.topPaths).toEqual([]);
    expect(s.callbackOutcomes.every((o) => o.count === 0)).toBe(true);
  });

  it("counts a summer evening on its Los Angeles day too (daylight time, UTC-7)", async () => {
    await database.db.insert(callMeBackForm).values([
      { phoneNumber: "+19492491010", createdAt: new Date("2026-07-01T06:59:00Z") }, // Jun 30, 23:59 PDT
      { phoneNumber: "+19492491011", createdAt: new Date("2026-07-01T07:00:00Z") }, // Jul 1, 00:00 PDT
    ]);
    const s = await analyticsSummary(database.db, { from: "2026-06-30", to: "2026-07-01", group: "day" });
    expect(s.leads.rows.map((r) => [r.bucket, r.values.callbacks])).toEqual([
      ["2026-06-30", 1],
      ["2026-07-01", 1],
    ]);
  });
});

describe("page-view counting", () => {
  it("refuses staff, API and tooling paths and anything that is not a plain path", async () => {
    for (const path of [
      "/admin",
      "/admin/analytics",
      "/Admin",
      "/api/leads",
      "/dev/outbox",
      "/?token=abc",
      "/a#b",
      "https://x.test/",
      "//evil",
      "",
      "x",
      "/" + "a".repeat(200),
      42,
    ]) {
      await expect(recordPageView(database.db, { path, ip: "203.0.113.9", optedOut: false }, new Date())).rejects.toMatchObject({ status: 400 });
    }
    for (const path of ["/admin-backup", "/developer"]) {
      await expect(recordPageView(database.db, { path, ip: "203.0.113.9", optedOut: false }, new Date())).rejects.toMatchObject({ status: 400 });
    }
    await expect(
      recordPageView(database.db, { path: "/cat-boarding-laguna-niguel", ip: "203.0.113.9", optedOut: false }, new Date("2026-03-01T20:00:00Z")),
    ).resolves.toBe("counted");
  });

  it("limits each address, and counts nothing beyond the limit", async () => {
    const now = new Date("2026-02-01T20:00:00Z");
    for (let i = 0; i < PAGE_VIEWS_PER_IP_PER_10_MINUTES; i++) await recordPageView(database.db, { path: "/limit", ip: "198.51.100.7", optedOut: false }, now);
    await expect(recordPageView(database.db, { path: "/limit", ip: "198.51.100.7", optedOut: false }, now)).rejects.toMatchObject({ status: 429 });
    await expect(recordPageView(database.db, { path: "/limit", ip: "198.51.100.8", optedOut: false }, now)).resolves.toBe("counted");
    const [row] = await database.db.select().from(pageViewCounts).where(eq(pageViewCounts.path, "/limit"));
    expect(row).toEqual({ day: "2026-02-01", path: "/limit", count: PAGE_VIEWS_PER_IP_PER_10_MINUTES + 1 });
  });
});

describe("the beacon endpoint", () => {
  const beacon = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/page-views`, { method: "POST", headers: { "content-type": "text/plain;charset=UTF-8", ...headers }, body });
  const countOf = async (path: string) =>
    (await database.db.select().from(pageViewCounts).where(eq(pageViewCounts.path, path))).reduce((n, r) => n + r.count, 0);

  it("counts a public path sent as text (what sendBeacon sends) or JSON, storing only day, path and count", async () => {
    expect((await beacon("/book-online")).status).toBe(204);
    const json = await fetch(`${server.url}/api/page-views`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/book-online" }),
    });
    expect(json.status).toBe(204);
    expect(await countOf("/book-online")).toBe(2);
    expect(Object.keys((await database.db.select().from(pageViewCounts).limit(1))[0]!).sort()).toEqual(["count", "day", "path"]);
  });

  it("refuses admin, API and dev paths with 400 and counts nothing", async () => {
    for (const path of ["/admin", "/admin/analytics", "/api/admin/analytics", "/dev/outbox"]) {
      const res = await beacon(path);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("PATH_NOT_COUNTED");
      expect(await countOf(path)).toBe(0);
    }
  });

  it("honours Do-Not-Track and Global Privacy Control: 204, nothing counted", async () => {
    expect((await beacon("/terms-dnt", { dnt: "1" })).status).toBe(204);
    expect((await beacon("/terms-dnt", { "sec-gpc": "1" })).status).toBe(204);
    expect(await countOf("/terms-dnt")).toBe(0);
    expect((await beacon("/terms-dnt", { dnt: "0" })).status).toBe(204);
    expect(await countOf("/terms-dnt")).toBe(1);
  });

  it("refuses a beacon from another site", async () => {
    const res = await beacon("/", { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
  });
});

describe("the analytics API is admin-only", () => {
  const calls = ["/api/admin/analytics", `/api/admin/analytics?from=${RANGE.from}&to=${RANGE.to}&group=week`, "/api/admin/analytics/anything"];

  it("answers a visitor 401 and a signed-in non-admin 403 on every call", async () => {
    for (const path of calls) {
      const visitor = await fetch(`${server.url}${path}`);
      expect(visitor.status, path).toBe(401);
      expect((await visitor.json()).error.code).toBe("AUTH_REQUIRED");
      const customer = await fetch(`${server.url}${path}`, { headers: { cookie: cookies.customer } });
      expect(customer.status, path).toBe(403);
      expect((await customer.json()).error.code).toBe("FORBIDDEN");
    }
  });

  it("gives an admin the summary, and a 400 with a message for a bad range", async () => {
    const res = await fetch(`${server.url}${calls[1]}`, { headers: { cookie: cookies.admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.leads.rows.map((r: { values: { callbacks: number } }) => r.values.callbacks)).toEqual([2, 2]);
    const bad = await fetch(`${server.url}/api/admin/analytics?from=2026-01-10&to=2026-01-01`, { headers: { cookie: cookies.admin } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe("The start date must be on or before the end date.");
  });
});

describe("sign-ins are counted from the sign-in log", () => {
  it("counts two link sign-ins and one code sign-in today, and keeps counting them after their sessions are gone", async () => {
    const smtp = await startTestSmtp();
    try {
      const env = loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url });
      const logger = createLogger("silent");
      const deps = { db: database.db, env, logger, mailer: createMailer(env, logger) };
      const mail = async (email: string, at: Date, ip: string) => {
        const since = smtp.mails.length;
        await requestSignIn(deps, { email, ip }, at);
        return signInDetails(await smtp.waitForMail(email, { since }));
      };

      // Three sign-ins within a minute of each other; a minute before Los Angeles midnight they
      // move back a few minutes so that "today" holds them all.
      let first = new Date();
      if (businessDate(new Date(first.getTime() + 2 * 60_000)) !== businessDate(first)) first = new Date(first.getTime() - 3 * 60_000);
      const second = new Date(first.getTime() + 61_000); // one mail per address per minute
      const today = businessDate(first);
      const todayCount = async () => {
        const s = await analyticsSummary(database.db, { from: today, to: today, group: "day" });
        return s.signIns.rows[0]!.values.signIns;
      };

      // The same customer twice by link, another by code (as on a second device).
      const byLink1 = await signInWithLink(deps, (await mail("twice@example.com", first, "203.0.113.21")).token, first);
      const byLink2 = await signInWithLink(deps, (await mail("twice@example.com", second, "203.0.113.22")).token, second);
      const { code } = await mail("other-device@example.com", first, "203.0.113.23");
      const byCode = await signInWithCode(deps, { email: "other-device@example.com", code, ip: "203.0.113.23" }, first);
      expect(await todayCount()).toBe(3);

      // What the log keeps: the time, the account and the method, nothing else.
      const logged = await database.db
        .select()
        .from(signIns)
        .where(inArray(signIns.userId, [byLink1.userId, byCode.userId]))
        .orderBy(signIns.id);
      expect(logged.map(({ id: _id, ...row }) => row)).toEqual([
        { userId: byLink1.userId, method: "link", signedInAt: first },
        { userId: byLink2.userId, method: "link", signedInAt: second },
        { userId: byCode.userId, method: "code", signedInAt: first },
      ]);

      // Sign-out deletes one session; the other two expire and are deleted on their next use.
      await deleteSession(database.db, byLink1.token);
      const afterExpiry = new Date(second.getTime() + SESSION_ABSOLUTE_MS + 1);
      expect(await findSession(database.db, byLink2.token, afterExpiry)).toBeNull();
      expect(await findSession(database.db, byCode.token, afterExpiry)).toBeNull();
      expect(
        await database.db
          .select()
          .from(sessions)
          .where(inArray(sessions.userId, [byLink1.userId, byCode.userId])),
      ).toEqual([]);
      expect(await todayCount()).toBe(3);

      // A refused sign-in (the link was already used) logs nothing.
      const { token } = await mail("twice@example.com", new Date(second.getTime() + 61_000), "203.0.113.24");
      await signInWithLink(deps, token, new Date(second.getTime() + 61_000));
      await expect(signInWithLink(deps, token, new Date(second.getTime() + 62_000))).rejects.toMatchObject({ code: "LINK_USED" });
      expect(await database.db.select().from(signIns).where(eq(signIns.userId, byLink1.userId))).toHaveLength(3);
    } finally {
      await smtp.close();
    }
  });
});
