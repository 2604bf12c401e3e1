import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { mailQueue, sessions, userRoles, users, verifications } from "../db/schema/index";
import { loadEnv } from "../env";
import { AppError } from "../http/errors";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { createTestDatabase } from "../testing/test-database";
import { type TestSmtp, signInDetails, startTestSmtp } from "../testing/test-smtp";
import { authenticate } from "./current";
import { LINK_TTL_MS, MAX_CODE_ATTEMPTS, SIGN_IN_MESSAGES, requestSignIn, signInWithCode, signInWithLink } from "./sign-in";
import { grantAdmin } from "./roles";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, createSession, findSession } from "./sessions";
import { signInCodeForm, signInEmailField } from "~/features/auth/schema";

let database: Database;
let smtp: TestSmtp;
let deps: Parameters<typeof requestSignIn>[0];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  const env = loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url, ADMIN_EMAILS: "owner@example.com", PUBLIC_SITE_URL: "https://cats.example" });
  const logger = createLogger("silent");
  deps = { db: database.db, env, logger, mailer: createMailer(env, logger) };
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

const t0 = new Date(Date.UTC(2026, 5, 1, 9, 0));
const later = (ms: number, from = t0) => new Date(from.getTime() + ms);
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

/** Requests a sign-in mail over real SMTP and returns its link token and code. */
async function mailFor(email: string, now = t0, redirectTo?: string) {
  const since = smtp.mails.length;
  await requestSignIn(deps, { email, redirectTo, ip: freshIp() }, now);
  return signInDetails(await smtp.waitForMail(email, { since }));
}

type Rows<T> = { rows: T[] };

