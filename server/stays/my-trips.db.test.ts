import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/trips";
import type { StayStatus } from "~/domain/stay-status";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database } from "../db/client";
import { appointments, payments, stays } from "../db/schema/index";
import { loadEnv } from "../env";
import { weekdayOnOrAfter } from "../testing/dates";
import { testHousehold } from "../testing/households";
import { testRequestContext } from "../testing/request-context";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { joinWaitlist } from "./waitlist";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });

type MyTrips = Extract<Awaited<ReturnType<typeof loader>>, { signedIn: true }>;

/** My Trips' loader data for the signed-in `cookie`, as the page gets it. */
async function myTrips(cookie: string, query = ""): Promise<MyTrips> {
  const request = new Request(`http://localhost/trips${query}`, { headers: { cookie } });
  const result = await loader({ request, context: testRequestContext(env, database.db), params: {} } as Parameters<typeof loader>[0]);
  if (!result.signedIn) throw new Error("not signed in");
  return result;
}

/** A customer with a household and a cat, signed in. */
async function customer() {
  const { user, householdId, catIds } = await testHousehold(database.db, now);
  return { userId: user.id, householdId, catIds, cookie: await sessionCookieFor(database.db, user.email) };
}

/** A stay of the household's as it is stored (no suite: the list needs none), from `days` ahead for two nights. */
async function stay(householdId: string, days: number, status: StayStatus, extra: Partial<typeof stays.$inferInsert> = {}) {
  const checkIn = addBusinessDays(today, days);
  const [row] = await database.db
    .insert(stays)
    .values({ householdId, status, checkIn, checkOut: addBusinessDays(checkIn, 2), totalCents: 10_000, priceLines: [], cancellationTiers: [], ...extra })
    .returning();
  return row!;
}

describe("My Trips", () => {
  it("lists a household's only waitlist entry, with the way to leave it, on every load", async () => {
    const ana = await customer();
    const checkIn = weekdayOnOrAfter(addBusinessDays(today, 40), 1);
    const entry = await joinWaitlist(database.db, ana.userId, { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: ana.catIds, flexDays: 0 }, now);

    const justJoined = await myTrips(ana.cookie, `?waitlisted=${entry.id}`);
    expect(justJoined.status).toContain("You're on the waitlist");
    for (const page of [justJoined, await myTrips(ana.cookie)]) {
      expect(page.empty).toBe(false);
      expect(page.waitlist).toEqual([{ id: entry.id, checkIn: entry.checkIn, checkOut: entry.checkOut, flexDays: 0 }]);
    }
    // With nothing at all, the page says so.
    expect((await myTrips((await customer()).cookie)).empty).toBe(true);
  });

  it("lists upcoming stays soonest first, past ones latest first, and cancelled ones apart", async () => {
    const ben = await customer();
    // Booked in an order of their own: the list's order is the dates'.
    const later = await stay(ben.householdId, 60, "confirmed");
    const sooner = await stay(ben.householdId, 20, "pending_review");
    const cancelled = await stay(ben.householdId, 40, "cancelled");
    const expired = await stay(ben.householdId, 30, "expired");
    const between = await stay(ben.householdId, 45, "confirmed");
    const longAgo = await stay(ben.householdId, -60, "checked_out");
    const lastWeek = await stay(ben.householdId, -9, "checked_out");

    const { stays: lists } = await myTrips(ben.cookie);
    const ids = (items: { stay: { id: string } }[]) => items.map((s) => s.stay.id);
    expect(ids(lists.upcoming)).toEqual([sooner.id, between.id, later.id]);
    expect(ids(lists.past)).toEqual([lastWeek.id, longAgo.id]);
    expect(ids(lists.cancelled)).toEqual([cancelled.id, expired.id]);
  });

  it("says in the cancel panel what of a paid deposit goes back to the card", async () => {
    const cleo = await customer();
    const checkIn = addBusinessDays(today, 50);
    // Free to cancel until a week before check-in, $25 after.
    const tiers = [
      { from: today, feeCents: 0 },
      { from: addBusinessDays(checkIn, -7), feeCents: 2_500 },
    ];
    const paid = await stay(cleo.householdId, 50, "confirmed", { depositCents: 4_000, cancellationTiers: tiers });
    const unpaid = await stay(cleo.householdId, 70, "confirmed", { cancellationTiers: tiers });
    await database.db.insert(payments).values({
      stayId: paid.id,
      provider: "simulated",
      checkoutSessionId: `sim_cs_${crypto.randomUUID().replaceAll("-", "")}`,
      amountCents: 4_000,
      status: "paid",
      paidAt: now,
    });

    const { stays: lists } = await myTrips(cleo.cookie);
    const card = (id: string) => lists.upcoming.find((s) => s.stay.id === id)!;
    expect(card(paid.id)).toMatchObject({ cancellable: true, cancelFeeToday: 0, cancelRefundText: "$40.00 goes back to your card: your whole deposit." });
    expect(card(unpaid.id).cancelRefundText).toBeNull();
  });

  it("lists a stay staff made as an appointment like any stay, to be changed by staff, not online", async () => {
    const dana = await customer();
    const online = await stay(dana.householdId, 25, "confirmed");
    // As migration 0016 carried it over: a stay without a suite, its cats and times in its notes, linked to its appointment.
    const carried = await stay(dana.householdId, 35, "confirmed", {
      totalCents: 0,
      notes: "Booked by staff as Cat Boarding: arrives 10:00 AM, leaves 12:00 PM.\nCats: Miso",
    });
    await database.db.insert(appointments).values({
      householdId: dana.householdId,
      stayId: carried.id,
      customerEmail: `dana-${crypto.randomUUID()}@example.com`,
      serviceId: "cat-boarding",
      startsAt: new Date(Date.parse(`${carried.checkIn}T18:00:00Z`)),
      endsAt: new Date(Date.parse(`${carried.checkOut}T20:00:00Z`)),
      createdBy: "staff@example.com",
      updatedBy: "staff@example.com",
    });

    const page = await myTrips(dana.cookie);
    expect(page.stays.upcoming.map((s) => [s.stay.id, s.stay.notes])).toEqual([
      [online.id, ""],
      [carried.id, "Booked by staff as Cat Boarding: arrives 10:00 AM, leaves 12:00 PM.\nCats: Miso"],
    ]);
    const card = page.stays.upcoming.find((s) => s.stay.id === carried.id)!;
    expect(card).toMatchObject({ cancellable: true, changeable: false });
    // Asking for new dates by hand says why not, rather than failing.
    const asked = await myTrips(
      dana.cookie,
      `?change=${carried.id}&checkIn=${addBusinessDays(carried.checkIn, 1)}&checkOut=${addBusinessDays(carried.checkOut, 1)}`,
    );
    expect(asked.change).toMatchObject({ stayId: carried.id, quote: null, error: expect.stringContaining("Please call us") as unknown });
  });
});
