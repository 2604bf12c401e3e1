import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "~/routes/auth";
import * as verifyRoute from "~/routes/auth.verify";
import { PUBLIC_FORM_INTENTS } from "~/lib/public-forms";
import type { Database } from "../db/client";
import { sessions, signIns, userRoles, users, verifications } from "../db/schema/index";
import { testPageBuild } from "../testing/page-build";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startPageTestServer } from "../testing/test-server";
import { type TestSmtp, signInDetails, startTestSmtp } from "../testing/test-smtp";
import { SIGN_IN_MESSAGES } from "./sign-in";
import { hashToken, randomToken } from "../crypto/tokens";

/** The real /auth and /auth/verify route modules behind the page handler, and the real auth API beside it. */
const build = testPageBuild({
  "routes/auth": { path: "auth", module: authRoute },
  "routes/auth.verify": { path: "auth/verify", module: verifyRoute },
});

let database: Database;
let smtp: TestSmtp;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  server = await startPageTestServer(database, build, { SMTP_URL: smtp.url, ADMIN_EMAILS: "owner@example.com" });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

const fresh = (name: string) => `${name}-${crypto.randomUUID()}@example.com`;

/** Asks for a sign-in mail as the sign-in form does and returns its link's token and its code. */
async function mailFor(email: string) {
  const since = smtp.mails.length;
  const sent = await fetch(`${server.url}/api/auth/magic-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(sent.status, await sent.text()).toBe(200);
  return signInDetails(await smtp.waitForMail(email, { since }));
}

/** The verify page's form post, as the sign-in fixture and the page's button send it. */
async function postLink(token: string) {
  const res = await fetch(`${server.url}/auth/verify?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }),
  });
  const body = await res.text();
  const actionData = (JSON.parse(body) as { actionData?: Record<string, { ok: boolean; code?: string; message?: string }> }).actionData;
  return { status: res.status, result: actionData?.["routes/auth.verify"], cookies: res.headers.getSetCookie(), body };
}

async function postCode(email: string, code: string) {
  const res = await fetch(`${server.url}/api/auth/verify-code`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, code }),
  });
  return { status: res.status, body: await res.text() };
}

async function sessionsOf(email: string) {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return { sessions: 0, signIns: 0 };
  return {
    sessions: (await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length,
    signIns: (await database.db.select().from(signIns).where(eq(signIns.userId, user.id))).length,
  };
}

describe("the link page under concurrent posts", () => {
  it("signs in once out of 20 posts of one link; the others are told the link was used, never a 500", async () => {
    const email = fresh("race");
    const { token } = await mailFor(email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postLink(token)));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const signedIn = answers.filter((a) => a.status === 200);
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]!.result).toMatchObject({ ok: true, email });
    expect(signedIn[0]!.cookies[0]).toMatch(/^cat_hotel_session=[A-Za-z0-9_-]{43};/);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect([refused.status, refused.result]).toEqual([400, { ok: false, code: "LINK_USED", message: SIGN_IN_MESSAGES.linkUsed }]);
      expect(refused.cookies).toEqual([]);
    }
    expect(await sessionsOf(email)).toEqual({ sessions: 1, signIns: 1 });
  });

  it("makes one admin of an ADMIN_EMAILS address whose first sign-in is raced", async () => {
    const { token } = await mailFor("owner@example.com");
    const answers = await Promise.all(Array.from({ length: 20 }, () => postLink(token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(400)]);
    const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, owner!.id))).toHaveLength(1);
    expect(await sessionsOf("owner@example.com")).toEqual({ sessions: 1, signIns: 1 });
  });

  it("signs in once when the link and the typed code of one mail are used at the same time", async () => {
    const email = fresh("both");
    const { token, code } = await mailFor(email);
    const [links, codes] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => postLink(token))),
      Promise.all(Array.from({ length: 5 }, () => postCode(email, code))),
    ]);
    expect([...links, ...codes].filter((a) => a.status >= 500)).toEqual([]);
    expect([...links, ...codes].filter((a) => a.status === 200)).toHaveLength(1);
    expect(await sessionsOf(email)).toEqual({ sessions: 1, signIns: 1 });
  });

  it("opens one session per link when several links of one new address are used at once, never a 500", async () => {
    // Only the newest mail's link works (a new mail replaces the last); links that were each used
    // before the next was sent meet here as the first sign-in of an address the users table lacks.
    const email = fresh("many");
    const tokens = Array.from({ length: 10 }, () => randomToken());
    const expiresAt = new Date(Date.now() + 600_000);
    await database.db.insert(verifications).values(tokens.map((t) => ({ email, tokenHash: hashToken(t), codeHash: "00", expiresAt })));
    const answers = await Promise.all(tokens.flatMap((t) => [postLink(t), postLink(t)]));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await sessionsOf(email)).toEqual({ sessions: 10, signIns: 10 });
  });
});

describe("the sign-in form posted before the script runs", () => {
  async function postSignInForm(email: string) {
    const res = await fetch(`${server.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: PUBLIC_FORM_INTENTS.signIn, email }),
    });
    const { actionData } = JSON.parse(await res.text()) as { actionData?: Record<string, { notice?: unknown }> };
    return { status: res.status, notice: actionData?.["routes/auth"]?.notice };
  }

  it("refuses an address that is not one in the same words as the API, and mails a good one", async () => {
    for (const typed of ["nope", "", "  "]) {
      expect(await postSignInForm(typed), typed).toEqual({
        status: 400,
        notice: { kind: "error", title: "Error", description: "Please enter a valid email address." },
      });
    }
    const email = fresh("no-script");
    const since = smtp.mails.length;
    expect(await postSignInForm(` ${email.toUpperCase()} `)).toEqual({
      status: 200,
      notice: { kind: "success", title: "Check your email", description: "We've sent you a magic link to sign in." },
    });
    expect(signInDetails(await smtp.waitForMail(email, { since })).code).toMatch(/^\d{6}$/);
  });
});
