import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT_TEXT, VOUCHER_CONSENT_TEXT } from "~/features/leads/schema";
import type { Database } from "../db/client";
import { mailQueue, newsletterSignups, voucherRequests } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { type TestSmtp, startTestSmtp } from "../testing/test-smtp";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { testRequestContext } from "../testing/request-context";
import { hashToken, signUpForNewsletter, unsubscribe } from "./leads";

let database: Database;
let server: TestServer;
let smtp: TestSmtp;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  server = await startTestServer(database, { SMTP_URL: smtp.url, PUBLIC_SITE_URL: "https://cats.example" }, { sendsQueued: true });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const voucher = {
  name: "Ana Cat",
  email: "Ana@Example.com",
  phone: "(949) 555-0199",
  consent: true,
  consentText: VOUCHER_CONSENT_TEXT,
  sourcePage: "/",
};

describe("POST /api/leads/voucher", () => {
  it("stores the request with the consent text and time", async () => {
    const before = Date.now();
    const res = await post("/leads/voucher", voucher, { "x-forwarded-for": "203.0.113.1" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true, mailed: true });
    const rows = await database.db.select().from(voucherRequests);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      name: "Ana Cat",
      email: "ana@example.com",
      phone: "+19495550199",
      consentText: "I agree to receive promotional emails from the Laguna Niguel Cat Hotel.",
      sourcePage: "/",
    });
    expect(row.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("e-mails the voucher code at once, and records that it went out", async () => {
    const since = smtp.mails.length;
    const res = await post("/leads/voucher", { ...voucher, email: "miso@example.com" }, { "x-forwarded-for": "203.0.113.2" });
    expect(await res.json()).toEqual({ ok: true, mailed: true });
    const [row] = await database.db.select().from(voucherRequests).where(eq(voucherRequests.email, "miso@example.com"));
    expect(row).toMatchObject({ mailStatus: "sent", voucherCode: expect.stringMatching(/^FN-[2-9A-HJ-NP-Z]{6}$/) });
    const mail = await smtp.waitForMail("miso@example.com", { since });
    expect(mail.subject).toBe(`Your free night at Laguna Niguel Cat Hotel: voucher ${row!.voucherCode}`);
    expect(mail.text).toContain("Hello Ana Cat,");
    expect(mail.text).toContain("call us at (949) 555-0100");
    expect(mail.text).toContain("https://cats.example");
  });

  it("keeps the request and says so when the mail server is down", async () => {
    const offline = await startTestServer(database, { SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      const res = await fetch(`${offline.url}/api/leads/voucher`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.3" },
        body: JSON.stringify({ ...voucher, email: "tofu@example.com" }),
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ ok: true, mailed: false });
      const [row] = await database.db.select().from(voucherRequests).where(eq(voucherRequests.email, "tofu@example.com"));
      expect(row).toMatchObject({ mailStatus: "failed", mailedAt: null });
    } finally {
      await offline.close();
    }
  });

  it("answers invalid input with 400 and a message a person can act on, storing nothing", async () => {
    const count = (await database.db.select().from(voucherRequests)).length;
    const res = await post("/leads/voucher", { ...voucher, consent: false });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: "VALIDATION_FAILED",
        message: "Please agree to receive promotional emails",
        details: { fields: { consent: "Please agree to receive promotional emails" } },
      },
    });
    const bad = await post("/leads/voucher", "just a string");
    expect(bad.status).toBe(400);
    expect((await database.db.select().from(voucherRequests)).length).toBe(count);
  });

  it("refuses a cross-site post by the app's one guard (server/http/csrf.ts), storing nothing", async () => {
    const count = (await database.db.select().from(voucherRequests)).length;
    const attempts: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }, { origin: "null" }];
    for (const path of ["/leads/voucher", "/leads/newsletter"]) {
      for (const headers of attempts) {
        const res = await post(path, { ...voucher, email: "cross@example.com", consentText: NEWSLETTER_CONSENT_TEXT }, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect((await res.json()).error.code).toBe("CROSS_SITE_REQUEST");
      }
    }
    expect((await database.db.select().from(voucherRequests)).length).toBe(count);
    expect(await database.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, "cross@example.com"))).toEqual([]);
    // The site's own pages post from the public address.
    const own = await post("/leads/voucher", { ...voucher, email: "own@example.com" }, { origin: "https://cats.example", "x-forwarded-for": "203.0.113.9" });
    expect(own.status).toBe(201);
  });

  it("rate-limits per IP (loopback proxy headers are trusted)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post("/leads/voucher", voucher, { "x-forwarded-for": "198.51.100.7" })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const other = await post("/leads/voucher", voucher, { "x-forwarded-for": "198.51.100.8" });
    expect(other.status).toBe(201);
  });
});

