import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catForm } from "~/features/cats/schema";
import { nightsOf, weekdayOf } from "~/domain/calendar";
import { addBusinessDays, businessDate, businessLocalToUtc, formatCalendarDayWeekday } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import {
  calendarRules,
  households,
  mailQueue,
  smsQueue,
  stayCats,
  stayEvents,
  staySuites,
  stays,
  suiteTypes,
  suites,
  telephonyEvents,
  waitlistEntries,
} from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import { loadEnv } from "../env";
import { createCat } from "../households/households";
import { uploadVaccineRecord } from "../households/vaccines";
import { AppError } from "../http/errors";
import { type Logger, createLogger } from "../logger";
import { createTelephony } from "../telephony/telephony";
import { optOut } from "../telephony/opt-outs";
import { deliverQueuedSms } from "../telephony/sms-queue";
import { createTestDatabase } from "../testing/test-database";
import { changeStayAtDesk, deskDay, moveStay, occupancyGrid, staysWithoutSuite } from "./staff";
import { checkInAtDesk, checkOutAtDesk } from "../testing/desk";
import { cancelStay } from "./cancel";
import { changeStayCats, quoteStayCats } from "./change-cats";
import { changeStayDates, quoteStayChange } from "./change-dates";
import { householdCats } from "./household-cats";
import { quoteStay } from "./quote";
import { listHouseholdStays } from "./views";
import {
  bookStayFromForm,
  changeStayCatsFromForm,
  changeStayDatesFromForm,
  joinWaitlistFromForm,
  quoteStayCatsFromForm,
  quoteStayChangeFromForm,
  quoteStayFromForm,
} from "../testing/stay-forms";
import { queueArrivalReminders, queueStayMail } from "./stay-mail";
import { acceptOffer, joinWaitlist, leaveWaitlist, listWaitlist, runWaitlist } from "./waitlist";
import { type TestHouseholdOptions, TEST_PDF, testHousehold } from "../testing/households";
import { householdOf } from "../db/owned";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";

/** The first date on or after `from` that falls on one of `weekdays` (0 = Sunday). */
function nextWeekday(from: string, weekdays: number[]): string {
  let date = from;
  while (!weekdays.includes(weekdayOf(date))) date = addBusinessDays(date, 1);
  return date;
}

/** A Monday a few weeks out: arrivals are open Monday to Friday, and the dates are clear of today's. */
const mondayIn = (days: number) => nextWeekday(addBusinessDays(today, days), [1]);

/** A new household with cats whose FVRCP (the required vaccine) is verified until `fvrcpUntil`. */
async function household(db: Db, options: TestHouseholdOptions = {}) {
  const { user, catIds } = await testHousehold(db, now, options);
  return { userId: user.id, email: user.email, catIds };
}

