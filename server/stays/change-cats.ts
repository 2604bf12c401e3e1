import { and, eq, inArray, isNull } from "drizzle-orm";
import { type StayStatus } from "~/domain/stay-status";
import { cancellationTiers } from "~/domain/cancellation";
import { priceStay } from "~/domain/pricing";
import type { Arrangement, StayCatsRequest } from "~/features/stays/schema";
import { businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { staySuites, stayCats, stayEvents, stays, suiteTypes } from "../db/schema/index";
import { lockForBooking } from "../db/booking-lock";
import { vaccineCoverage } from "../households/vaccines";
import { AppError } from "../http/errors";
import { freeSuitesOfType, loadStayTerms } from "./calendar";
import type { StayChangeQuote } from "./change-dates";
import { lockBookedStay } from "./first-night";
import { householdCats, refuseCatsAlreadyBooked } from "./household-cats";
import { medicatedCats } from "./medication";
import { NO_SUITE_FREE, STAY_NOT_CHANGEABLE, type Stay, changeable, coverageRefusal, ownStay, requotedColumns, withSuiteRetry } from "./stay";
import { queueStayMail } from "./stay-mail";

/**
 * What the stay becomes with another set of the household's cats, on the same dates and in the same
 * arrangement: sharing one suite (up to the suite type's most cats) or one suite each, where a cat who
 * stays keeps its suite, a newcomer takes a suite a leaving cat had and then a free one of the same
 * type, and suites no cat needs any more are released. Priced at today's rates, with the same
 * vaccine check as booking. Throws the refusal a person can act on.
 */
async function planCatsChange(db: Db, userId: string, request: StayCatsRequest, now: Date, lock = false) {
  const today = businessDate(now);
  const stay = await ownStay(db, userId, request.stayId);
  if (!changeable(stay, today)) throw STAY_NOT_CHANGEABLE();
  const chosen = await householdCats(db, userId, request.catIds);
  // One read after another: in a transaction they share one connection.
  const rows = await db
    .select()
    .from(staySuites)
    .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt)));
  const guests = await db.select().from(stayCats).where(eq(stayCats.stayId, stay.id));
  const { settings, rules } = await loadStayTerms(db, stay.checkIn, stay.checkOut);
  const unchanged = guests.length === chosen.length && chosen.every((c) => guests.some((g) => g.catId === c.id));
  if (unchanged)
    throw new AppError(400, "CATS_UNCHANGED", "These are the cats already booked for this stay.", {
      fields: { catIds: "These are the cats already booked for this stay." },
    });
  const [type] = await db.select().from(suiteTypes).where(eq(suiteTypes.id, rows[0]!.suiteTypeId));
  // The stay keeps how it was booked: one suite shared, or (more than one suite) one for each cat.
  const arrangement: Arrangement = rows.length > 1 ? "separate" : "together";
  if (arrangement === "together" && chosen.length > type!.maxCats) {
    const most = `A ${type!.name} holds at most ${type!.maxCats} ${type!.maxCats === 1 ? "cat" : "cats"}.`;
    throw new AppError(400, "TOO_MANY_CATS", `${most} To bring more cats, book another stay or call us.`, { fields: { catIds: most } });
  }
  if (lock) await lockForBooking(db, { cat: chosen.map((c) => c.id) });
  await refuseCatsAlreadyBooked(db, chosen, stay, stay.id);
  const coverage = await vaccineCoverage(db, { userId, catIds: request.catIds, through: stay.checkOut, now });
  if (coverage.some((c) => c.state === "not-covered")) throw coverageRefusal(coverage);
  const status: StayStatus = coverage.some((c) => c.state === "awaiting-review") ? "pending_review" : "confirmed";

  // Which held row each cat sleeps in (`null`: a suite still to find), and the rows no cat needs.
  const kept = new Map(chosen.map((cat) => [cat.id, guests.find((g) => g.catId === cat.id && rows.some((r) => r.id === g.staySuiteId))?.staySuiteId ?? null]));
  // A leaving cat's suite goes to the next newcomer (taken off `vacated` in turn); what is left is released.
  const vacated = rows.filter((r) => arrangement === "separate" && ![...kept.values()].includes(r.id));
  const places = chosen.map((cat) => ({ cat, rowId: arrangement === "together" ? rows[0]!.id : (kept.get(cat.id) ?? vacated.shift()?.id ?? null) }));
  const newcomers = places.filter((p) => p.rowId === null).length;
  // The stay's own held suites are not free: a new suite is one no stay holds for these nights,
  // read (when changing, not quoting) under the suite type's lock.
  if (lock && newcomers > 0) await lockForBooking(db, { suiteType: [type!.id] });
  const rooms = newcomers === 0 ? [] : await freeSuitesOfType(db, type!.id, stay.checkIn, stay.checkOut, newcomers);
  if (rooms.length < newcomers) throw NO_SUITE_FREE();

  const medicated = await medicatedCats(db, { stayId: stay.id, catIds: request.catIds });
  const price = priceStay(settings, rules, {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    suites: arrangement === "together" ? [{ rates: type!, cats: chosen.length }] : chosen.map(() => ({ rates: type!, cats: 1 })),
    medicationCats: medicated.size,
    firstNightFree: stay.firstNightFreeCents > 0,
    referralCredit: stay.referralCreditCents > 0,
  });
  const tiers = cancellationTiers(settings, rules, { checkIn: stay.checkIn, checkOut: stay.checkOut, totalCents: price.totalCents, bookedOn: today });
  return { stay, type: type!, guests, places, rooms, released: vacated, price, tiers, status, medication: medicated.size > 0 };
}

