import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { sessions, userRoles, users } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { addStaffMember } from "./roles";
import { type TestServer, startTestServer } from "../testing/test-server";
import { type TestSmtp, signInDetails, startTestSmtp } from "../testing/test-smtp";

let database: Database;
let server: TestServer;
let smtp: TestSmtp;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  server = await startTestServer(database, { SMTP_URL: smtp.url, ADMIN_EMAILS: "boss@example.com", PUBLIC_SITE_URL: "https://cats.example" });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** Signs in through the API (mail over SMTP, then the typed code) and returns the Cookie header. */
async function signIn(email: string): Promise<string> {
  const since = smtp.mails.length;
  const sent = await fetch(`${server.url}/api/auth/magic-link`, json({ email }));
  expect(sent.status).toBe(200);
  const { code } = signInDetails(await smtp.waitForMail(email, { since }));
  const res = await fetch(`${server.url}/api/auth/verify-code`, json({ email, code }));
  expect(res.status).toBe(200);
  const [setCookie = "", hint] = res.headers.getSetCookie();
  expect(setCookie).toMatch(/^cat_hotel_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=259\d{4}$/);
  // The page's script may read the hint, so it says only that there is a session.
  expect(hint).toMatch(/^cat_hotel_signed_in=1; Path=\/; SameSite=Lax; Max-Age=259\d{4}$/);
  return setCookie.split(";")[0]!;
}

describe("the auth API", () => {
  it("signs in with the code, reports the spec's Session, and signs out for good", async () => {
    const cookie = await signIn("reader@example.com");
    const res = await fetch(`${server.url}/api/auth/session`, { headers: { cookie } });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const session = await res.json();
    expect(session).toMatchObject({
      user: { email: "reader@example.com" },
      isAdmin: false,
      isStaff: false,
      session: { user: { email: "reader@example.com" } },
    });
    expect(session.session.expires_at).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
    expect(session.user.email_confirmed_at).toEqual(expect.any(String));
    expect(JSON.stringify(session)).not.toContain(cookie.split("=")[1]);
    // Added to the team, the same session is staff at the next request: the header links the staff pages (ADR 0165).
    await addStaffMember(database.db, "reader@example.com");
    expect(await (await fetch(`${server.url}/api/auth/session`, { headers: { cookie } })).json()).toMatchObject({ isAdmin: false, isStaff: true });

    const out = await fetch(`${server.url}/api/auth/sign-out`, { method: "POST", headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/^cat_hotel_session=; .*Max-Age=0/);
    const [user] = await database.db.select().from(users).where(eq(users.email, "reader@example.com"));
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);

    const replay = await fetch(`${server.url}/api/auth/session`, { headers: { cookie } });
    expect(await replay.json()).toEqual({ user: null, session: null, isAdmin: false, isStaff: false, role: null, permissions: [] });
    // ...and the stale cookie is cleared.
    expect(replay.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("answers a second mail within a minute with 429 and 'rate limit' in the message", async () => {
    await fetch(`${server.url}/api/auth/magic-link`, json({ email: "twice@example.com" }));
    const res = await fetch(`${server.url}/api/auth/magic-link`, json({ email: "twice@example.com" }));
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body.error.code).toBe("RATE_LIMITED");
    expect(body.error.message).toContain("rate limit");
  });

  it("answers a bad e-mail with 400 and a message, never a 500", async () => {
    for (const body of [{ email: "nope" }, {}, { email: 42 }, { email: "a@b.c".padStart(300, "x") }]) {
      const res = await fetch(`${server.url}/api/auth/magic-link`, json(body));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toEqual({ code: "INVALID_EMAIL", message: "Please enter a valid email address." });
    }
    const notJson = await fetch(`${server.url}/api/auth/magic-link`, json(["a@example.com"]));
    expect([notJson.status, (await notJson.json()).error.code]).toEqual([400, "INVALID_EMAIL"]);
    for (const body of [{ email: "x@example.com", code: "12" }, { email: "x@example.com" }, { email: "x@example.com", code: 123456 }]) {
      const code = await fetch(`${server.url}/api/auth/verify-code`, json(body));
      expect(code.status).toBe(400);
      expect((await code.json()).error).toEqual({ code: "CODE_INVALID", message: "Please enter the 6-digit code from the e-mail." });
    }
    // The address is refused first, whatever the code.
    const both = await fetch(`${server.url}/api/auth/verify-code`, json({ email: "nope", code: "12" }));
    expect([both.status, (await both.json()).error.code]).toEqual([400, "INVALID_EMAIL"]);
  });
});

describe("the admin API", () => {
  it("answers visitors 401 AUTH_REQUIRED and non-admins 403 FORBIDDEN on every route, whatever the method", async () => {
    const customer = await signIn("customer@example.com");
    for (const [method, path] of [
      ["GET", "/api/admin/me"],
      ["GET", "/api/admin/bookings"],
      ["POST", "/api/admin/anything"],
      ["DELETE", "/api/admin/me"],
    ] as const) {
      const visitor = await fetch(`${server.url}${path}`, { method });
      expect([visitor.status, (await visitor.json()).error.code], `${method} ${path}`).toEqual([401, "AUTH_REQUIRED"]);
      const nonAdmin = await fetch(`${server.url}${path}`, { method, headers: { cookie: customer } });
      expect([nonAdmin.status, (await nonAdmin.json()).error.code], `${method} ${path}`).toEqual([403, "FORBIDDEN"]);
    }
  });

  it("lets an ADMIN_EMAILS admin in, and reads the role on every request", async () => {
    const boss = await signIn("boss@example.com");
    const res = await fetch(`${server.url}/api/admin/me`, { headers: { cookie: boss } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: "boss@example.com" }, isAdmin: true });
    // The header's menu links the staff pages for an admin too (ADR 0165).
    expect(await (await fetch(`${server.url}/api/auth/session`, { headers: { cookie: boss } })).json()).toMatchObject({ isAdmin: true, isStaff: true });

    // The team keeps an Owner (ADR 0185): another takes over, then the boss leaves.
    const [other] = await database.db.insert(users).values({ email: "other-owner@example.com" }).returning();
    await database.db.insert(userRoles).values({ userId: other!.id, role: "owner" });
    const [user] = await database.db.select().from(users).where(eq(users.email, "boss@example.com"));
    await database.db.delete(userRoles).where(eq(userRoles.userId, user!.id));
    expect((await fetch(`${server.url}/api/admin/me`, { headers: { cookie: boss } })).status).toBe(403);
  });
});

describe("cross-site requests", () => {
  it("refuses state-changing requests another site's page sends, on the API and on page actions", async () => {
    for (const path of ["/api/auth/sign-out", "/api/auth/magic-link", "/auth/verify"]) {
      const attempts: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }, { origin: "null" }];
      for (const headers of attempts) {
        const res = await fetch(`${server.url}${path}`, json({ email: "victim@example.com" }, headers));
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.text()).toContain("Requests from other sites are not accepted");
      }
    }
    expect(smtp.mails.filter((m) => m.to === "victim@example.com")).toEqual([]);
  });

  it("accepts our own origin, the public URL's origin, and clients that send neither header", async () => {
    const own = new URL(server.url);
    const fine: Record<string, string>[] = [{ origin: own.origin, "sec-fetch-site": "same-origin" }, { origin: "https://cats.example" }, {}];
    for (const headers of fine) {
      const res = await fetch(`${server.url}/api/auth/sign-out`, { method: "POST", headers });
      expect(res.status, JSON.stringify(headers)).toBe(204);
    }
    // Reading is never refused.
    expect((await fetch(`${server.url}/api/auth/session`, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(200);
  });
});
