import crypto from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekdayOf } from "~/domain/calendar";
import { catAlreadyBookedText } from "~/domain/stay-wording";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { stayCats, staySuites, stays, suiteTypes, suites, waitlistEntries } from "../db/schema/index";
import { constraintOf, sqlStateOf } from "../db/sql-state";
import { AppError } from "../http/errors";
import { createTestDatabase, testDatabaseKind } from "../testing/test-database";
import { testHousehold } from "../testing/households";
import { loadStaySettings, rulesBetween } from "./calendar";
import { changeStayAtDesk, occupancyGrid } from "./staff";
import { holdStay } from "./book";
import { cancelStay } from "./cancel";
import { changeStayCats, quoteStayCats } from "./change-cats";
import { changeStayDates, quoteStayChange } from "./change-dates";
import { householdCats } from "./household-cats";
import { quoteStay } from "./quote";
import { bookStayFromForm } from "../testing/stay-forms";
import { joinWaitlist, runWaitlist } from "./waitlist";

/** A cat sleeps in one suite a night (ADR 0141): every path that books nights for a cat, and the database under them. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";

/** A Monday at least `days` out: arrivals are open Monday to Friday; each test keeps to its own weeks. */
function mondayIn(days: number): string {
  let date = addBusinessDays(today, days);
  while (weekdayOf(date) !== 1) date = addBusinessDays(date, 1);
  return date;
}