/** Every row of every table, as text: what someone with a copy of the database would see. */
async function dumpDatabase(): Promise<string> {
  const { db } = database;
  const tables = (await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public'`)) as unknown as Rows<{
    name: string;
  }>;
  expect(tables.rows.map((t) => t.name)).toEqual(expect.arrayContaining(["sessions", "verifications", "users"]));
  let dump = "";
  for (const { name } of tables.rows) {
    const rows = (await db.execute(sql`select row_to_json(t)::text as r from ${sql.identifier(name)} t`)) as unknown as Rows<{ r: string }>;
    dump += rows.rows.map((row) => row.r).join("\n");
  }
  return dump;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the sign-in mail", () => {
  it("arrives over SMTP with a link to our page, a 6-digit code and the business look", async () => {
    const since = smtp.mails.length;
    // As the form typed it: the edge trims and lower-cases the address.
    await requestSignIn(deps, { email: signInEmailField.parse(" Someone@Example.com "), ip: freshIp() }, t0);
    const mail = await smtp.waitForMail("someone@example.com", { since });
    expect(mail.subject).toBe("Your sign-in link for Laguna Niguel Cat Hotel");
    const { link, token, code } = signInDetails(mail);
    expect(link).toBe(`https://cats.example/auth/verify?token=${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(code).toMatch(/^\d{6}$/);
    // The form that takes it back takes exactly such a code.
    expect(signInCodeForm.shape.code.parse(code)).toBe(code);
    expect(mail.text).toContain("10 minutes");
    expect(mail.html).toContain(link);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain("#1f5e59");
  });

  it("answers the same for a known and an unknown address, and creates no user until the link is used", async () => {
    await database.db.insert(users).values({ email: "known@example.com" });
    await expect(requestSignIn(deps, { email: "known@example.com", ip: freshIp() }, t0)).resolves.toBeUndefined();
    await expect(requestSignIn(deps, { email: "stranger@example.com", ip: freshIp() }, t0)).resolves.toBeUndefined();
    expect(await database.db.select().from(users).where(eq(users.email, "stranger@example.com"))).toEqual([]);
  });

  it("refuses a second mail to one address within 60 s, with 'rate limit' in the message", async () => {
    await mailFor("hasty@example.com");
    const error = await rejection(requestSignIn(deps, { email: "hasty@example.com", ip: freshIp() }, later(30_000)));
    expect(error.status).toBe(429);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toContain("rate limit");
    await expect(requestSignIn(deps, { email: "hasty@example.com", ip: freshIp() }, later(61_000))).resolves.toBeUndefined();
  });

  it("caps mails per IP address per hour", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 20; i++) await requestSignIn(deps, { email: `ip${i}@example.com`, ip }, t0);
    const error = await rejection(requestSignIn(deps, { email: "ip20@example.com", ip }, later(1000)));
    expect(error.message).toContain("rate limit");
    await expect(requestSignIn(deps, { email: "ip20@example.com", ip }, later(61 * 60_000))).resolves.toBeUndefined();
  });

  it("lets the owners sign in while the site-wide hourly cap refuses everyone else", async () => {
    const capped = { ...deps, env: { ...deps.env, SIGN_IN_MAILS_PER_HOUR: 3, ADMIN_EMAILS: ["chief@example.com"] } };
    const hour = later(10 * 24 * 60 * 60_000); // a clock hour no other test has used
    // An admin by role (granted through the CLI or an earlier ADMIN_EMAILS entry), not by the list.
    const [roleAdmin] = await database.db.insert(users).values({ email: "manager@example.com" }).returning();
    await grantAdmin(database.db, roleAdmin!.id);
    for (let i = 0; i < 3; i++) await requestSignIn(capped, { email: `crowd${i}@example.com`, ip: freshIp() }, hour);
    expect((await rejection(requestSignIn(capped, { email: "crowd3@example.com", ip: freshIp() }, hour))).code).toBe("RATE_LIMITED");
    await expect(requestSignIn(capped, { email: "chief@example.com", ip: freshIp() }, hour)).resolves.toBeUndefined();
    await expect(requestSignIn(capped, { email: signInEmailField.parse("Manager@Example.com"), ip: freshIp() }, hour)).resolves.toBeUndefined();
    expect((await rejection(requestSignIn(capped, { email: "crowd4@example.com", ip: freshIp() }, hour))).code).toBe("RATE_LIMITED");
  });

  it("says so when the mail server is down, and leaves no usable link behind", async () => {
    const down = createMailer(loadEnv({ SMTP_URL: "smtp://127.0.0.1:9" }), createLogger("silent"));
    const error = await rejection(requestSignIn({ ...deps, mailer: down }, { email: "unlucky@example.com", ip: freshIp() }, t0));
    expect([error.status, error.code, error.message]).toEqual([502, "MAIL_FAILED", SIGN_IN_MESSAGES.mailFailed]);
    expect(await database.db.select().from(verifications).where(eq(verifications.email, "unlucky@example.com"))).toEqual([]);
    // Nor does the mail queue send the dead link later.
    expect(await database.db.select().from(mailQueue).where(eq(mailQueue.toAddress, "unlucky@example.com"))).toEqual([]);
  });

  it("keeps no plaintext link token or code in the database", async () => {
    const { token, code } = await mailFor("secret@example.com");
    // The mail went through the queue and, sent, was forgotten: not even the address is kept.
    expect(await database.db.select().from(mailQueue).where(eq(mailQueue.toAddress, "secret@example.com"))).toEqual([]);
    const signedIn = await signInWithLink(deps, token, later(1000));
    const dump = await dumpDatabase();
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(signedIn.token);
    const [row] = await database.db.select().from(verifications).where(eq(verifications.email, "secret@example.com"));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("using the link", () => {
  it("signs in once; the second use fails with a clear message", async () => {
    const { token } = await mailFor("twice@example.com");
    const first = await signInWithLink(deps, token, later(1000));
    expect(first).toMatchObject({ email: "twice@example.com", isAdmin: false, redirectTo: "/" });
    const error = await rejection(signInWithLink(deps, token, later(2000)));
    expect([error.code, error.message]).toEqual(["LINK_USED", SIGN_IN_MESSAGES.linkUsed]);
  });

  it("makes exactly one session out of 20 concurrent uses", async () => {
    const { token } = await mailFor("race@example.com");
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => signInWithLink(deps, token, later(1000))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r.reason as AppError).code).toBe("LINK_USED");
    const [user] = await database.db.select().from(users).where(eq(users.email, "race@example.com"));
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
  });

  it("fails after 10 minutes with a message saying it expired", async () => {
    const { token } = await mailFor("late@example.com");
    await expect(signInWithLink(deps, token, later(LINK_TTL_MS - 1000))).resolves.toBeDefined();
    const { token: second } = await mailFor("late2@example.com");
    const error = await rejection(signInWithLink(deps, second, later(LINK_TTL_MS + 1000)));
    expect(error.code).toBe("LINK_EXPIRED");
    expect(error.message).toBe("This sign-in link has expired (links work for 10 minutes). Please request a new one.");
  });

  it("refuses an unknown token and a token from an older mail to the same address", async () => {
    expect((await rejection(signInWithLink(deps, "x".repeat(43), t0))).code).toBe("LINK_INVALID");
    const { token: old } = await mailFor("resend@example.com");
    await mailFor("resend@example.com", later(61_000));
    expect((await rejection(signInWithLink(deps, old, later(62_000)))).code).toBe("LINK_INVALID");
  });

  it("creates the user on first use and records the sign-in", async () => {
    const { token } = await mailFor("new@example.com");
    await signInWithLink(deps, token, later(5000));
    const [user] = await database.db.select().from(users).where(eq(users.email, "new@example.com"));
    expect(user).toMatchObject({ emailConfirmedAt: later(5000), lastSignInAt: later(5000) });
  });

  it("returns to the page the visitor started from, or by role; never off the site", async () => {
    expect((await signInWithLink(deps, (await mailFor("from@example.com", t0, "/admin-backup")).token, later(1))).redirectTo).toBe("/admin-backup");
    expect((await signInWithLink(deps, (await mailFor("evil@example.com", t0, "//evil.example/x")).token, later(1))).redirectTo).toBe("/");
    expect((await signInWithLink(deps, (await mailFor("owner@example.com")).token, later(1))).redirectTo).toBe("/admin");
  });

  it("makes the ADMIN_EMAILS addresses admins at sign-in, and no one else", async () => {
    // Its own address in ADMIN_EMAILS, so this test does not lean on another test's sign-in.
    const adminDeps = { ...deps, env: { ...deps.env, ADMIN_EMAILS: ["boss@example.com"] } };
    const roleOf = async (email: string) => {
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      return (await database.db.select().from(userRoles).where(eq(userRoles.userId, user!.id))).map((r) => r.role);
    };
    await signInWithLink(adminDeps, (await mailFor("boss@example.com")).token, later(1));
    await signInWithLink(adminDeps, (await mailFor("clerk@example.com")).token, later(1));
    expect(await roleOf("boss@example.com")).toEqual(["owner"]);
    expect(await roleOf("clerk@example.com")).toEqual([]);
  });
});

describe("using the typed code", () => {
  it("signs in with the right code, once", async () => {
    const { code, token } = await mailFor("code@example.com");
    const typed = signInCodeForm.parse({ email: "CODE@example.com", code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    const signedIn = await signInWithCode(deps, { ...typed, ip: freshIp() }, later(1000));
    expect(signedIn.email).toBe("code@example.com");
    expect((await rejection(signInWithCode(deps, { email: "code@example.com", code, ip: freshIp() }, later(2000)))).code).toBe("CODE_UNAVAILABLE");
    // The link of the same mail is spent too.
    expect((await rejection(signInWithLink(deps, token, later(3000)))).code).toBe("LINK_USED");
  });

  it(`stops accepting codes after ${MAX_CODE_ATTEMPTS} wrong ones, even the right one`, async () => {
    const { code } = await mailFor("guess@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      expect((await rejection(signInWithCode(deps, { email: "guess@example.com", code: wrong, ip: freshIp() }, later(i)))).code).toBe("CODE_WRONG");
    }
    expect((await rejection(signInWithCode(deps, { email: "guess@example.com", code: wrong, ip: freshIp() }, later(10)))).code).toBe("CODE_LOCKED");
    expect((await rejection(signInWithCode(deps, { email: "guess@example.com", code, ip: freshIp() }, later(11)))).code).toBe("CODE_UNAVAILABLE");
  });

  it("counts concurrent wrong guesses: never more than the allowed number are compared", async () => {
    const { code } = await mailFor("burst@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => signInWithCode(deps, { email: "burst@example.com", code: wrong, ip: `203.0.113.${i}` }, later(1))),
    );
    const codes = results.map((r) => (r.status === "rejected" ? (r.reason as AppError).code : "OK"));
    expect(codes.filter((c) => c === "CODE_WRONG" || c === "CODE_LOCKED")).toHaveLength(MAX_CODE_ATTEMPTS);
    expect(codes.filter((c) => c === "CODE_UNAVAILABLE")).toHaveLength(8 - MAX_CODE_ATTEMPTS);
  });

  it("refuses an expired code", async () => {
    const { code } = await mailFor("slowcode@example.com");
    expect((await rejection(signInWithCode(deps, { email: "slowcode@example.com", code, ip: freshIp() }, later(LINK_TTL_MS + 1)))).code).toBe(
      "CODE_UNAVAILABLE",
    );
  });
});

describe("sessions", () => {
  async function userId(email: string) {
    const [row] = await database.db.insert(users).values({ email }).returning();
    return row!.id;
  }

  it("end after 7 idle days, are renewed by use, and end after 30 days whatever happens", async () => {
    const id = await userId("session@example.com");
    const { token } = await createSession(database.db, id, t0);
    expect(await findSession(database.db, token, later(SESSION_IDLE_MS - 60_000))).not.toBeNull();
    // That use pushed the idle expiry forward.
    let now = later(SESSION_IDLE_MS + 60_000);
    expect(await findSession(database.db, token, now)).not.toBeNull();
    while (now.getTime() < later(SESSION_ABSOLUTE_MS - 60_000).getTime()) {
      expect(await findSession(database.db, token, now)).not.toBeNull();
      now = later(5 * 24 * 60 * 60_000, now);
    }
    expect(await findSession(database.db, token, later(SESSION_ABSOLUTE_MS + 1))).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
  });

  it("end when left idle", async () => {
    const id = await userId("idle@example.com");
    const { token } = await createSession(database.db, id, t0);
    expect(await findSession(database.db, token, later(SESSION_IDLE_MS + 1))).toBeNull();
  });

  it("report expires_at as the idle expiry and read the admin role on every request", async () => {
    const id = await userId("role@example.com");
    const { token } = await createSession(database.db, id, t0);
    const env = { isProduction: false };
    const cookie = `other=1; cat_hotel_session=${token}`;
    const before = await authenticate({ db: database.db, env }, cookie, later(1000));
    expect(before).toMatchObject({ isAdmin: false, user: { email: "role@example.com" } });
    expect(before!.session.expiresAt).toEqual(later(SESSION_IDLE_MS));
    await database.db.insert(userRoles).values({ userId: id, role: "owner" });
    expect((await authenticate({ db: database.db, env }, cookie, later(2000)))!.isAdmin).toBe(true);
    expect(await authenticate({ db: database.db, env: { isProduction: true } }, cookie, later(2000))).toBeNull();
  });
});
