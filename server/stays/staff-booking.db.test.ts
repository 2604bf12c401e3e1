import { catForm } from "~/features/cats/schema";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database } from "../db/client";
import { calendarRules, households, mailQueue, stayEvents, suites } from "../db/schema/index";
import { createCat, householdForEmail } from "../households/households";
import { uploadVaccineRecord, verifyVaccineRecord } from "../households/vaccines";
import { AppError } from "../http/errors";
import { TEST_PDF, testHousehold } from "../testing/households";
import { weekdayOnOrAfter } from "../testing/dates";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";
import { bookStayForHousehold, occupancyGrid } from "./staff";
import { bookStay } from "./book";
import { listHouseholdStays } from "./views";

let database: Database;
const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";
const staff = "desk@example.com";

/** Days 200 to 230 ask a 50% deposit online (ADR 0132); the other tests book before them. */
const DEPOSIT_FROM = 200;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(calendarRules).values({
    kind: "peak",
    name: "Test deposit weeks",
    startsOn: addBusinessDays(today, DEPOSIT_FROM),
    endsOn: addBusinessDays(today, DEPOSIT_FROM + 30),
    depositPercent: 50,
  });
});
afterAll(() => database.close());

/** A Monday on or after `days` from today: arrivals are open Monday to Friday. */
const mondayIn = (days: number) => weekdayOnOrAfter(addBusinessDays(today, days), 1);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("staff booking a stay for a household", () => {
  it("books the customer's stay through the same rules: confirmed, mailed to the customer, on My Trips and on the grid, the staff member in its log", async () => {
    const { db } = database;
    const customer = await testHousehold(db, now, { cats: ["Miso", "Tofu"], medicated: ["Miso", "Tofu"] });
    const type = await testSuiteType(db, 1);
    const checkIn = mondayIn(20);
    const checkOut = addBusinessDays(checkIn, 3);
    const stay = await bookStayForHousehold(
      db,
      customer.householdId,
      { checkIn, checkOut, catIds: customer.catIds, suiteTypeId: type.id, arrangement: "together", notes: "Booked by phone" },
      staff,
      { siteUrl, now },
    );

    // The price an online booking gets: two cats sharing at 50 + 20 a night, medication for both (their profiles list one), and a new
    // customer's first night's room free.
    expect(stay).toMatchObject({
      status: "confirmed",
      householdId: customer.householdId,
      totalCents: 3 * 7000 + 2 * 3 * 500 - 7000,
      firstNightFreeCents: 7000,
      depositCents: 0,
    });
    expect(await db.select({ actor: stayEvents.actor, kind: stayEvents.kind }).from(stayEvents).where(eq(stayEvents.stayId, stay.id))).toEqual([
      { actor: `staff:${staff}`, kind: "booked" },
    ]);
    const [mail] = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mail).toMatchObject({ toAddress: customer.user.email, status: "queued" });
    expect(mail!.message.subject).toMatch(/^Your stay is confirmed/);

    const trips = await listHouseholdStays(db, customer.user.id);
    expect(trips).toMatchObject([{ id: stay.id, status: "confirmed", catNames: ["Miso", "Tofu"], notes: "Booked by phone" }]);
    const [suite] = await db.select().from(suites).where(eq(suites.suiteTypeId, type.id));
    const row = (await occupancyGrid(db, checkIn, 3)).rows.find((r) => r.suiteId === suite!.id);
    expect(row!.nights.map((n) => n?.stayId)).toEqual([stay.id, stay.id, stay.id]);
    expect(row!.nights[0]!.label).toBe("Miso & Tofu (Ana Ruiz)");
  });

  it("takes no online deposit on dates that ask one: confirmed at once, where the customer's own booking waits for the deposit", async () => {
    const { db } = database;
    const type = await testSuiteType(db, 2);
    const checkIn = mondayIn(DEPOSIT_FROM + 7);
    const ask = { checkIn, checkOut: addBusinessDays(checkIn, 2), suiteTypeId: type.id, arrangement: "together" } as const;
    const online = await testHousehold(db, now);
    const atDesk = await testHousehold(db, now);

    expect(await bookStay(db, online.user.id, { ...ask, catIds: online.catIds }, { siteUrl, now })).toMatchObject({
      status: "awaiting_payment",
      depositCents: 5000,
    });
    const stay = await bookStayForHousehold(db, atDesk.householdId, { ...ask, catIds: atDesk.catIds }, staff, { siteUrl, now });
    expect(stay).toMatchObject({ status: "confirmed", depositCents: 0, paymentDueAt: null, totalCents: 10_000 });
    expect(await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id))).toHaveLength(1);
  });

  it("holds the suite as pending review when a cat's vaccine record waits for staff, and says so to the customer", async () => {
    const { db } = database;
    const customer = await testHousehold(db, now, { verified: false });
    const type = await testSuiteType(db, 1);
    const checkIn = mondayIn(24);
    const stay = await bookStayForHousehold(
      db,
      customer.householdId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: customer.catIds, suiteTypeId: type.id, arrangement: "together" },
      staff,
      { siteUrl, now },
    );
    expect(stay.status).toBe("pending_review");
    const [mail] = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mail!.message.subject).not.toMatch(/confirmed/);
  });

  it("refuses a cat booked online for some of the nights, and a suite type with no suite free, with the customer's words", async () => {
    const { db } = database;
    const customer = await testHousehold(db, now);
    const other = await testHousehold(db, now);
    const type = await testSuiteType(db, 1);
    const roomy = await testSuiteType(db, 3);
    const checkIn = mondayIn(28);
    const ask = { checkIn, checkOut: addBusinessDays(checkIn, 3), arrangement: "together" } as const;
    await bookStay(db, customer.user.id, { ...ask, catIds: customer.catIds, suiteTypeId: roomy.id }, { siteUrl, now });

    const twice = await refusal(
      bookStayForHousehold(db, customer.householdId, { ...ask, checkIn: addBusinessDays(checkIn, 1), catIds: customer.catIds, suiteTypeId: type.id }, staff, {
        siteUrl,
        now,
      }),
    );
    expect(twice).toMatchObject({ status: 409, code: "CAT_ALREADY_BOOKED" });
    expect(twice.message).toContain("Miso");

    await bookStayForHousehold(db, other.householdId, { ...ask, catIds: other.catIds, suiteTypeId: type.id }, staff, { siteUrl, now });
    const third = await testHousehold(db, now);
    expect(
      await refusal(bookStayForHousehold(db, third.householdId, { ...ask, catIds: third.catIds, suiteTypeId: type.id }, staff, { siteUrl, now })),
    ).toMatchObject({ status: 409, code: "NO_SUITE_FREE" });
    expect(await listHouseholdStays(db, third.user.id)).toEqual([]);
  });

  it("refuses an unknown household and another household's cat", async () => {
    const { db } = database;
    const customer = await testHousehold(db, now);
    const other = await testHousehold(db, now);
    const type = await testSuiteType(db, 1);
    const checkIn = mondayIn(32);
    const ask = { checkIn, checkOut: addBusinessDays(checkIn, 2), suiteTypeId: type.id, arrangement: "together" } as const;
    expect(await refusal(bookStayForHousehold(db, crypto.randomUUID(), { ...ask, catIds: customer.catIds }, staff, { siteUrl, now }))).toMatchObject({
      status: 404,
      code: "HOUSEHOLD_NOT_FOUND",
    });
    expect(await refusal(bookStayForHousehold(db, "not-an-id", { ...ask, catIds: customer.catIds }, staff, { siteUrl, now }))).toMatchObject({ status: 404 });
    expect(await refusal(bookStayForHousehold(db, customer.householdId, { ...ask, catIds: other.catIds }, staff, { siteUrl, now }))).toMatchObject({
      status: 404,
      code: "CAT_NOT_FOUND",
    });
  });

  it("books for someone who has never signed in: the household their e-mail signs in to, created for them", async () => {
    const { db } = database;
    const email = `New.Customer-${crypto.randomUUID()}@Example.com`;
    const found = await householdForEmail(db, email);
    expect(await db.select().from(households).where(eq(households.id, found.householdId))).toHaveLength(1);
    // The customer's cat and its verified vaccine, as they (or staff at the desk) would add them.
    const cat = await createCat(db, found.userId, catForm.parse({ name: "Pepper", sex: "male", spayedNeutered: "yes", felvFivStatus: "negative" }), now);
    const expiresOn = addBusinessDays(today, 400);
    const record = await uploadVaccineRecord(db, found.userId, cat.id, { vaccine: "fvrcp", expiresOn, document: { bytes: TEST_PDF, name: "fvrcp.pdf" } }, now);
    await verifyVaccineRecord(db, record.id, { expiresOn }, staff, now);
    const type = await testSuiteType(db, 1);
    const checkIn = mondayIn(36);

    const stay = await bookStayForHousehold(
      db,
      found.householdId,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: [cat.id], suiteTypeId: type.id, arrangement: "together" },
      staff,
      { siteUrl, now },
    );
    // Signing in later with the address in any case reaches the same household, and the stay on its My Trips.
    expect((await householdForEmail(db, email.toUpperCase())).householdId).toBe(found.householdId);
    expect((await listHouseholdStays(db, found.userId)).map((s) => s.id)).toEqual([stay.id]);
    const [mail] = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mail!.toAddress).toBe(email.toLowerCase());
  });
});