async function household(db: Db, cats: string[] = ["Miso"]) {
  const { user, catIds } = await testHousehold(db, now, { cats });
  return { userId: user.id, catIds };
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

const book = (
  db: Db,
  userId: string,
  catIds: string[],
  suiteTypeId: string,
  checkIn: string,
  checkOut: string,
  arrangement: "together" | "separate" = "together",
) => bookStayFromForm(db, userId, { checkIn, checkOut, catIds, suiteTypeId, arrangement }, { siteUrl, now });

describe("a cat booked twice for a night", () => {
  it("is refused on the second booking in another suite, naming the cat and the nights it is booked for; the quote says so first", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 3);
    const checkIn = mondayIn(20);
    const first = await book(db, userId, catIds, type.id, checkIn, addBusinessDays(checkIn, 3));

    const message = catAlreadyBookedText("Miso", first);
    expect(message).toMatch(/^Miso is already booked for \w{3}, \w{3} \d+, \d{4} to \w{3}, \w{3} \d+, \d{4}\./);
    const again = await refusal(book(db, userId, catIds, type.id, addBusinessDays(checkIn, 1), addBusinessDays(checkIn, 4)));
    expect(again).toMatchObject({ status: 409, code: "CAT_ALREADY_BOOKED", message });
    // The booking page's first step says it under the cats, before any suite is offered.
    const quote = await quoteStay(db, userId, { checkIn: addBusinessDays(checkIn, 2), checkOut: addBusinessDays(checkIn, 4), catIds }, new Date());
    expect(quote.problems).toEqual([{ field: "catIds", message }]);
    expect(quote.options).toEqual([]);
    expect(
      await db
        .select()
        .from(stays)
        .where(eq(stays.checkIn, addBusinessDays(checkIn, 1))),
    ).toEqual([]);
  });

  it("allows back-to-back stays (the check-out day is the next check-in day), and a cancelled stay blocks nothing", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(40);
    const first = await book(db, userId, catIds, type.id, checkIn, addBusinessDays(checkIn, 2));
    const next = await book(db, userId, catIds, type.id, addBusinessDays(checkIn, 2), addBusinessDays(checkIn, 4));
    expect(next.status).toBe("confirmed");

    await cancelStay(db, userId, first.id, { siteUrl, now });
    const instead = await book(db, userId, catIds, type.id, checkIn, addBusinessDays(checkIn, 2));
    expect(instead.status).toBe("confirmed");
    // A declined stay frees its cats as it frees its suites.
    const waiting = await testHousehold(db, now, { verified: false });
    const nights = [addBusinessDays(checkIn, 7), addBusinessDays(checkIn, 8)] as const;
    const pending = await book(db, waiting.user.id, waiting.catIds, type.id, ...nights);
    await changeStayAtDesk(db, pending.id, "decline", "owner@example.com", { siteUrl, now });
    expect(await book(db, waiting.user.id, waiting.catIds, type.id, ...nights)).toMatchObject({ status: "pending_review" });
  });

  it("is refused by the database whatever the code does, and a row's nights are always its suite's", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(60);
    const first = await book(db, userId, catIds, type.id, checkIn, addBusinessDays(checkIn, 3));
    const [firstRoom] = await db.select().from(staySuites).where(eq(staySuites.stayId, first.id));
    const [other] = await db
      .select()
      .from(suites)
      .where(and(eq(suites.suiteTypeId, type.id), ne(suites.id, firstRoom!.suiteId)));
    // A second stay written straight to the tables, past every check in the code.
    const [stay] = await db
      .insert(stays)
      .values({
        householdId: first.householdId,
        status: "confirmed",
        checkIn: addBusinessDays(checkIn, 2),
        checkOut: addBusinessDays(checkIn, 5),
        totalCents: 1,
        priceLines: [],
        cancellationTiers: [],
      })
      .returning();
    const [room] = await db
      .insert(staySuites)
      .values({ stayId: stay!.id, suiteId: other!.id, suiteTypeId: type.id, checkIn: stay!.checkIn, checkOut: stay!.checkOut })
      .returning();
    // The dates the statement gives are not what is stored: the suite row's are.
    const error = await db
      .insert(stayCats)
      .values({ stayId: stay!.id, staySuiteId: room!.id, catId: catIds[0]!, catName: "Miso", checkIn: "2001-01-01", checkOut: "2001-01-02" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlStateOf(error)).toBe("23P01");
    expect(constraintOf(error)).toBe("stay_cats_no_overlap");

    // Moved to the nights after the first stay, the row is allowed; moving its suite row back is refused.
    await db
      .update(staySuites)
      .set({ checkIn: addBusinessDays(checkIn, 3), checkOut: addBusinessDays(checkIn, 5) })
      .where(eq(staySuites.id, room!.id));
    await db
      .insert(stayCats)
      .values({ stayId: stay!.id, staySuiteId: room!.id, catId: catIds[0]!, catName: "Miso", checkIn: "2001-01-01", checkOut: "2001-01-02" });
    const [copy] = await db.select().from(stayCats).where(eq(stayCats.stayId, stay!.id));
    expect(copy).toMatchObject({ checkIn: addBusinessDays(checkIn, 3), checkOut: addBusinessDays(checkIn, 5), held: true, overlapAllowed: false });
    // Only migration 0012 marks a double booking made before it: a later statement cannot.
    await db.update(stayCats).set({ overlapAllowed: true }).where(eq(stayCats.stayId, stay!.id));
    expect((await db.select().from(stayCats).where(eq(stayCats.stayId, stay!.id)))[0]!.overlapAllowed).toBe(false);
    const back = await db
      .update(staySuites)
      .set({ checkIn: addBusinessDays(checkIn, 2) })
      .where(eq(staySuites.id, room!.id))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(constraintOf(back)).toBe("stay_cats_no_overlap");
    // Released, the row no longer holds the cat: its nights may overlap.
    await db.update(staySuites).set({ releasedAt: now }).where(eq(staySuites.id, room!.id));
    await db
      .update(staySuites)
      .set({ checkIn: addBusinessDays(checkIn, 2) })
      .where(eq(staySuites.id, room!.id));
    const [released] = await db.select().from(stayCats).where(eq(stayCats.stayId, stay!.id));
    expect(released).toMatchObject({ checkIn: addBusinessDays(checkIn, 2), held: false });
  });

  it("refuses moving a stay's dates onto nights its cat is booked for, in the quote and in the change", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(80);
    const first = await book(db, userId, catIds, type.id, checkIn, addBusinessDays(checkIn, 2));
    const later = await book(db, userId, catIds, type.id, addBusinessDays(checkIn, 7), addBusinessDays(checkIn, 9));
    const onto = { stayId: later.id, checkIn: addBusinessDays(checkIn, 1), checkOut: addBusinessDays(checkIn, 3) };
    const message = catAlreadyBookedText("Miso", first);
    expect(await refusal(quoteStayChange(db, userId, onto, now))).toMatchObject({ code: "CAT_ALREADY_BOOKED", message });
    expect(await refusal(changeStayDates(db, userId, onto, { siteUrl, now }))).toMatchObject({ code: "CAT_ALREADY_BOOKED", message });
    const [unchanged] = await db.select().from(stays).where(eq(stays.id, later.id));
    expect(unchanged).toMatchObject({ checkIn: later.checkIn, checkOut: later.checkOut });
    // Its own nights do not count: moving within them, or back to back, is fine.
    const moved = await changeStayDates(
      db,
      userId,
      { stayId: later.id, checkIn: addBusinessDays(checkIn, 2), checkOut: addBusinessDays(checkIn, 8) },
      { siteUrl, now },
    );
    expect(moved).toMatchObject({ checkIn: addBusinessDays(checkIn, 2) });
  });

  it("refuses adding a cat to a stay on nights that cat is booked for elsewhere, in the quote and in the change", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db, ["Miso", "Tofu"]);
    const [miso, tofu] = catIds as [string, string];
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(100);
    const mine = await book(db, userId, [miso], type.id, checkIn, addBusinessDays(checkIn, 3));
    const tofus = await book(db, userId, [tofu], type.id, addBusinessDays(checkIn, 1), addBusinessDays(checkIn, 2));
    const message = catAlreadyBookedText("Miso", mine);
    expect(await refusal(quoteStayCats(db, userId, { stayId: tofus.id, catIds: [tofu, miso] }, now))).toMatchObject({ code: "CAT_ALREADY_BOOKED", message });
    expect(await refusal(changeStayCats(db, userId, { stayId: tofus.id, catIds: [tofu, miso] }, { siteUrl, now }))).toMatchObject({
      code: "CAT_ALREADY_BOOKED",
      message,
    });
    expect((await db.select().from(stayCats).where(eq(stayCats.stayId, tofus.id))).map((c) => c.catName)).toEqual(["Tofu"]);
    // Adding Tofu to Miso's stay is refused the same way, naming Tofu and Tofu's stay.
    const swapped = await changeStayCats(db, userId, { stayId: mine.id, catIds: [miso, tofu] }, { siteUrl, now }).then(
      () => "changed",
      (e: AppError) => e.message,
    );
    expect(swapped).toBe(catAlreadyBookedText("Tofu", tofus));
  });

  it("gives 20 concurrent bookings of one cat in 20 suite types exactly one stay; the others are told the cat is booked", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db);
    const types = [];
    for (let i = 0; i < 20; i++) types.push(await suiteTypeWith(db, 1));
    const checkIn = mondayIn(120);
    const outcomes = await Promise.allSettled(types.map((type) => book(db, userId, catIds, type.id, checkIn, addBusinessDays(checkIn, 2))));
    const booked = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    expect(booked).toHaveLength(1);
    const messages = new Set(outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as AppError).message] : [])));
    expect(messages).toEqual(new Set([catAlreadyBookedText("Miso", booked[0]!)]));
    expect(
      await db
        .select()
        .from(stayCats)
        .where(and(eq(stayCats.catId, catIds[0]!), eq(stayCats.held, true))),
    ).toHaveLength(1);
  });

  it.skipIf(testDatabaseKind !== "postgres")(
    "answers a booking the constraint refused (the other committed after its check) in the same words as the check",
    async () => {
      const { db } = database;
      const { userId, catIds } = await household(db);
      const [a, b] = [await suiteTypeWith(db, 1), await suiteTypeWith(db, 1)];
      const checkIn = mondayIn(140);
      const checkOut = addBusinessDays(checkIn, 2);
      const cats = await householdCats(db, userId, catIds);
      let racing: Promise<unknown> | undefined;
      let waited = false;
      const held = await db.transaction(async (txDb) => {
        const tx = txDb;
        const settings = await loadStaySettings(tx);
        const rules = await rulesBetween(tx, checkIn, checkOut);
        const stay = await holdStay(tx, {
          cats,
          type: a,
          arrangement: "together",
          checkIn,
          checkOut,
          medicationCats: 0,
          notes: "",
          status: "confirmed",
          settings,
          rules,
          today,
          now,
          actor: "test",
        });
        // The other booking checks while this one is uncommitted, finds the cat free, and waits on the constraint.
        racing = book(db, userId, catIds, b.id, checkIn, checkOut).then(
          () => null,
          (e: unknown) => e,
        );
        for (let i = 0; i < 200; i++) {
          const rows = await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          waited = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
          if (waited) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        return stay;
      });
      expect(waited).toBe(true);
      const error = (await racing) as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.message).toBe(catAlreadyBookedText("Miso", held));
    },
  );

  it("shows each cat of a stay in separate suites in its own suite on the staff's grid", async () => {
    const { db } = database;
    const { userId, catIds } = await household(db, ["Miso", "Tofu"]);
    const type = await suiteTypeWith(db, 2);
    const checkIn = mondayIn(160);
    const stay = await book(db, userId, catIds, type.id, checkIn, addBusinessDays(checkIn, 2), "separate");
    const grid = await occupancyGrid(db, checkIn, 2);
    const labels = grid.rows.flatMap((r) => (r.nights[0]?.stayId === stay.id ? [r.nights[0].label] : []));
    expect(labels.sort()).toEqual(["Miso (Ana Ruiz)", "Tofu (Ana Ruiz)"]);
  });
});