export interface StayCatsQuote extends StayChangeQuote {
  catNames: string[];
}

/** What the stay would cost with these cats, for the customer to see before confirming. */
export async function quoteStayCats(db: Db, userId: string, input: StayCatsRequest, now: Date): Promise<StayCatsQuote> {
  const plan = await planCatsChange(db, userId, input, now);
  return {
    totalCents: plan.price.totalCents,
    differenceCents: plan.price.totalCents - plan.stay.totalCents,
    status: plan.status,
    catNames: plan.places.map((p) => p.cat.name),
  };
}

/**
 * Changes the stay's cats: releases the suites no cat needs, holds new ones (under the suite type's
 * lock; the exclusion constraint still refuses a suite a writer without it took, and the change runs
 * again), rewrites the cats and the price, and queues the mail, in one transaction.
 */
export async function changeStayCats(db: Db, userId: string, input: StayCatsRequest, ctx: { siteUrl: string; now: Date }): Promise<Stay> {
  const now = ctx.now;
  const { stayId, catIds } = input;
  return withSuiteRetry(db, async (tx) => {
    // The cats' and the person's locks, then the row (ADR 0199): a change racing another change, a
    // cancel or a booking of the household sees the other's result.
    await lockBookedStay(tx, stayId, catIds);
    const plan = await planCatsChange(tx, userId, input, now, true);
    const { stay } = plan;
    if (plan.released.length > 0)
      await tx
        .update(staySuites)
        .set({ releasedAt: now })
        .where(
          inArray(
            staySuites.id,
            plan.released.map((r) => r.id),
          ),
        );
    const held =
      plan.rooms.length === 0
        ? []
        : await tx
            .insert(staySuites)
            .values(
              plan.rooms.map((room) => ({ stayId: stay.id, suiteId: room.id, suiteTypeId: plan.type.id, checkIn: stay.checkIn, checkOut: stay.checkOut })),
            )
            .returning({ id: staySuites.id });
    await tx.delete(stayCats).where(eq(stayCats.stayId, stay.id));
    await tx.insert(stayCats).values(
      plan.places.map((p) => ({
        stayId: stay.id,
        staySuiteId: p.rowId ?? held.shift()!.id,
        catId: p.cat.id,
        catName: p.cat.name,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
      })),
    );
    const [row] = await tx.update(stays).set(requotedColumns(plan, now)).where(eq(stays.id, stay.id)).returning();
    await tx.insert(stayEvents).values({
      stayId: stay.id,
      kind: "changed",
      actor: `customer:${userId}`,
      detail: {
        from: { cats: plan.guests.map((g) => g.catName), totalCents: stay.totalCents },
        to: { cats: plan.places.map((p) => p.cat.name), totalCents: plan.price.totalCents },
      },
      at: now,
    });
    await queueStayMail(tx, stay.id, "changed", ctx.siteUrl, now);
    return row!;
  });
}
