import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { requestSignIn, signInWithLink } from "../auth/sign-in";
import type { Database, Db } from "../db/client";
import { households, mailQueue, referralCreditEntries, telephonyEvents } from "../db/schema/index";
import { sqlStateOf } from "../db/sql-state";
import { type Env, loadEnv } from "../env";
import { confirmPhoneCode, sendPhoneCode } from "../households/phone-proof";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { checkInAtDesk, checkOutAtDesk } from "../testing/desk";
import { bookStay } from "../stays/book";
import { cancelStay } from "../stays/cancel";
import { quoteStay } from "../stays/quote";
import { createTelephony } from "../telephony/telephony";
import { weekdayOnOrAfter } from "../testing/dates";
import { testHousehold } from "../testing/households";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";
import { type TestSmtp, signInDetails, startTestSmtp } from "../testing/test-smtp";
import { expireReferralCredits, referralSummary } from "./referrals";
import { householdOf } from "../db/owned";

/**
 * Referrals as a customer meets them (ADR 0153): a friend signs up through the referrer's link (the
 * real sign-in mail and link), books, is checked in and out at the desk, and the referrer's next
 * booking has the "Referral credit"; cancelling gives it back, a year ends it, and a referral of
 * oneself earns nothing.
 */
let database: Database;
let smtp: TestSmtp;
let deps: Parameters<typeof requestSignIn>[0];
let env: Env;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  env = loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url, PUBLIC_SITE_URL: "https://cats.example", LOG_LEVEL: "silent" });
  const logger = createLogger("silent");
  deps = { db: database.db, env, logger, mailer: createMailer(env, logger) };
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

const now = new Date();
const today = businessDate(now);
const siteUrl = "https://cats.example";
const staff = "owner@example.com";
const mondayIn = (days: number, from = today) => weekdayOnOrAfter(addBusinessDays(from, days), 1);
let ipCounter = 0;

/** A new account made by signing in with the link mailed to `email`, having come through `code`'s referral link. */
async function signUp(email: string, code: string | null, at = now) {
  const since = smtp.mails.length;
  await requestSignIn(deps, { email, ip: `198.51.100.${++ipCounter}`, referralCode: code }, at);
  const { token } = signInDetails(await smtp.waitForMail(email, { since }));
  const signedIn = await signInWithLink(deps, token, at);
  return { id: signedIn.userId, email };
}

const codeOf = async (db: Db, householdId: string) =>
  (await db.select({ code: households.referralCode }).from(households).where(eq(households.id, householdId)))[0]!.code;

const referredBy = async (db: Db, userId: string) =>
  (await db.select({ referredBy: households.referredBy }).from(households).where(householdOf(userId)))[0]?.referredBy ?? null;

const book = (db: Db, home: { user: { id: string }; catIds: string[] }, suiteTypeId: string, checkIn: string, nights: number, at = now) =>
  bookStay(
    db,
    home.user.id,
    { checkIn, checkOut: addBusinessDays(checkIn, nights), catIds: home.catIds, suiteTypeId, arrangement: "together" },
    { siteUrl, now: at },
  );

/** The balance is not what these tests are about: each check-out gives the desk's reason for leaving it (ADR 0154). */
const unpaid = "Paid by bank transfer";

/** The stay as the desk takes it: checked in, then out. */
async function stayedAndLeft(db: Db, stayId: string) {
  await checkInAtDesk(db, stayId, staff, { siteUrl, now });
  await checkOutAtDesk(db, stayId, staff, { siteUrl, now, reason: unpaid });
}

const ledger = async (db: Db, householdId: string) =>
  (
    await db
      .select({ kind: referralCreditEntries.kind, seq: referralCreditEntries.seq, stayId: referralCreditEntries.stayId, cents: referralCreditEntries.cents })
      .from(referralCreditEntries)
      .where(eq(referralCreditEntries.householdId, householdId))
      .orderBy(asc(referralCreditEntries.at), asc(referralCreditEntries.seq))
  ).map((e) => e.kind);

/** A referrer, and a friend who signed up through its link and has a household with a cat. */
async function referral(db: Db) {
  const referrer = await testHousehold(db, now);
  const friendAccount = await signUp(`friend-${crypto.randomUUID()}@example.com`, await codeOf(db, referrer.householdId));
  const friend = await testHousehold(db, now, { user: friendAccount, mobilePhone: "(949) 555-0142" });
  return { referrer, friend };
}

