import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { customerActor, listCustomerAppointments } from "../appointments/appointments";
import type { Database, Db } from "../db/client";
import { groomers, suiteTypes, suites } from "../db/schema/index";
import { AppError } from "../http/errors";
import { cancelStay } from "../stays/cancel";
import { bookStayFromForm } from "../testing/stay-forms";
import { createTestDatabase } from "../testing/test-database";
import { bookGroom, quoteGroom } from "./grooming";
import { stayForGroom } from "./stay-groom";
import { householdAccount } from "../households/households";
import { type TestHouseholdOptions, testHousehold } from "../testing/households";
import { weekdayOnOrAfter } from "../testing/dates";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  // The groomers work 8 AM to 6 PM every day without a break here, so the stay's departure windows
  // (Monday to Friday 9-12 and 1-5) are what narrows the times, not the groomer's hours.
  const allDay = Array.from({ length: 7 }, () => [{ from: "08:00", to: "18:00" }]);
  await database.db.update(groomers).set({ workingHours: allDay, breaks: Array.from({ length: 7 }, () => []) });
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";

/** A Monday some weeks out: each test takes its own, so stays and grooms never meet. */
const mondayIn = (days: number) => weekdayOnOrAfter(addBusinessDays(today, days), 1);

/** A new household with cats whose FVRCP is verified until `fvrcpUntil`. */
async function household(db: Db, options: TestHouseholdOptions = {}) {
  return testHousehold(db, now, options);
}