describe("the waitlist and a cat booked already", () => {
  it("refuses joining for nights the cat is booked; a pass records the refusal on an entry whose cat was booked since, and still offers the next", async () => {
    const { db } = database;
    const first = await household(db);
    const next = await household(db, ["Tofu"]);
    const type = await suiteTypeWith(db, 1);
    const checkIn = mondayIn(180);
    const checkOut = addBusinessDays(checkIn, 2);
    const entry = await joinWaitlist(db, first.userId, { checkIn, checkOut, catIds: first.catIds, flexDays: 0 }, now);
    const stay = await book(db, first.userId, first.catIds, type.id, checkIn, checkOut);
    const message = catAlreadyBookedText("Miso", stay);
    expect(await refusal(joinWaitlist(db, first.userId, { checkIn, checkOut, catIds: first.catIds, flexDays: 0 }, now))).toMatchObject({
      code: "CAT_ALREADY_BOOKED",
      message,
    });
    const later = await joinWaitlist(db, next.userId, { checkIn, checkOut, catIds: next.catIds, flexDays: 0 }, now);

    await runWaitlist(db, { siteUrl, now });
    const [skipped] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
    expect(skipped).toMatchObject({ status: "waiting", lastError: message });
    const [offered] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, later.id));
    expect(offered!.status).toBe("offered");
  });
});