/** The queued mails of one dedupe key: to whom, and their subject. */
const mailsKeyed = async (db: Db, key: string) =>
  (await db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, key))).map((m) => ({ to: m.toAddress, subject: m.message.subject }));

describe("referrals", () => {
  it("records the friend who signs up through the link; the friend's first check-out earns one credit, applied to the referrer's next stay and given back when it is cancelled", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 3);
    const { referrer, friend } = await referral(db);
    expect(await referredBy(db, friend.user.id)).toBe(referrer.householdId);
    // The friend is told of their own first night free, once (ADR 0197).
    expect(await mailsKeyed(db, `referral-first-night:${friend.householdId}`)).toEqual([
      { to: friend.user.email, subject: expect.stringMatching(/^Your first night at .+ is free$/) },
    ]);

    // Before the friend has stayed, the referrer has nothing.
    const firstIn = mondayIn(30);
    const quoteBefore = await quoteStay(db, referrer.user.id, { checkIn: firstIn, checkOut: addBusinessDays(firstIn, 3), catIds: referrer.catIds }, now);
    expect(quoteBefore.options.find((o) => o.suiteTypeId === type.id)!.priceLines.map((l) => l.label)).not.toContain("Referral credit");

    // Booked, but not yet stayed: still nothing. Checked out: one credit.
    const friendStay = await book(db, friend, type.id, mondayIn(10), 3);
    expect(await ledger(db, referrer.householdId)).toEqual([]);
    await stayedAndLeft(db, friendStay.id);
    expect(await ledger(db, referrer.householdId)).toEqual(["granted"]);
    // The referrer is mailed that the night is earned.
    expect(await mailsKeyed(db, `referral-earned:${friend.householdId}`)).toEqual([
      { to: referrer.user.email, subject: expect.stringMatching(/^You've earned a free night at /) },
    ]);
    expect(await referralSummary(db, referrer.user.id, siteUrl, now)).toMatchObject({ earned: 1, available: [{}] });
    // The friend's second stay earns nothing more.
    await stayedAndLeft(db, (await book(db, friend, type.id, mondayIn(20), 3)).id);
    expect(await ledger(db, referrer.householdId)).toEqual(["granted"]);

    // The referrer's next booking: the quote and the stay show one night off (after the referrer's own first night free).
    const quote = await quoteStay(db, referrer.user.id, { checkIn: firstIn, checkOut: addBusinessDays(firstIn, 3), catIds: referrer.catIds }, now);
    expect(quote.options.find((o) => o.suiteTypeId === type.id)!.priceLines.at(-1)).toEqual({ label: "Referral credit", cents: -5000 });
    const credited = await book(db, referrer, type.id, firstIn, 3);
    expect(credited).toMatchObject({ referralCreditCents: 5000, firstNightFreeCents: 5000, totalCents: 5000 });
    expect(credited.priceLines.at(-1)).toEqual({ label: "Referral credit", cents: -5000 });
    expect(await ledger(db, referrer.householdId)).toEqual(["granted", "applied"]);

    // Used: the next booking pays in full.
    const full = await book(db, referrer, type.id, mondayIn(50), 3);
    expect(full).toMatchObject({ referralCreditCents: 0, totalCents: 15_000 });

    // Cancelled: the credit comes back, and the next booking uses it again.
    await cancelStay(db, referrer.user.id, full.id, { siteUrl, now });
    expect(await ledger(db, referrer.householdId)).toEqual(["granted", "applied"]);
    await cancelStay(db, referrer.user.id, credited.id, { siteUrl, now });
    expect(await ledger(db, referrer.householdId)).toEqual(["granted", "applied", "returned"]);
    const again = await book(db, referrer, type.id, mondayIn(70), 2);
    expect(again).toMatchObject({ referralCreditCents: 5000, totalCents: 5000 });
    expect(await ledger(db, referrer.householdId)).toEqual(["granted", "applied", "returned", "applied"]);
  });

  it("grants one credit when 20 of the friend's stays are checked out at once; the unique index refuses a second", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 1);
    const { referrer, friend } = await referral(db);
    const stayIds: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const stay = await book(db, friend, type.id, mondayIn(100 + 7 * i), 1);
      await checkInAtDesk(db, stay.id, staff, { siteUrl, now });
      stayIds.push(stay.id);
    }
    await Promise.all(stayIds.map((id) => checkOutAtDesk(db, id, staff, { siteUrl, now, reason: unpaid })));
    expect(await ledger(db, referrer.householdId)).toEqual(["granted"]);
    expect(await mailsKeyed(db, `referral-earned:${friend.householdId}`)).toHaveLength(1);

    const id = crypto.randomUUID();
    const second = await db
      .insert(referralCreditEntries)
      .values({ id, creditId: id, seq: 1, householdId: referrer.householdId, kind: "granted", referredHouseholdId: friend.householdId, at: now })
      .then(
        () => null,
        (e: unknown) => e,
      );
    // unique_violation
    expect(sqlStateOf(second)).toBe("23505");
  });

  it("ends a credit a year after it was granted: refused at booking at once, recorded as expired by the job, once", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 1);
    const { referrer, friend } = await referral(db);
    await stayedAndLeft(db, (await book(db, friend, type.id, mondayIn(10), 3)).id);
    expect(await ledger(db, referrer.householdId)).toEqual(["granted"]);

    // A day short of the year the job leaves it; a day past it the credit is gone, job or not.
    expect(await expireReferralCredits(db, new Date(now.getTime() + 364 * 86_400_000))).toBe(0);
    const yearLater = new Date(now.getTime() + 366 * 86_400_000);
    const later = businessDate(yearLater);
    const checkIn = mondayIn(20, later);
    const quote = await quoteStay(db, referrer.user.id, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds: referrer.catIds }, yearLater);
    expect(quote.options.find((o) => o.suiteTypeId === type.id)!.priceLines.map((l) => l.label)).not.toContain("Referral credit");

    // Two processes running the job at once write it once.
    await Promise.all([expireReferralCredits(db, yearLater), expireReferralCredits(db, yearLater)]);
    expect(await ledger(db, referrer.householdId)).toEqual(["granted", "expired"]);
    expect(await expireReferralCredits(db, yearLater)).toBe(0);
    const stay = await book(db, referrer, type.id, checkIn, 3, yearLater);
    expect(stay.referralCreditCents).toBe(0);
    expect(await referralSummary(db, referrer.user.id, siteUrl, yearLater)).toMatchObject({ earned: 1, available: [] });
  });

  it("earns nothing for a referral of oneself: one's own link, a tagged copy of one's own e-mail, one's own proven phone number", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 2);
    const referrer = await testHousehold(db, now, { mobilePhone: "(949) 555-0199" });
    const code = await codeOf(db, referrer.householdId);

    // The referrer signing in through the own link: an account that exists, nothing recorded.
    await signUp(referrer.user.email, code);
    expect(await referredBy(db, referrer.user.id)).toBeNull();

    // A second account on the same mailbox ("+tag"): not referred, so its stay earns nothing.
    const [name, domain] = referrer.user.email.split("@");
    const tagged = await signUp(`${name}+again@${domain}`, code);
    expect(await referredBy(db, tagged.id)).toBeNull();
    const taggedHome = await testHousehold(db, now, { user: tagged, mobilePhone: "(949) 555-0177" });
    await stayedAndLeft(db, (await book(db, taggedHome, type.id, mondayIn(10), 3)).id);

    // A friend's account whose proven mobile is the referrer's number: referred, but the stay earns nothing.
    const telephony = createTelephony(env, db, deps.logger);
    const sameNumber = await testHousehold(db, now, {
      user: await signUp(`friend-${crypto.randomUUID()}@example.com`, code),
      mobilePhone: "(949) 555-0199",
    });
    expect(await referredBy(db, sameNumber.user.id)).toBe(referrer.householdId);
    await sendPhoneCode({ db, env, logger: deps.logger, telephony }, sameNumber.user.id, "198.51.100.250", now);
    const [text] = await db.select().from(telephonyEvents).where(eq(telephonyEvents.to, "+19495550199"));
    await confirmPhoneCode({ db, env }, sameNumber.user.id, /\b(\d{6})\b/.exec(text!.body)![1]!, now);
    await stayedAndLeft(db, (await book(db, sameNumber, type.id, mondayIn(20), 3)).id);

    expect(await ledger(db, referrer.householdId)).toEqual([]);
  });

  it("refers no account that exists already, and a code that is no link records nothing", async () => {
    const { db } = database;
    const referrer = await testHousehold(db, now);
    const code = await codeOf(db, referrer.householdId);
    const existing = await testHousehold(db, now);
    await signUp(existing.user.email, code);
    expect(await referredBy(db, existing.user.id)).toBeNull();

    const stranger = await signUp(`stranger-${crypto.randomUUID()}@example.com`, "0123456789abcdef");
    expect(await referredBy(db, stranger.id)).toBeNull();
  });
});