describe("POST /api/leads/newsletter", () => {
  it("stores one row per address, with consent and a hashed unsubscribe token", async () => {
    const body = { email: "Kitty@Example.com", consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: "/" };
    expect((await post("/leads/newsletter", body)).status).toBe(201);
    expect((await post("/leads/newsletter", { ...body, email: "kitty@example.com " })).status).toBe(201);
    const rows = await database.db.select().from(newsletterSignups);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "kitty@example.com", consentText: NEWSLETTER_CONSENT_TEXT, unsubscribedAt: null });
    expect(rows[0]!.unsubscribeTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("welcomes a new address once, through the mail queue, with a link that unsubscribes it", async () => {
    const since = smtp.mails.length;
    const body = { email: "whiskers@example.com", consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: "/" };
    // The same address posted twice at once, then once more: one welcome.
    const statuses = await Promise.all([post("/leads/newsletter", body), post("/leads/newsletter", body)]);
    expect(statuses.map((r) => r.status)).toEqual([201, 201]);
    expect((await post("/leads/newsletter", { ...body, email: "Whiskers@Example.com" })).status).toBe(201);
    const mail = await smtp.waitForMail("whiskers@example.com", { since });
    expect(mail.subject).toBe("Welcome to the Laguna Niguel Cat Hotel newsletter");
    expect(mail.text).toContain("Thank you for subscribing!");
    expect(mail.text).toContain("We'll keep you updated on all things cat-related.");
    const queued = await database.db.select().from(mailQueue).where(eq(mailQueue.toAddress, "whiskers@example.com"));
    expect(queued).toHaveLength(1);
    // Sealed: the link's token is readable nowhere in the database.
    const token = /https:\/\/cats\.example\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(JSON.stringify(queued[0])).not.toContain(token);
    expect(await unsubscribe(database.db, token, new Date())).toEqual({ email: "whiskers@example.com" });
  });

  it("refuses an address without a domain", async () => {
    const res = await post("/leads/newsletter", { email: "kitty@", consentText: NEWSLETTER_CONSENT_TEXT });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe("Please enter a valid email");
  });

  it("unsubscribes by token, idempotently, and a new signup re-subscribes", async () => {
    const first = await signUpForNewsletter(
      { db: database.db, env: server.env },
      { email: "leaving@example.com", consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: "/" },
      "192.0.2.5",
      new Date(),
    );
    expect(first.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = first.unsubscribeToken!;
    const [stored] = await database.db.select().from(newsletterSignups).where(eqEmail("leaving@example.com"));
    expect(stored!.unsubscribeTokenHash).toBe(hashToken(token));
    expect(stored!.unsubscribeTokenHash).not.toContain(token);

    expect(await unsubscribe(database.db, token, new Date())).toEqual({ email: "leaving@example.com" });
    const [after] = await database.db.select().from(newsletterSignups).where(eqEmail("leaving@example.com"));
    expect(after!.unsubscribedAt).toBeInstanceOf(Date);
    await unsubscribe(database.db, token, new Date());
    await expect(unsubscribe(database.db, "A".repeat(43), new Date())).rejects.toMatchObject({ status: 404 });

    const again = await signUpForNewsletter(
      { db: database.db, env: server.env },
      { email: "leaving@example.com", consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: "/" },
      "192.0.2.5",
      new Date(),
    );
    // The address keeps its link; the row is active again.
    expect(again.unsubscribeToken).toBeNull();
    const [back] = await database.db.select().from(newsletterSignups).where(eqEmail("leaving@example.com"));
    expect(back!.unsubscribedAt).toBeNull();
  });
});

const eqEmail = (email: string) => eq(newsletterSignups.email, email);

describe("the newsletter's /unsubscribe page", () => {
  type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;
  type Answer = { state: string; list?: string; email?: string };
  const unwrap = (answer: unknown): { status: number; page: Answer } =>
    answer && typeof answer === "object" && "data" in answer
      ? { status: (answer as { init?: { status?: number } }).init?.status ?? 200, page: (answer as { data: Answer }).data }
      : { status: 200, page: answer as Answer };
  const site = "https://cats.example";
  const open = async (token: string) =>
    unwrap(
      await (unsubscribeLoader as unknown as Handler)({
        request: new Request(`${site}/unsubscribe?token=${token}`),
        context: testRequestContext(server.env, database.db),
        params: {},
      }),
    );
  const confirm = async (token: string) =>
    unwrap(
      await (unsubscribeAction as unknown as Handler)({
        request: new Request(`${site}/unsubscribe`, { method: "POST", body: new URLSearchParams({ token }) }),
        context: testRequestContext(server.env, database.db),
        params: {},
      }),
    );

  it("asks before unsubscribing, unsubscribes once confirmed, and calls a link cut short not valid", async () => {
    const { unsubscribeToken } = await signUpForNewsletter(
      { db: database.db, env: server.env },
      { email: "page@example.com", consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: "/" },
      "192.0.2.6",
      new Date(),
    );
    const token = unsubscribeToken!;
    expect(await open(token.slice(1))).toMatchObject({ status: 404, page: { state: "invalid", list: "newsletter" } });
    expect(await confirm(token.slice(1))).toEqual({ status: 404, page: { state: "invalid" } });
    expect(await open(token)).toMatchObject({ status: 200, page: { state: "confirm", list: "newsletter", email: "p***@example.com" } });
    expect(await confirm(token)).toEqual({ status: 200, page: { state: "done" } });
    expect(await open(token)).toMatchObject({ status: 200, page: { state: "done" } });
  });
});
