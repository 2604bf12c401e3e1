import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { stays, users, voucherRequests } from "../db/schema/index";
import { AppError } from "../http/errors";
import { bookStay } from "./book";
import { cancelStay } from "./cancel";
import { testHousehold } from "../testing/households";
import { weekdayOnOrAfter } from "../testing/dates";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";

const mondayIn = (days: number) => weekdayOnOrAfter(addBusinessDays(today, days), 1);

/** A voucher as "Claim Your Free Night" leaves it: a lead with the code its e-mail carried. */
async function voucherFor(db: Db, email: string, sentDaysAgo = 2) {
  const code = `FN-${crypto.randomBytes(4).toString("hex").toUpperCase().slice(0, 6)}`;
  const sentAt = new Date(now.getTime() - sentDaysAgo * 86_400_000);
  const [row] = await db
    .insert(voucherRequests)
    .values({
      name: "Ana Ruiz",
      email,
      phone: "+19492491234",
      consentText: "Yes",
      consentedAt: sentAt,
      sourcePage: "/",
      voucherCode: code,
      mailStatus: "sent",
      mailedAt: sentAt,
      createdAt: sentAt,
    })
    .returning();
  return row!;
}

const book = (db: Db, userId: string, catIds: string[], typeId: string, weeks: number, options: { nights?: number; voucherCode?: string } = {}) => {
  const checkIn = mondayIn(30 + 7 * weeks);
  return bookStay(
    db,
    userId,
    {
      checkIn,
      checkOut: addBusinessDays(checkIn, options.nights ?? 3),
      catIds,
      suiteTypeId: typeId,
      arrangement: "together",
      voucherCode: options.voucherCode,
    },
    { siteUrl, now },
  );
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).message;
}

/** A customer whose account has this address. */
async function customer(db: Db, email: string) {
  const [user] = await db.insert(users).values({ email }).returning();
  return testHousehold(db, now, { user: { id: user!.id, email: user!.email } });
}

const redeemed = async (db: Db, id: string) => (await db.select().from(voucherRequests).where(eq(voucherRequests.id, id)))[0]!;

describe("the free-night voucher is the first night free", () => {
  it("is redeemed by itself when the customer's own address asked for it, with the stay that got the free night", async () => {
    const { db } = database;
    const { user, catIds } = await testHousehold(db, now);
    const voucher = await voucherFor(db, user.email.toUpperCase());
    const stay = await book(db, user.id, catIds, (await testSuiteType(db, 3)).id, 0);
    expect(stay.firstNightFreeCents).toBe(5000);
    expect(await redeemed(db, voucher.id)).toMatchObject({ redeemedStayId: stay.id, staffStatus: "booked" });
  });

  it("accepts a typed code once, however it is typed; the owner's second account is told it is used and nothing is booked", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 3);
    const name = `ann-${crypto.randomUUID()}`;
    const voucher = await voucherFor(db, `${name}+deals@example.com`);
    const first = await customer(db, `${name}@example.com`);
    const stay = await book(db, first.user.id, first.catIds, type.id, 1, { voucherCode: ` ${voucher.voucherCode!.toLowerCase().replace("-", " ")} ` });
    expect((await redeemed(db, voucher.id)).redeemedStayId).toBe(stay.id);

    const second = await customer(db, `${name}+cats@example.com`);
    expect(await refusal(book(db, second.user.id, second.catIds, type.id, 1, { voucherCode: voucher.voucherCode! }))).toBe(
      "That voucher has been used already.",
    );
    expect(await db.select().from(stays).where(eq(stays.householdId, second.householdId))).toEqual([]);

    // Cancelled, the stay gives the voucher back with its free night.
    await cancelStay(db, first.user.id, stay.id, { siteUrl, now });
    const again = await book(db, second.user.id, second.catIds, type.id, 2, { voucherCode: voucher.voucherCode! });
    expect((await redeemed(db, voucher.id)).redeemedStayId).toBe(again.id);
  });

  it("refuses a code typed by a stranger in words, saving nothing, and the owner uses it afterwards", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 3);
    const name = `bea${crypto.randomUUID().slice(0, 8)}`;
    const voucher = await voucherFor(db, `${name.slice(0, 1)}.${name.slice(1)}@gmail.com`);
    const stranger = await testHousehold(db, now);
    expect(await refusal(book(db, stranger.user.id, stranger.catIds, type.id, 1, { voucherCode: voucher.voucherCode! }))).toBe(
      "That voucher was sent to another e-mail address: only the account with that address can use it.",
    );
    expect(await db.select().from(stays).where(eq(stays.householdId, stranger.householdId))).toEqual([]);
    expect((await redeemed(db, voucher.id)).redeemedStayId).toBeNull();
    // Without the code the stranger books at the new customer's price; the voucher stays the owner's.
    expect((await book(db, stranger.user.id, stranger.catIds, type.id, 1)).firstNightFreeCents).toBe(5000);
    expect((await redeemed(db, voucher.id)).redeemedStayId).toBeNull();

    // The owner's account (the same Gmail mailbox without the dot) types it: accepted.
    const owner = await customer(db, `${name}@gmail.com`);
    const stay = await book(db, owner.user.id, owner.catIds, type.id, 1, { voucherCode: voucher.voucherCode! });
    expect(stay.firstNightFreeCents).toBe(5000);
    expect((await redeemed(db, voucher.id)).redeemedStayId).toBe(stay.id);
  });

  it("refuses an unknown, expired or another address's code, and a code on a stay without the free night, saving nothing", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 3);
    const { user, householdId, catIds } = await testHousehold(db, now);
    const other = await testHousehold(db, now);
    const expired = await voucherFor(db, user.email, 400);
    const theirs = await voucherFor(db, other.user.email);
    const fresh = await voucherFor(db, user.email);

    expect(await refusal(book(db, user.id, catIds, type.id, 3, { voucherCode: "FN-ZZZZZZ" }))).toBe(
      "We don't know that voucher code. Check it against your voucher e-mail.",
    );
    expect(await refusal(book(db, user.id, catIds, type.id, 3, { voucherCode: expired.voucherCode! }))).toMatch(/^That voucher expired on /);
    expect(await refusal(book(db, user.id, catIds, type.id, 3, { voucherCode: theirs.voucherCode! }))).toBe(
      "That voucher was sent to another e-mail address: only the account with that address can use it.",
    );
    expect(await refusal(book(db, user.id, catIds, type.id, 3, { voucherCode: fresh.voucherCode!, nights: 2 }))).toBe(
      "The voucher's free night is for a stay of 3 nights or more.",
    );
    expect(await db.select().from(stays).where(eq(stays.householdId, householdId))).toEqual([]);

    // The booking without a code takes the free night and, by itself, the voucher sent to the address.
    const stay = await book(db, user.id, catIds, type.id, 3);
    expect((await redeemed(db, fresh.id)).redeemedStayId).toBe(stay.id);
    const later = await voucherFor(db, user.email, 1);
    expect(await refusal(book(db, user.id, catIds, type.id, 5, { voucherCode: later.voucherCode! }))).toBe(
      "Your household has had its first night free already: the voucher is the same offer.",
    );
    expect((await redeemed(db, later.id)).redeemedStayId).toBeNull();
  });
});
