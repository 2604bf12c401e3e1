import crypto from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { mailboxSql } from "../db/mailbox";
import { rowsOf } from "../db/client";
import { households as households_, stays, telephonyEvents, users } from "../db/schema/index";
import { type Env, loadEnv } from "../env";
import { confirmPhoneCode, sendPhoneCode } from "../households/phone-proof";
import { createLogger } from "../logger";
import { createTelephony } from "../telephony/telephony";
import { weekdayOnOrAfter } from "../testing/dates";
import { testHousehold } from "../testing/households";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";
import { bookStay } from "./book";
import { cancelStay } from "./cancel";
import { changeStayDates } from "./change-dates";
import { quoteStay } from "./quote";

/**
 * The first night free is once per person, not per account (ADR 0173): a "+tag" or a Gmail-dotted
 * copy of an address, or a mobile number proven by another household of the person, is not new.
 */
let database: Database;
let env: Env;
beforeAll(async () => {
  database = await createTestDatabase();
  env = loadEnv({ NODE_ENV: "test", PUBLIC_SITE_URL: "https://cats.example", LOG_LEVEL: "silent" });
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const siteUrl = "https://cats.example";
const mondayIn = (days: number) => weekdayOnOrAfter(addBusinessDays(today, days), 1);

const book = (db: Db, userId: string, catIds: string[], suiteTypeId: string, checkIn: string) =>
  bookStay(db, userId, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds, suiteTypeId, arrangement: "together" }, { siteUrl, now });

/** A customer whose account has this address (and, with `mobile`, this number typed as the household's). */
async function customer(db: Db, email: string, mobile?: string) {
  const [user] = await db.insert(users).values({ email }).returning();
  return testHousehold(db, now, { user: { id: user!.id, email: user!.email }, ...(mobile ? { mobilePhone: mobile } : {}) });
}

/** Proves the household's mobile as a customer does: the code texted by the simulated provider, typed back. */
async function prove(db: Db, userId: string, e164: string) {
  const logger = createLogger("silent");
  await sendPhoneCode({ db, env, logger, telephony: createTelephony(env, db, logger) }, userId, `198.51.100.${Math.floor(Math.random() * 250)}`, now);
  const [text] = await db.select().from(telephonyEvents).where(eq(telephonyEvents.to, e164)).orderBy(desc(telephonyEvents.createdAt)).limit(1);
  await confirmPhoneCode({ db, env }, userId, /\b(\d{6})\b/.exec(text!.body)![1]!, now);
}

/** A fresh US mobile number: the typed form and its E.164. */
function freshMobile() {
  const line = String(1000 + Math.floor(Math.random() * 9000));
  const exchange = String(200 + Math.floor(Math.random() * 700));
  return { typed: `(949) ${exchange}-${line}`, e164: `+1949${exchange}${line}` };
}

const freeNight = async (db: Db, userId: string, catIds: string[], typeId: string, checkIn: string) => {
  const quote = await quoteStay(db, userId, { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds }, new Date());
  const quoted = quote.options.find((o) => o.suiteTypeId === typeId)!.priceLines.some((l) => l.label === "First night free");
  const stay = await book(db, userId, catIds, typeId, checkIn);
  return { quoted, booked: stay.firstNightFreeCents > 0, stay };
};

describe("the first night free, once per person", () => {
  it("reads an address as its mailbox: lower case, no +tag, and Gmail without dots", async () => {
    const cases: [string, string][] = [
      ["Ann+Cats@Example.com", "ann@example.com"],
      [" a.nn+x@example.com ", "a.nn@example.com"],
      ["A.N.N+weekend@gmail.com", "ann@gmail.com"],
      ["a.n.n@googlemail.com", "ann@gmail.com"],
    ];
    for (const [address, mailbox] of cases) {
      const [row] = await rowsOf<{ mailbox: string }>(database.db, sql`select ${mailboxSql(address)} as mailbox`);
      expect(row!.mailbox).toBe(mailbox);
    }
  });

  it("is not given again to a +tag copy of the address, nor quoted to it", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 2);
    const name = `ann-${crypto.randomUUID()}`;
    const first = await customer(db, `${name}@example.com`);
    expect(await freeNight(db, first.user.id, first.catIds, type.id, mondayIn(40))).toMatchObject({ quoted: true, booked: true });

    const tagged = await customer(db, `${name}+cats@example.com`);
    const again = await freeNight(db, tagged.user.id, tagged.catIds, type.id, mondayIn(40));
    expect(again).toMatchObject({ quoted: false, booked: false });
    expect(again.stay.totalCents).toBe(15_000);
  });

  it("is not given again to a dotted copy of a Gmail address, but dots elsewhere name another mailbox", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 3);
    const name = `ann${crypto.randomUUID().slice(0, 8)}`;
    const first = await customer(db, `${name}@gmail.com`);
    expect((await freeNight(db, first.user.id, first.catIds, type.id, mondayIn(40))).booked).toBe(true);
    const dotted = await customer(db, `${name.slice(0, 2)}.${name.slice(2)}+x@googlemail.com`);
    expect(await freeNight(db, dotted.user.id, dotted.catIds, type.id, mondayIn(40))).toMatchObject({ quoted: false, booked: false });

    const other = `bo${crypto.randomUUID().slice(0, 8)}`;
    await customer(db, `${other}@example.com`).then((c) => book(db, c.user.id, c.catIds, type.id, mondayIn(50)));
    const elsewhere = await customer(db, `${other.slice(0, 2)}.${other.slice(2)}@example.com`);
    expect((await freeNight(db, elsewhere.user.id, elsewhere.catIds, type.id, mondayIn(50))).booked).toBe(true);
  });

  it("is not given to a household whose proven mobile is one that had it; a number merely typed takes nothing", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 3);
    const mobile = freshMobile();
    const first = await customer(db, `first-${crypto.randomUUID()}@example.com`, mobile.typed);
    await prove(db, first.user.id, mobile.e164);
    expect((await freeNight(db, first.user.id, first.catIds, type.id, mondayIn(40))).booked).toBe(true);

    // A stranger who typed the number without proving it is a new customer: the number names nobody.
    const typed = await customer(db, `typed-${crypto.randomUUID()}@example.com`, mobile.typed);
    expect((await freeNight(db, typed.user.id, typed.catIds, type.id, mondayIn(40))).booked).toBe(true);

    // The same person's second account, once the number is proven there: not new.
    const second = await customer(db, `second-${crypto.randomUUID()}@example.com`, mobile.typed);
    await prove(db, second.user.id, mobile.e164);
    expect(await freeNight(db, second.user.id, second.catIds, type.id, mondayIn(40))).toMatchObject({ quoted: false, booked: false });
  });

  it("is given back to the person when the stay that had it is cancelled", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 2);
    const name = `cy-${crypto.randomUUID()}`;
    const first = await customer(db, `${name}@example.com`);
    const had = await book(db, first.user.id, first.catIds, type.id, mondayIn(40));
    await cancelStay(db, first.user.id, had.id, { siteUrl, now });
    const tagged = await customer(db, `${name}+again@example.com`);
    expect((await freeNight(db, tagged.user.id, tagged.catIds, type.id, mondayIn(40))).booked).toBe(true);
  });

  it("lets a cancel, a date change and a booking of one household at the same instant all end: the person's locks come before the stays' rows", async () => {
    const { db } = database;
    // A few households at once: each cancels the stay that holds its free night (which passes it on
    // and locks the next stay's row), changes that next stay's dates and books its cat again.
    const households = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const home = await customer(db, `race-${crypto.randomUUID()}@example.com`);
        const type = await testSuiteType(db, 3);
        const holder = await book(db, home.user.id, home.catIds, type.id, mondayIn(60));
        const next = await book(db, home.user.id, home.catIds, type.id, mondayIn(74));
        return { home, type, holder, next };
      }),
    );
    expect(households.map((h) => [h.holder.firstNightFreeCents > 0, h.next.firstNightFreeCents > 0])).toEqual(Array(4).fill([true, false]));
    const outcomes = await Promise.allSettled(
      households.flatMap(({ home, type, holder, next }) => [
        cancelStay(db, home.user.id, holder.id, { siteUrl, now }),
        changeStayDates(db, home.user.id, { stayId: next.id, checkIn: mondayIn(81), checkOut: addBusinessDays(mondayIn(81), 3) }, { siteUrl, now }),
        book(db, home.user.id, home.catIds, type.id, mondayIn(95)),
      ]),
    );
    expect(outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    for (const { home } of households) {
      const held = await db
        .select({ status: stays.status, free: stays.firstNightFreeCents })
        .from(stays)
        .innerJoin(households_, eq(households_.id, stays.householdId))
        .where(eq(households_.userId, home.user.id));
      // The free night is held by exactly one of the stays still booked.
      expect(held.filter((s) => s.status !== "cancelled" && s.free > 0)).toHaveLength(1);
    }
  }, 90_000);

  // Each account is the others' person directly: by one mailbox, then by one proven number. Each
  // books a suite type of its own, so nothing but the person's lock makes them queue.
  const race = async (db: Db, accounts: Awaited<ReturnType<typeof customer>>[]) => {
    const types = await Promise.all(accounts.map(() => testSuiteType(db, 1)));
    const booked = await Promise.all(
      accounts.flatMap((a, i) => [0, 1, 2, 3, 4].map((week) => book(db, a.user.id, a.catIds, types[i]!.id, mondayIn(150 + 7 * week)))),
    );
    expect(booked).toHaveLength(20);
    expect(booked.filter((s) => s.firstNightFreeCents > 0)).toHaveLength(1);
    expect(booked.filter((s) => s.totalCents === 10_000)).toHaveLength(1);
  };

  it("gives one free night to 20 first bookings at once from four addresses of one Gmail mailbox", async () => {
    const { db } = database;
    const name = `dee${crypto.randomUUID().slice(0, 8)}`;
    const dotted = `${name.slice(0, 1)}.${name.slice(1)}`;
    await race(db, [
      await customer(db, `${name}@gmail.com`),
      await customer(db, `${name}+1@gmail.com`),
      await customer(db, `${dotted}@gmail.com`),
      await customer(db, `${dotted}+2@googlemail.com`),
    ]);
  });

  it("gives one free night to 20 first bookings at once from four accounts that proved one mobile", async () => {
    const { db } = database;
    const mobile = freshMobile();
    const accounts = [];
    for (let i = 0; i < 4; i += 1) {
      const account = await customer(db, `eve-${crypto.randomUUID()}@example.com`, mobile.typed);
      await prove(db, account.user.id, mobile.e164);
      accounts.push(account);
    }
    await race(db, accounts);
  });
});