/** A stay from Monday to Tuesday in a suite type of its own. */
async function stayFor(db: Db, customer: Awaited<ReturnType<typeof household>>, checkIn: string) {
  const [type] = await db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats: 2, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  await db.insert(suites).values({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` });
  return bookStayFromForm(
    db,
    customer.user.id,
    { checkIn, checkOut: addBusinessDays(checkIn, 1), catIds: customer.catIds, suiteTypeId: type!.id, arrangement: "together" },
    { siteUrl, now },
  );
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a groom from a stay", () => {
  it("is prefilled with the stay's departure day and cats, and offers only times inside the departure windows", async () => {
    const { db } = database;
    const customer = await household(db, { cats: ["Miso", "Tofu"] });
    const stay = await stayFor(db, customer, mondayIn(14));
    const departure = addBusinessDays(stay.checkIn, 1);

    const prefill = await stayForGroom(db, customer.user.id, stay.id, today);
    expect(prefill).toEqual({
      id: stay.id,
      checkOut: departure,
      catIds: expect.arrayContaining(customer.catIds),
      departureWindows: [
        { from: "09:00", to: "12:00" },
        { from: "13:00", to: "17:00" },
      ],
    });
    expect(prefill.catIds).toHaveLength(2);

    const ask = { serviceId: "full-grooming", catIds: [customer.catIds[0]!], day: departure };
    const anyDay = (await quoteGroom(db, customer.user.id, ask, now)).times.map((t) => t.time);
    expect(anyDay).toEqual(expect.arrayContaining(["08:00", "11:00", "16:00"]));
    const fromStay = await quoteGroom(db, customer.user.id, { ...ask, stayId: stay.id }, now);
    const offered = fromStay.times.map((t) => t.time);
    // A 90-minute groom: 9:00 to 10:30 ends by noon, 1:00 to 3:30 PM ends by 5.
    expect(offered[0]).toBe("09:00");
    expect(offered).toContain("10:30");
    expect(offered).toContain("15:30");
    for (const outside of ["08:00", "10:45", "11:00", "12:00", "15:45", "16:00"]) expect(offered).not.toContain(outside);
    expect(fromStay.stay?.id).toBe(stay.id);

    // Not another day, and not a time outside the windows, even when the groomer is free then.
    expect(await refusal(quoteGroom(db, customer.user.id, { ...ask, day: stay.checkIn, stayId: stay.id }, now))).toMatchObject({
      status: 400,
      code: "NOT_DEPARTURE_DAY",
    });
    expect(await refusal(bookGroom(db, customer.user, { ...ask, stayId: stay.id, time: "08:00" }, { siteUrl, now }))).toMatchObject({
      status: 409,
      code: "TIME_NOT_FREE",
    });
    const groom = await bookGroom(db, customer.user, { ...ask, stayId: stay.id, time: "13:00" }, { siteUrl, now });
    expect(groom).toMatchObject({ status: "Confirmed", catNames: "Miso" });
  });

  it("answers 404 for another household's stay, and refuses a cancelled one", async () => {
    const { db } = database;
    const owner = await household(db);
    const stranger = await household(db);
    const stay = await stayFor(db, owner, mondayIn(21));
    const departure = addBusinessDays(stay.checkIn, 1);

    expect(await refusal(stayForGroom(db, stranger.user.id, stay.id, today))).toMatchObject({ status: 404, code: "STAY_NOT_FOUND" });
    expect(await refusal(stayForGroom(db, owner.user.id, "not-an-id", today))).toMatchObject({ status: 404 });
    const strangerAsk = { serviceId: "full-grooming", catIds: stranger.catIds, day: departure, stayId: stay.id };
    expect(await refusal(quoteGroom(db, stranger.user.id, strangerAsk, now))).toMatchObject({ status: 404, code: "STAY_NOT_FOUND" });
    expect(await refusal(bookGroom(db, stranger.user, { ...strangerAsk, time: "09:00" }, { siteUrl, now }))).toMatchObject({ status: 404 });

    await cancelStay(db, owner.user.id, stay.id, { siteUrl, now });
    expect(await refusal(stayForGroom(db, owner.user.id, stay.id, today))).toMatchObject({ status: 409, code: "STAY_NOT_GROOMABLE" });
  });
});

describe("staff booking a groom for a customer", () => {
  it("books for the household with the customer's rules, shows on the customer's appointments, and is refused on a taken time", async () => {
    const { db } = database;
    const day = addBusinessDays(mondayIn(28), 2);
    const customer = await household(db);
    const account = await householdAccount(db, customer.householdId);
    expect(account).toMatchObject({ id: customer.user.id, email: customer.user.email });
    expect(await refusal(householdAccount(db, crypto.randomUUID()))).toMatchObject({ status: 404 });

    const ask = { serviceId: "full-grooming", catIds: customer.catIds, day, time: "09:00" };
    const groom = await bookGroom(db, account, ask, { siteUrl, now, bookedBy: "Staff@Example.com" });
    expect(groom).toMatchObject({ status: "Confirmed", customerEmail: customer.user.email.toLowerCase(), createdBy: "staff@example.com" });
    const listed = await listCustomerAppointments(db, customerActor(customer.user), now);
    expect(listed.upcoming.map((a) => a.id)).toEqual([groom.id]);

    // The one groomer's 9:00 is taken: staff are refused for another household, with the reason.
    const other = await household(db);
    const taken = await refusal(
      bookGroom(db, await householdAccount(db, other.householdId), { ...ask, catIds: other.catIds }, { siteUrl, now, bookedBy: "staff@example.com" }),
    );
    expect(taken).toMatchObject({ status: 409, code: "TIME_NOT_FREE", message: "That time is no longer free. Please choose another time." });

    // The vaccine rule holds for staff too, and says which cat and why.
    const lapsed = await household(db, { cats: ["Pip"], fvrcpUntil: addBusinessDays(day, -1) });
    const refused = await refusal(
      bookGroom(
        db,
        await householdAccount(db, lapsed.householdId),
        { ...ask, catIds: lapsed.catIds, time: "13:00" },
        { siteUrl, now, bookedBy: "staff@example.com" },
      ),
    );
    expect(refused).toMatchObject({ status: 409, code: "VACCINES_NOT_COVERED" });
    expect(refused.message).toContain("Pip");
  });

  it("takes a time once when staff and the customer race for it", async () => {
    const { db } = database;
    const day = addBusinessDays(mondayIn(35), 2);
    const staffSide = await household(db);
    const online = await household(db);
    const ask = { serviceId: "full-grooming", day, time: "11:00" };
    const outcomes = await Promise.allSettled([
      bookGroom(db, await householdAccount(db, staffSide.householdId), { ...ask, catIds: staffSide.catIds }, { siteUrl, now, bookedBy: "staff@example.com" }),
      bookGroom(db, online.user, { ...ask, catIds: online.catIds }, { siteUrl, now }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const [failed] = outcomes.filter((o) => o.status === "rejected");
    expect((failed as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: "TIME_NOT_FREE" });
  });
});