/** A suite type of its own with `count` suites, so a test knows exactly what is free. */
async function suiteTypeWith(db: Db, count: number, maxCats = 2) {
  const [type] = await db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  for (let i = 0; i < count; i++) await db.insert(suites).values({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` });
  return type!;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("booking a stay", () => {
  it("confirms at once when every rule holds, prices the nights and queues the confirmation with a calendar file", async () => {
    const { db } = database;
    const { userId, email, catIds } = await household(db, { cats: ["Miso", "Tofu"], medicated: ["Miso"] });
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(20);
    const checkOut = addBusinessDays(checkIn, 3);
    const stay = await bookStayFromForm(db, userId, { checkIn, checkOut, catIds, suiteTypeId: type.id, arrangement: "together" }, { siteUrl, now });

    expect(stay).toMatchObject({ status: "confirmed", checkIn, checkOut, medication: true });
    // Two cats sharing: 50 + 20 a night for 3 nights, and medication for Miso, whose profile lists
    // one: 1 cat × 3 nights × $5; a new household's first night's room is free.
    expect(stay.totalCents).toBe(3 * 7000 + 3 * 500 - 7000);
    expect(stay.priceLines.at(-1)).toEqual({ label: "First night free", cents: -7000 });
    const [view] = await listHouseholdStays(db, userId);
    expect(view).toMatchObject({ id: stay.id, nights: 3, catNames: ["Miso", "Tofu"] });
    expect(view!.suites).toHaveLength(1);

    const [mail] = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mail).toMatchObject({ toAddress: email, status: "queued" });
    expect(mail!.message.subject).toMatch(/^Your stay is confirmed/);
    const ics = mail!.message.attachments?.[0];
    expect(ics?.filename).toBe("stay.ics");
    expect(ics?.content).toContain(`DTSTART;VALUE=DATE:${checkIn.replaceAll("-", "")}`);
    expect(ics?.content).toContain("METHOD:PUBLISH");
  });

  it("gives 20 concurrent requests for the last free suite exactly one stay; the others are told it is taken", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(30);
    const checkOut = addBusinessDays(checkIn, 2);
    const customers = await Promise.all(Array.from({ length: 20 }, () => household(db)));
    const outcomes = await Promise.allSettled(
      customers.map((c) =>
        bookStayFromForm(db, c.userId, { checkIn, checkOut, catIds: c.catIds, suiteTypeId: type.id, arrangement: "together" }, { siteUrl, now }),
      ),
    );
    const booked = outcomes.filter((o) => o.status === "fulfilled");
    expect(booked).toHaveLength(1);
    const codes = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as AppError).code] : []));
    expect(new Set(codes)).toEqual(new Set(["NO_SUITE_FREE"]));
    const held = await db
      .select()
      .from(staySuites)
      .innerJoin(suites, eq(suites.id, staySuites.suiteId))
      .where(and(eq(suites.suiteTypeId, type.id), isNull(staySuites.releasedAt)));
    expect(held).toHaveLength(1);
  });

  it("lets the database refuse a second stay in a suite for overlapping nights, whatever the code does", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(40);
    const first = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const [room] = await db.select().from(staySuites).where(eq(staySuites.stayId, first.id));
    // A back-to-back stay (check-out day = next check-in day) shares no night and is allowed.
    await db
      .insert(staySuites)
      .values({ stayId: first.id, suiteId: room!.suiteId, suiteTypeId: type.id, checkIn: addBusinessDays(checkIn, 3), checkOut: addBusinessDays(checkIn, 4) });
    const overlap = await db
      .insert(staySuites)
      .values({ stayId: first.id, suiteId: room!.suiteId, suiteTypeId: type.id, checkIn: addBusinessDays(checkIn, 2), checkOut: addBusinessDays(checkIn, 5) })
      .then(
        () => "inserted",
        (e: unknown) => String((e as { cause?: { code?: string } }).cause?.code ?? e),
      );
    expect(overlap).toBe("23P01");
  });

  it("holds the suite as pending review while a required record awaits staff, and refuses records that end before check-out", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(50);
    const checkOut = addBusinessDays(checkIn, 4);

    const awaiting = await household(db, { verified: false });
    const pending = await bookStayFromForm(
      db,
      awaiting.userId,
      { checkIn, checkOut, catIds: awaiting.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    expect(pending.status).toBe("pending_review");
    expect(
      await db
        .select()
        .from(staySuites)
        .where(and(eq(staySuites.stayId, pending.id), isNull(staySuites.releasedAt))),
    ).toHaveLength(1);

    // Valid until the day before check-out: not good enough for an instant (or any) confirmation.
    const short = await household(db, { fvrcpUntil: addBusinessDays(checkOut, -1) });
    const refused = await refusal(
      bookStayFromForm(db, short.userId, { checkIn, checkOut, catIds: short.catIds, suiteTypeId: type.id, arrangement: "together" }, { siteUrl, now }),
    );
    expect(refused).toMatchObject({ status: 409, code: "VACCINES_NOT_COVERED" });
    const quote = await quoteStay(db, short.userId, { checkIn, checkOut, catIds: short.catIds }, now);
    expect(quote.coverage[0]).toMatchObject({ state: "not-covered" });

    // Valid through the check-out day itself: confirmed.
    const exact = await household(db, { fvrcpUntil: checkOut });
    const ok = await bookStayFromForm(
      db,
      exact.userId,
      { checkIn, checkOut, catIds: exact.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    expect(ok.status).toBe("confirmed");
  });

  it("answers bad input clearly: past dates, check-out before check-in, too many cats, another household's cat, an unknown suite", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db, { cats: ["A", "B", "C"] });
    const other = await household(db);
    const type = await suiteTypeWith(db, 3, 2);
    const checkIn = mondayIn(60);
    const checkOut = addBusinessDays(checkIn, 2);
    const base = { checkIn, checkOut, catIds, suiteTypeId: type.id, arrangement: "separate" as const };

    expect(await refusal(bookStayFromForm(db, userId, { ...base, checkIn: addBusinessDays(today, -3) }, { siteUrl, now }))).toMatchObject({
      status: 400,
      details: { fields: { checkIn: "Check-in can't be in the past." } },
    });
    expect(await refusal(bookStayFromForm(db, userId, { ...base, checkOut: checkIn }, { siteUrl, now }))).toMatchObject({
      details: { fields: { checkOut: "Check-out must be after check-in." } },
    });
    expect(await refusal(bookStayFromForm(db, userId, { ...base, arrangement: "together" }, { siteUrl, now }))).toMatchObject({
      status: 400,
      code: "TOO_MANY_CATS",
    });
    expect(await refusal(bookStayFromForm(db, userId, { ...base, catIds: [other.catIds[0]!] }, { siteUrl, now }))).toMatchObject({
      status: 404,
      code: "CAT_NOT_FOUND",
    });
    expect(await refusal(bookStayFromForm(db, userId, { ...base, suiteTypeId: crypto.randomUUID() }, { siteUrl, now }))).toMatchObject({
      status: 404,
      code: "SUITE_TYPE_NOT_FOUND",
    });
    expect(await refusal(bookStayFromForm(db, userId, { ...base, suiteTypeId: "not-an-id" }, { siteUrl, now }))).toMatchObject({ status: 400 });
    // Nothing was booked by any of them.
    expect(await listHouseholdStays(db, userId)).toEqual([]);
  });

  it("enforces a peak period's minimum nights and adds its surcharge", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(70);
    await db
      .insert(calendarRules)
      .values({ kind: "peak", name: "Test Peak", startsOn: checkIn, endsOn: addBusinessDays(checkIn, 1), surchargePercent: 20, minNights: 3 });
    const tooShort = await refusal(
      bookStayFromForm(db, userId, { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, suiteTypeId: type.id, arrangement: "together" }, { siteUrl, now }),
    );
    expect(tooShort.message).toBe("Stays over Test Peak are at least 3 nights.");
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 3), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    expect(stay.priceLines.map((l) => l.label)).toEqual([`${type.name}, 1 cat: 3 nights × $50.00`, "Test Peak surcharge, 20%: 2 nights", "First night free"]);
    expect(stay.totalCents).toBe(15000 + 2000 - 5000);
  });

  it("counts nights by the calendar over a daylight-saving change", async () => {
    const { db } = database;
    // The next day whose noon is an hour off the day before's: a DST change in Los Angeles.
    let change = addBusinessDays(today, 2);
    const offset = (d: string) => businessLocalToUtc(d, "12:00").getTime() - Date.parse(`${d}T12:00:00Z`);
    while (offset(change) === offset(addBusinessDays(change, -1))) change = addBusinessDays(change, 1);
    const checkIn = addBusinessDays(change, -1); // the Saturday before the Sunday change
    const checkOut = addBusinessDays(change, 2);
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 1);
    const stay = await bookStayFromForm(db, userId, { checkIn, checkOut, catIds, suiteTypeId: type.id, arrangement: "together" }, { siteUrl, now });
    expect(nightsOf(stay.checkIn, stay.checkOut)).toHaveLength(3);
    expect(stay.totalCents).toBe(3 * 5000 - 5000);
  });

  it("cancels: frees the suite for the next customer and records the fee of the day under the stored terms", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(80);
    const checkOut = addBusinessDays(checkIn, 2);
    const first = await household(db);
    const stay = await bookStayFromForm(
      db,
      first.userId,
      { checkIn, checkOut, catIds: first.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );

    // Two days before check-in is inside the default three-day window: half the price.
    const late = businessLocalToUtc(addBusinessDays(checkIn, -2), "10:00");
    const { stay: cancelled } = await cancelStay(db, first.userId, stay.id, { siteUrl, now: late });
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationFeeCents: stay.totalCents / 2 });
    expect(await refusal(cancelStay(db, first.userId, stay.id, { siteUrl, now: late }))).toMatchObject({ status: 409 });

    const second = await household(db);
    expect(await refusal(cancelStay(db, second.userId, stay.id, { siteUrl, now }))).toMatchObject({ status: 404 });
    const next = await bookStayFromForm(
      db,
      second.userId,
      { checkIn, checkOut, catIds: second.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    expect(next.status).toBe("confirmed");
    const [stored] = await db.select().from(stays).where(eq(stays.id, stay.id));
    expect(stored!.status).toBe("cancelled");
  });
});

describe("changing a stay", () => {
  it("moves the dates, keeps the suite where it is free, reprices and shows the difference first", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(90);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const [before] = await db.select().from(staySuites).where(eq(staySuites.stayId, stay.id));

    const longer = { stayId: stay.id, checkIn, checkOut: addBusinessDays(checkIn, 4) };
    expect(await quoteStayChange(db, userId, longer, now)).toMatchObject({ totalCents: 20000, differenceCents: 10000 });
    const changed = await changeStayDates(db, userId, longer, { siteUrl, now });
    expect(changed).toMatchObject({ checkOut: longer.checkOut, totalCents: 20000, status: "confirmed" });
    const [after] = await db.select().from(staySuites).where(eq(staySuites.stayId, stay.id));
    expect(after).toMatchObject({ suiteId: before!.suiteId, checkOut: longer.checkOut });
    const mails = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mails.map((m) => m.message.subject.split(":")[0])).toEqual(["Your stay is confirmed", "Your stay has changed"]);
  });

  it("moves to another suite of the type when its own is taken for the new nights, and refuses when none is free", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(100);
    const a = await household(db);
    const b = await household(db);
    const stayA = await bookStayFromForm(
      db,
      a.userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: a.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const [roomA] = await db.select().from(staySuites).where(eq(staySuites.stayId, stayA.id));
    // B arrives as A leaves, in A's suite (the first free one).
    const stayB = await bookStayFromForm(
      db,
      b.userId,
      { checkIn: addBusinessDays(checkIn, 2), checkOut: addBusinessDays(checkIn, 4), catIds: b.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const [roomB] = await db.select().from(staySuites).where(eq(staySuites.stayId, stayB.id));
    expect(roomB!.suiteId).toBe(roomA!.suiteId);
    // A stays a night longer: its suite is B's that night, so A moves to the other one.
    await changeStayDates(db, a.userId, { stayId: stayA.id, checkIn, checkOut: addBusinessDays(checkIn, 3) }, { siteUrl, now });
    const [moved] = await db.select().from(staySuites).where(eq(staySuites.stayId, stayA.id));
    expect(moved!.suiteId).not.toBe(roomA!.suiteId);

    const c = await household(db);
    await bookStayFromForm(
      db,
      c.userId,
      { checkIn: addBusinessDays(checkIn, 3), checkOut: addBusinessDays(checkIn, 4), catIds: c.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const refused = await refusal(changeStayDates(db, a.userId, { stayId: stayA.id, checkIn, checkOut: addBusinessDays(checkIn, 4) }, { siteUrl, now }));
    expect(refused.code).toBe("NO_SUITE_FREE");
    const [unchanged] = await db.select().from(stays).where(eq(stays.id, stayA.id));
    expect(unchanged!.checkOut).toBe(addBusinessDays(checkIn, 3));
    expect(await refusal(changeStayDates(db, b.userId, { stayId: stayA.id, checkIn, checkOut: addBusinessDays(checkIn, 1) }, { siteUrl, now }))).toMatchObject({
      status: 404,
    });
  });
});

describe("changing a stay's cats", () => {
  /** The stay as a customer would notice it: status, price, cats, and the suites it holds. */
  async function stayNow(db: Db, stayId: string) {
    const [stay] = await db.select().from(stays).where(eq(stays.id, stayId));
    const guests = await db.select().from(stayCats).where(eq(stayCats.stayId, stayId));
    const held = await db
      .select()
      .from(staySuites)
      .where(and(eq(staySuites.stayId, stayId), isNull(staySuites.releasedAt)));
    return {
      status: stay!.status,
      totalCents: stay!.totalCents,
      cats: guests.map((g) => g.catName).sort(),
      suiteIds: held.map((h) => h.suiteId).sort(),
      mails: (await db.select().from(mailQueue).where(eq(mailQueue.stayId, stayId))).length,
    };
  }

  it("adds a cat to a shared suite: the quote shows the new total and difference, and the change is exactly that", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db, { cats: ["Miso", "Tofu"] });
    const type = await suiteTypeWith(db, 1, 2);
    const checkIn = mondayIn(140);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: [catIds[0]!], suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const before = await stayNow(db, stay.id);

    const both = { stayId: stay.id, catIds };
    const quote = await quoteStayCats(db, userId, both, now);
    // A second cat sharing: $20 a night more for 2 nights.
    expect(quote).toEqual({ totalCents: 14000, differenceCents: 4000, status: "confirmed", catNames: ["Miso", "Tofu"] });
    const changed = await changeStayCats(db, userId, both, { siteUrl, now });
    expect(changed).toMatchObject({ totalCents: quote.totalCents, status: "confirmed" });
    expect(await stayNow(db, stay.id)).toEqual({ ...before, totalCents: 14000, cats: ["Miso", "Tofu"], mails: 2 });
    const [view] = await listHouseholdStays(db, userId);
    expect(view!.suites).toEqual([{ name: expect.any(String), typeName: type.name, catNames: ["Miso", "Tofu"] }]);
    expect(view!.priceLines[0]!.label).toBe(`${type.name}, 2 cats: 2 nights × $70.00`);
    const [event] = await db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "changed")));
    expect(event!.detail).toEqual({ from: { cats: ["Miso"], totalCents: 10000 }, to: { cats: ["Miso", "Tofu"], totalCents: 14000 } });
    const mails = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mails.map((m) => m.message.subject.split(":")[0])).toEqual(["Your stay is confirmed", "Your stay has changed"]);
    expect(mails[1]!.message.text).toContain("Miso, Tofu");
  });

  it("refuses too many cats for the shared suite, another household's cat, unknown ids, the same cats and a cancelled stay, changing nothing", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db, { cats: ["A", "B", "C"] });
    const other = await household(db);
    const type = await suiteTypeWith(db, 2, 2);
    const checkIn = mondayIn(150);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: catIds.slice(0, 2), suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const before = await stayNow(db, stay.id);

    const tooMany = await refusal(changeStayCats(db, userId, { stayId: stay.id, catIds }, { siteUrl, now }));
    expect(tooMany).toMatchObject({ status: 400, code: "TOO_MANY_CATS", details: { fields: { catIds: `A ${type.name} holds at most 2 cats.` } } });
    expect(await refusal(quoteStayCats(db, userId, { stayId: stay.id, catIds }, now))).toMatchObject({ code: "TOO_MANY_CATS" });
    expect(await refusal(changeStayCats(db, userId, { stayId: stay.id, catIds: [catIds[0]!, other.catIds[0]!] }, { siteUrl, now }))).toMatchObject({
      status: 404,
      code: "CAT_NOT_FOUND",
    });
    expect(await refusal(changeStayCats(db, userId, { stayId: stay.id, catIds: [crypto.randomUUID()] }, { siteUrl, now }))).toMatchObject({ status: 404 });
    expect(await refusal(changeStayCatsFromForm(db, userId, { stayId: stay.id, catIds: ["not-an-id"] }, { siteUrl, now }))).toMatchObject({ status: 400 });
    expect(await refusal(changeStayCatsFromForm(db, userId, { stayId: stay.id, catIds: [] }, { siteUrl, now }))).toMatchObject({ status: 400 });
    expect(await refusal(changeStayCats(db, userId, { stayId: stay.id, catIds: [catIds[1]!, catIds[0]!] }, { siteUrl, now }))).toMatchObject({
      code: "CATS_UNCHANGED",
    });
    // Someone else's stay is not found, even with their own cat.
    expect(await refusal(changeStayCats(db, other.userId, { stayId: stay.id, catIds: other.catIds }, { siteUrl, now }))).toMatchObject({ status: 404 });
    expect(await stayNow(db, stay.id)).toEqual(before);

    await cancelStay(db, userId, stay.id, { siteUrl, now });
    expect(await refusal(changeStayCats(db, userId, { stayId: stay.id, catIds: [catIds[0]!] }, { siteUrl, now }))).toMatchObject({
      status: 409,
      code: "STAY_NOT_CHANGEABLE",
    });
  });

  it("in separate suites: refuses a further cat when no suite is free, gives a newcomer a leaving cat's suite, and releases a suite no cat needs", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db, { cats: ["A", "B", "C"] });
    const [a, b, c] = catIds as [string, string, string];
    const type = await suiteTypeWith(db, 2, 2);
    const checkIn = mondayIn(160);
    const checkOut = addBusinessDays(checkIn, 2);
    const stay = await bookStayFromForm(db, userId, { checkIn, checkOut, catIds: [a, b], suiteTypeId: type.id, arrangement: "separate" }, { siteUrl, now });
    const before = await stayNow(db, stay.id);
    expect(before.suiteIds).toHaveLength(2);

    expect(await refusal(quoteStayCats(db, userId, { stayId: stay.id, catIds: [a, b, c] }, now))).toMatchObject({ code: "NO_SUITE_FREE" });
    expect(await refusal(changeStayCats(db, userId, { stayId: stay.id, catIds: [a, b, c] }, { siteUrl, now }))).toMatchObject({
      status: 409,
      code: "NO_SUITE_FREE",
    });
    expect(await stayNow(db, stay.id)).toEqual(before);

    // C instead of B: C sleeps in B's suite, at the same price.
    expect(await quoteStayCats(db, userId, { stayId: stay.id, catIds: [a, c] }, now)).toMatchObject({ differenceCents: 0 });
    await changeStayCats(db, userId, { stayId: stay.id, catIds: [a, c] }, { siteUrl, now });
    expect(await stayNow(db, stay.id)).toMatchObject({ cats: ["A", "C"], suiteIds: before.suiteIds, totalCents: before.totalCents });

    // A alone: C's suite is released, at half the price, and the next customer can book it.
    await changeStayCats(db, userId, { stayId: stay.id, catIds: [a] }, { siteUrl, now });
    const alone = await stayNow(db, stay.id);
    expect(alone).toMatchObject({ cats: ["A"], totalCents: before.totalCents / 2 });
    expect(alone.suiteIds).toHaveLength(1);
    const next = await household(db);
    const theirs = await bookStayFromForm(
      db,
      next.userId,
      { checkIn, checkOut, catIds: next.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    expect(theirs.status).toBe("confirmed");
    const [views] = await listHouseholdStays(db, userId);
    expect(views!.suites.map((s) => s.catNames)).toEqual([["A"]]);
  });

  it("holds the stay as pending review for a cat whose record awaits staff, and refuses a cat without one", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 1, 3);
    const checkIn = mondayIn(170);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const cat = { sex: "male", spayedNeutered: "yes", felvFivStatus: "negative" } as const;
    const unchecked = await createCat(db, userId, catForm.parse({ name: "Pip", ...cat }), now);
    await uploadVaccineRecord(
      db,
      userId,
      unchecked.id,
      { vaccine: "fvrcp", expiresOn: addBusinessDays(today, 700), document: { bytes: TEST_PDF, name: "fvrcp.pdf" } },
      now,
    );
    const unrecorded = await createCat(db, userId, catForm.parse({ name: "Bo", ...cat }), now);

    const refused = await refusal(changeStayCats(db, userId, { stayId: stay.id, catIds: [catIds[0]!, unrecorded.id] }, { siteUrl, now }));
    expect(refused).toMatchObject({ status: 409, code: "VACCINES_NOT_COVERED" });
    expect(refused.message).toContain("Bo:");
    expect(await stayNow(db, stay.id)).toMatchObject({ status: "confirmed", cats: ["Miso"] });

    const withPip = { stayId: stay.id, catIds: [catIds[0]!, unchecked.id] };
    expect(await quoteStayCats(db, userId, withPip, now)).toMatchObject({ status: "pending_review" });
    expect(await changeStayCats(db, userId, withPip, { siteUrl, now })).toMatchObject({ status: "pending_review" });
    expect(await stayNow(db, stay.id)).toMatchObject({ status: "pending_review", cats: ["Miso", "Pip"] });
  });

  it("gives the last free suite to exactly one of 20 concurrent changes and bookings; no suite is held twice", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 3, 2);
    const checkIn = mondayIn(180);
    const checkOut = addBusinessDays(checkIn, 2);
    const owner = await household(db, { cats: ["A", "B", "C"] });
    const stay = await bookStayFromForm(
      db,
      owner.userId,
      { checkIn, checkOut, catIds: owner.catIds.slice(0, 2), suiteTypeId: type.id, arrangement: "separate" },
      { siteUrl, now },
    );
    const customers = await Promise.all(Array.from({ length: 19 }, () => household(db)));
    const outcomes = await Promise.allSettled([
      changeStayCats(db, owner.userId, { stayId: stay.id, catIds: owner.catIds }, { siteUrl, now }),
      ...customers.map((c) =>
        bookStayFromForm(db, c.userId, { checkIn, checkOut, catIds: c.catIds, suiteTypeId: type.id, arrangement: "together" }, { siteUrl, now }),
      ),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const codes = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as AppError).code] : []));
    expect(new Set(codes)).toEqual(new Set(["NO_SUITE_FREE"]));
    const held = await db
      .select()
      .from(staySuites)
      .where(and(eq(staySuites.suiteTypeId, type.id), isNull(staySuites.releasedAt)));
    expect(held).toHaveLength(3);
    expect(new Set(held.map((h) => h.suiteId)).size).toBe(3);
    // The stay holds a suite for each of its cats, whichever request won.
    const after = await stayNow(db, stay.id);
    expect(after.suiteIds).toHaveLength(after.cats.length);
  });
});

describe("the waitlist", () => {
  it("offers a freed suite to the first entry once, even with two passes at once; accepting confirms it, an expired offer passes on", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(110);
    const checkOut = addBusinessDays(checkIn, 2);
    const first = await household(db);
    const stay = await bookStayFromForm(
      db,
      first.userId,
      { checkIn, checkOut, catIds: first.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    // Every other suite is out of the way for these nights: take them out of service.
    await db
      .update(suites)
      .set({ inService: false })
      .where(sql`${suites.suiteTypeId} <> ${type.id}`);
    try {
      const waiting = await household(db);
      const later = await household(db);
      const quote = await quoteStay(db, waiting.userId, { checkIn, checkOut, catIds: waiting.catIds }, now);
      expect(quote.options).toEqual([]);
      const entry = await joinWaitlist(db, waiting.userId, { checkIn, checkOut, catIds: waiting.catIds, flexDays: 0 }, now);
      await joinWaitlist(db, later.userId, { checkIn, checkOut, catIds: later.catIds, flexDays: 0 }, new Date(now.getTime() + 1000));
      expect(await runWaitlist(db, { siteUrl, now })).toEqual({ expired: 0, offered: 0 });

      await cancelStay(db, first.userId, stay.id, { siteUrl, now });
      const passes = await Promise.all([runWaitlist(db, { siteUrl, now }), runWaitlist(db, { siteUrl, now })]);
      expect(passes.reduce((n, p) => n + p.offered, 0)).toBe(1);
      const [offer] = await listHouseholdStays(db, waiting.userId);
      expect(offer).toMatchObject({ status: "offered" });
      const [offerMail] = await db.select().from(mailQueue).where(eq(mailQueue.stayId, offer!.id));
      expect(offerMail!.message.subject).toMatch(/^A suite is free for your dates/);

      // Not accepted in time: it expires and the next entry is offered the suite.
      const afterHold = new Date(now.getTime() + 25 * 3_600_000);
      expect(await refusal(acceptOffer(db, waiting.userId, offer!.id, { siteUrl, now: afterHold }))).toMatchObject({ code: "OFFER_EXPIRED" });
      expect(await runWaitlist(db, { siteUrl, now: afterHold })).toEqual({ expired: 1, offered: 1 });
      const [next] = await listHouseholdStays(db, later.userId);
      expect(next).toMatchObject({ status: "offered" });
      const accepted = await acceptOffer(db, later.userId, next!.id, { siteUrl, now: afterHold });
      expect(accepted).toMatchObject({ outcome: "accepted", stay: { status: "confirmed" } });
      expect(entry.status).toBe("waiting");

      // A second Accept (a double click, another tab): the offer is already taken, not expired, and nothing changes.
      const mails = async () => (await db.select().from(mailQueue).where(eq(mailQueue.stayId, next!.id))).length;
      const mailsBefore = await mails();
      const again = await acceptOffer(db, later.userId, next!.id, { siteUrl, now: new Date(afterHold.getTime() + 60_000) });
      expect(again).toMatchObject({ outcome: "already_accepted", stay: { id: next!.id, status: "confirmed", checkIn, checkOut } });
      expect(await mails()).toBe(mailsBefore);
      expect(
        await db
          .select()
          .from(stayEvents)
          .where(and(eq(stayEvents.stayId, next!.id), eq(stayEvents.kind, "offer_accepted"))),
      ).toHaveLength(1);
    } finally {
      await db.update(suites).set({ inService: true });
    }
  });
});

describe("the waitlist's rules", () => {
  it("refuses dates booking refuses, with booking's own words: past dates, too many nights, check-out before check-in", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(200);
    const cases = [
      { checkIn: addBusinessDays(today, -3), checkOut: addBusinessDays(today, 2) },
      { checkIn, checkOut: addBusinessDays(checkIn, 400) },
      { checkIn, checkOut: addBusinessDays(checkIn, -1) },
      { checkIn, checkOut: checkIn },
    ];
    for (const dates of cases) {
      const booking = await refusal(bookStayFromForm(db, userId, { ...dates, catIds, suiteTypeId: type.id, arrangement: "together" }, { siteUrl, now }));
      const waiting = await refusal(joinWaitlist(db, userId, { ...dates, catIds, flexDays: 2 }, now));
      expect(waiting, JSON.stringify(dates)).toMatchObject({ status: 400, code: "DATES_NOT_BOOKABLE", message: booking.message, details: booking.details });
    }
    expect(await listWaitlist(db, userId)).toEqual([]);
    // Dates booking takes, the waitlist takes (and the entry leaves again, out of the next test's pass).
    const entry = await joinWaitlist(db, userId, { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, flexDays: 0 }, now);
    expect(entry).toMatchObject({ status: "waiting", checkIn });
    // Another household's account cannot take it off: the same 404 as an entry that does not exist.
    const other = await household(db);
    const unknown = await refusal(leaveWaitlist(db, userId, crypto.randomUUID(), now));
    expect(unknown).toMatchObject({ status: 404, code: "WAITLIST_ENTRY_NOT_FOUND" });
    const theirs = await refusal(leaveWaitlist(db, other.userId, entry.id, now));
    expect([theirs.status, theirs.code, theirs.message]).toEqual([unknown.status, unknown.code, unknown.message]);
    expect(await listWaitlist(db, userId)).toMatchObject([{ id: entry.id, status: "waiting" }]);
    await leaveWaitlist(db, userId, entry.id, now);
    expect(await listWaitlist(db, userId)).toEqual([]);
  });

  it("offers the next entry when one entry's offer fails, and records that entry's failure", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(210);
    const checkOut = addBusinessDays(checkIn, 2);
    const first = await household(db);
    const stay = await bookStayFromForm(
      db,
      first.userId,
      { checkIn, checkOut, catIds: first.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    await db
      .update(suites)
      .set({ inService: false })
      .where(sql`${suites.suiteTypeId} <> ${type.id}`);
    try {
      // An entry stored before the forms refused a cat twice: first in line, and its offer cannot be made.
      const broken = await testHousehold(db, now);
      const [old] = await db
        .insert(waitlistEntries)
        .values({
          householdId: broken.householdId,
          checkIn,
          checkOut,
          catIds: [broken.catIds[0]!, broken.catIds[0]!],
          createdAt: new Date(now.getTime() - 60_000),
        })
        .returning();
      const next = await household(db);
      const entry = await joinWaitlist(db, next.userId, { checkIn, checkOut, catIds: next.catIds, flexDays: 0 }, now);

      await cancelStay(db, first.userId, stay.id, { siteUrl, now });
      const errors: unknown[] = [];
      const logger = { error: (...args: unknown[]) => errors.push(args) } as unknown as Logger;
      expect(await runWaitlist(db, { siteUrl, now, logger })).toMatchObject({ offered: 1 });

      const [offer] = await listHouseholdStays(db, next.userId);
      expect(offer).toMatchObject({ status: "offered", checkIn });
      expect((await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)))[0]).toMatchObject({
        status: "offered",
        offeredStayId: offer!.id,
        lastError: null,
      });
      const [failed] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, old!.id));
      expect(failed).toMatchObject({ status: "waiting", offeredStayId: null, lastError: "Each cat can be chosen once." });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject([{ entryId: old!.id }, expect.stringContaining("waitlist offer failed")]);
      // Nothing of the failed offer was kept.
      expect(await listHouseholdStays(db, broken.user.id)).toEqual([]);
    } finally {
      await db.update(suites).set({ inService: true });
    }
  });
});

describe("a day the calendar does not have, and a cat chosen twice", () => {
  it("are refused with words a person can act on, not a 500, when booking, changing dates or cats, and joining the waitlist", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db, { cats: ["Miso", "Tofu"] });
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(190);
    const checkOut = addBusinessDays(checkIn, 2);
    // February 30th of a year ahead: the form's pattern took it and the database refused it.
    const impossible = `${addBusinessDays(today, 400).slice(0, 4)}-02-30`;
    const realDate = { status: 400, code: "VALIDATION_FAILED", message: "Enter a real date." };
    const catTwice = { status: 400, message: "Each cat can be chosen once.", details: { fields: { catIds: "Each cat can be chosen once." } } };
    const twice = [catIds[0]!, catIds[0]!];
    const base = { checkIn, checkOut, catIds, suiteTypeId: type.id, arrangement: "together" as const };

    expect(await refusal(bookStayFromForm(db, userId, { ...base, checkIn: impossible }, { siteUrl, now }))).toMatchObject({
      ...realDate,
      details: { fields: { checkIn: "Enter a real date." } },
    });
    expect(await refusal(bookStayFromForm(db, userId, { ...base, checkOut: impossible }, { siteUrl, now }))).toMatchObject({
      ...realDate,
      details: { fields: { checkOut: "Enter a real date." } },
    });
    expect(await refusal(bookStayFromForm(db, userId, { ...base, catIds: twice }, { siteUrl, now }))).toMatchObject(catTwice);
    expect(await refusal(quoteStayFromForm(db, userId, { checkIn, checkOut, catIds: twice }, now))).toMatchObject(catTwice);
    expect(await refusal(joinWaitlistFromForm(db, userId, { checkIn: impossible, checkOut, catIds, flexDays: 0 }, now))).toMatchObject(realDate);
    expect(await refusal(joinWaitlistFromForm(db, userId, { checkIn, checkOut, catIds: twice, flexDays: 0 }, now))).toMatchObject(catTwice);

    const stay = await bookStayFromForm(db, userId, { ...base, catIds: [catIds[0]!] }, { siteUrl, now });
    expect(await refusal(quoteStayChangeFromForm(db, userId, { stayId: stay.id, checkIn, checkOut: impossible }, now))).toMatchObject(realDate);
    expect(await refusal(changeStayDatesFromForm(db, userId, { stayId: stay.id, checkIn: impossible, checkOut }, { siteUrl, now }))).toMatchObject(realDate);
    expect(await refusal(quoteStayCatsFromForm(db, userId, { stayId: stay.id, catIds: [catIds[1]!, catIds[1]!] }, now))).toMatchObject(catTwice);
    expect(
      await refusal(changeStayCatsFromForm(db, userId, { stayId: stay.id, catIds: [catIds[1]!, catIds[0]!, catIds[1]!] }, { siteUrl, now })),
    ).toMatchObject(catTwice);
    // A caller in code that skips the form is refused by the domain function itself.
    expect(await refusal(householdCats(db, userId, twice))).toMatchObject({ status: 400, code: "CAT_REPEATED", message: "Each cat can be chosen once." });

    // Nothing changed, and nothing else was booked or put on the waitlist.
    expect((await listHouseholdStays(db, userId)).map((s) => [s.id, s.checkIn, s.checkOut, s.catNames])).toEqual([[stay.id, checkIn, checkOut, ["Miso"]]]);
    expect(await listWaitlist(db, userId)).toEqual([]);
  });
});

describe("the desk", () => {
  it("confirms a stay waiting for review, checks in and out, frees the suite on a no-show, and moves a stay only to a free suite", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(120);
    const checkOut = addBusinessDays(checkIn, 2);
    const pending = await household(db, { verified: false });
    const stay = await bookStayFromForm(
      db,
      pending.userId,
      { checkIn, checkOut, catIds: pending.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    expect(stay.status).toBe("pending_review");
    expect(await changeStayAtDesk(db, stay.id, "approve", "owner@example.com", { siteUrl, now })).toMatchObject({ status: "confirmed" });
    expect(await refusal(changeStayAtDesk(db, stay.id, "approve", "owner@example.com", { siteUrl, now }))).toMatchObject({ status: 409 });

    const other = await household(db);
    const second = await bookStayFromForm(
      db,
      other.userId,
      { checkIn, checkOut, catIds: other.catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const [secondRoom] = await db.select().from(staySuites).where(eq(staySuites.stayId, second.id));
    expect(await refusal(moveStay(db, stay.id, secondRoom!.suiteId, "owner@example.com", now))).toMatchObject({ code: "SUITE_TAKEN" });

    const grid = await occupancyGrid(db, checkIn, 3);
    const held = grid.rows.filter((r) => r.nights[0]?.stayId === stay.id || r.nights[0]?.stayId === second.id);
    expect(held).toHaveLength(2);
    expect(held.every((r) => r.nights[2] === null)).toBe(true);

    await checkInAtDesk(db, stay.id, "owner@example.com", { siteUrl, now });
    expect(await checkOutAtDesk(db, stay.id, "owner@example.com", { siteUrl, now, reason: "Pays by invoice" })).toMatchObject({
      status: "checked_out",
    });
    await changeStayAtDesk(db, second.id, "noShow", "owner@example.com", { siteUrl, now });
    const released = await db
      .select()
      .from(staySuites)
      .where(and(eq(staySuites.stayId, second.id), isNull(staySuites.releasedAt)));
    expect(released).toEqual([]);
  });

  it("gives a stay that holds no suite (one staff made as an appointment) its suite with Move, and lists it until then", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 2);
    const [first, second] = await db.select().from(suites).where(eq(suites.suiteTypeId, type.id));
    const { householdId } = await testHousehold(db, now);
    const checkIn = mondayIn(150);
    const checkOut = addBusinessDays(checkIn, 3);
    const carried = async (status: "confirmed" | "cancelled") =>
      (
        await db
          .insert(stays)
          .values({ householdId, status, checkIn, checkOut, notes: "Cats: Miso", totalCents: 0, priceLines: [], cancellationTiers: [] })
          .returning()
      )[0]!;
    const stay = await carried("confirmed");
    const waiting = async () => (await staysWithoutSuite(db, today)).map((s) => s.id);
    expect(await waiting()).toContain(stay.id);

    // Another stay has the first suite for one of its nights: the move says so and gives nothing.
    const other = await household(db);
    const taken = await bookStayFromForm(
      db,
      other.userId,
      {
        checkIn: addBusinessDays(checkIn, 2),
        checkOut: addBusinessDays(checkIn, 4),
        catIds: other.catIds.slice(0, 1),
        suiteTypeId: type.id,
        arrangement: "together",
      },
      { siteUrl, now },
    );
    const [takenRoom] = await db.select().from(staySuites).where(eq(staySuites.stayId, taken.id));
    expect(await refusal(moveStay(db, stay.id, takenRoom!.suiteId, "owner@example.com", now))).toMatchObject({ code: "SUITE_TAKEN" });
    expect(await waiting()).toContain(stay.id);

    const free = takenRoom!.suiteId === first!.id ? second! : first!;
    expect(await moveStay(db, stay.id, free.id, "owner@example.com", now)).toMatchObject({ id: free.id });
    const rooms = await db.select().from(staySuites).where(eq(staySuites.stayId, stay.id));
    expect(rooms).toMatchObject([{ suiteId: free.id, checkIn, checkOut, releasedAt: null }]);
    expect(await waiting()).not.toContain(stay.id);
    const grid = await occupancyGrid(db, checkIn, 3);
    expect(grid.rows.find((r) => r.suiteId === free.id)!.nights.map((n) => n?.stayId)).toEqual([stay.id, stay.id, stay.id]);
    const [moved] = await db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stay.id), eq(stayEvents.kind, "moved")));
    expect(moved!.detail).toEqual({ from: null, to: free.id });

    // A cancelled one takes no suite.
    const cancelled = await carried("cancelled");
    expect(await refusal(moveStay(db, cancelled.id, free.id, "owner@example.com", now))).toMatchObject({ status: 409 });
    expect(await refusal(moveStay(db, crypto.randomUUID(), free.id, "owner@example.com", now))).toMatchObject({ status: 404 });
  });

  it("names the customer by the household's name, else the account's e-mail, and says Deleted account only for a deleted one", async () => {
    const { db } = database;
    const type = await suiteTypeWith(db, 4);
    const checkIn = mondayIn(230);
    const checkOut = addBusinessDays(checkIn, 2);
    const book = async () => {
      const customer = await household(db);
      const stay = await bookStayFromForm(
        db,
        customer.userId,
        { checkIn, checkOut, catIds: customer.catIds, suiteTypeId: type.id, arrangement: "together" },
        { siteUrl, now },
      );
      return { ...customer, stay };
    };
    const named = await book();
    const unnamed = await book();
    const blank = await book();
    const deleted = await book();
    await db.update(households).set({ name: null }).where(householdOf(unnamed.userId));
    await db.update(households).set({ name: "  " }).where(householdOf(blank.userId));
    // What deleting the account leaves: the stay in the books, its household gone.
    await db.update(stays).set({ householdId: null }).where(eq(stays.id, deleted.stay.id));

    const { arrivals } = await deskDay(db, checkIn);
    const nameOf = (stayId: string) => arrivals.find((a) => a.id === stayId)?.household;
    expect(nameOf(named.stay.id)).toBe("Ana Ruiz");
    expect(nameOf(unnamed.stay.id)).toBe(unnamed.email);
    expect(nameOf(blank.stay.id)).toBe(blank.email);
    expect(nameOf(deleted.stay.id)).toBe("Deleted account");

    const grid = await occupancyGrid(db, checkIn, 1);
    const labels = grid.rows.map((r) => r.nights[0]?.label);
    expect(labels).toContain(`Miso (${unnamed.email})`);
    expect(labels).toContain("Miso (Deleted account)");
  });
});

describe("the arrival reminder", () => {
  it("is queued once per stay two days before check-in, however many passes run at once", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(130);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const twoDaysBefore = businessLocalToUtc(addBusinessDays(checkIn, -2), "09:00");
    await Promise.all([queueArrivalReminders(db, siteUrl, twoDaysBefore), queueArrivalReminders(db, siteUrl, twoDaysBefore)]);
    await queueArrivalReminders(db, siteUrl, twoDaysBefore);
    const mails = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    const reminders = mails.filter((m) => m.dedupeKey.endsWith(":reminder"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.message.subject).toMatch(/^See you /);
    expect(reminders[0]!.message.text).toContain("Check-in is on");
  });
});

describe("the texts about a stay", () => {
  it("queues one text with the mail when a stay is booked and another when it is cancelled, and sends each once", async () => {
    const { db } = database;
    // A number of its own: other tests book the same dates for a "Miso" of their own, so the texts' words may repeat.
    const line = String(crypto.randomInt(2000, 10000));
    const mobile = `+1949249${line}`;
    const { userId, catIds } = await household(db, { mobilePhone: `(949) 249-${line}` });
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(140);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const { business } = await loadSiteContent(db);

    const mails = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    const [text, ...more] = await db.select().from(smsQueue).where(eq(smsQueue.stayId, stay.id));
    expect(mails).toHaveLength(1);
    expect(more).toEqual([]);
    expect(text).toMatchObject({ toPhone: mobile, status: "queued", dedupeKey: mails[0]!.dedupeKey });
    expect(text!.body).toContain(`${business.name}: Miso's stay is confirmed, ${formatCalendarDayWeekday(checkIn)}`);
    expect(text!.body).toContain(`${siteUrl}/trips`);

    await cancelStay(db, userId, stay.id, { siteUrl, now });
    const texts = await db.select().from(smsQueue).where(eq(smsQueue.stayId, stay.id));
    expect(texts).toHaveLength(2);
    expect(texts.find((t) => t.id !== text!.id)!.body).toContain(`${business.name}: Miso's stay, ${formatCalendarDayWeekday(checkIn)}`);
    expect(texts.find((t) => t.id !== text!.id)!.body).toContain("is cancelled");

    const telephony = createTelephony(loadEnv({ NODE_ENV: "test" }), db, createLogger("silent"));
    // A batch large enough for every text the other tests queued too.
    const env = loadEnv({ NODE_ENV: "test" });
    await Promise.all([deliverQueuedSms({ db, telephony, env }, now, 1000), deliverQueuedSms({ db, telephony, env }, now, 1000)]);
    const sent = await db.select().from(telephonyEvents).where(eq(telephonyEvents.to, mobile));
    expect(sent.map((e) => e.body).sort()).toEqual(texts.map((t) => t.body).sort());
  });

  it("queues the mail but holds back the text when a stay is booked for a mobile that replied STOP, saying why", async () => {
    const { db } = database;
    const line = String(crypto.randomInt(2000, 10000));
    const mobile = `+1949248${line}`;
    const { userId, catIds } = await household(db, { mobilePhone: `(949) 248-${line}` });
    await optOut(db, mobile, "stop", now);
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(145);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    const mails = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    const texts = await db.select().from(smsQueue).where(eq(smsQueue.stayId, stay.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe("queued");
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ toPhone: mobile, status: "withheld", sentAt: null });
    expect(texts[0]!.lastError).toContain("this number replied STOP");
  });

  it("queues neither text nor mail when the change's transaction rolls back", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(150);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );

    const rolledBack = await db
      .transaction(async (tx) => {
        await queueStayMail(tx, stay.id, "changed", siteUrl, now);
        throw new Error("the change failed after queuing its messages");
      })
      .catch((e: unknown) => (e as Error).message);
    expect(rolledBack).toBe("the change failed after queuing its messages");
    expect(await db.select().from(smsQueue).where(eq(smsQueue.stayId, stay.id))).toHaveLength(1);
    expect(await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id))).toHaveLength(1);
  });

  it("sends no text to a household without a mobile number; the mail still goes", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    await db.update(households).set({ mobilePhone: null }).where(householdOf(userId));
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(160);
    const stay = await bookStayFromForm(
      db,
      userId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds, suiteTypeId: type.id, arrangement: "together" },
      { siteUrl, now },
    );
    expect(await db.select().from(smsQueue).where(eq(smsQueue.stayId, stay.id))).toEqual([]);
    expect(await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id))).toHaveLength(1);
  });
});
