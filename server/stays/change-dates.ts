import { and, eq, isNull } from "drizzle-orm";
import { type StayStatus } from "~/domain/stay-status";
import { cancellationTiers } from "~/domain/cancellation";
import { priceStay } from "~/domain/pricing";
import type { StayNewDates } from "~/features/stays/schema";
import { businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { staySuites, stayCats, stayEvents, stays, suiteTypes } from "../db/schema/index";
import { lockForBooking } from "../db/booking-lock";
import { vaccineCoverage } from "../households/vaccines";
import { freeSuitesOfType } from "./calendar";
import { lockBookedStay } from "./first-night";
import { refuseCatsAlreadyBooked } from "./household-cats";
import { medicatedCats } from "./medication";
import { NO_SUITE_FREE, STAY_NOT_CHANGEABLE, changeable, checkedDates, coverageRefusal, datesRefused, ownStay, requotedColumns, withSuiteRetry } from "./stay";
import { queueStayMail } from "./stay-mail";

/**
 * What the stay becomes with new dates: the same suites where they are free for the new nights
 * (another suite of the same type where not), priced at today's rates, with the same checks as
 * booking. Throws the refusal a person can act on.
 */
async function planChange(db: Db, userId: string, input: StayNewDates, now: Date, lock = false) {
  const today = businessDate(now);
  const stay = await ownStay(db, userId, input.stayId);
  if (!changeable(stay, today)) throw STAY_NOT_CHANGEABLE();
  const { settings, rules, problems } = await checkedDates(db, input.checkIn, input.checkOut, today);
  if (problems.length > 0) throw datesRefused(problems);
  const guests = await db.select().from(stayCats).where(eq(stayCats.stayId, stay.id));
  const catIds = guests.flatMap((g) => (g.catId ? [g.catId] : []));
  // Changing (not quoting): the cats' locks before their nights are read, as booking takes them.
  if (lock) await lockForBooking(db, { cat: catIds });
  await refuseCatsAlreadyBooked(
    db,
    guests.flatMap((g) => (g.catId ? [{ id: g.catId, name: g.catName ?? "A cat" }] : [])),
    input,
    stay.id,
  );
  const coverage = await vaccineCoverage(db, { userId, catIds, through: input.checkOut, now });
  if (coverage.some((c) => c.state === "not-covered")) throw coverageRefusal(coverage);
  const status: StayStatus = coverage.some((c) => c.state === "awaiting-review") ? "pending_review" : "confirmed";

  const rows = await db
    .select()
    .from(staySuites)
    .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt)));
  const [type] = await db.select().from(suiteTypes).where(eq(suiteTypes.id, rows[0]!.suiteTypeId));
  // Changing (not quoting): the suite type's lock, then what is free after the one before committed.
  if (lock) await lockForBooking(db, { suiteType: [type!.id] });
  const free = await freeSuitesOfType(db, type!.id, input.checkIn, input.checkOut, rows.length + 20, stay.id);
  const freeIds = new Set(free.map((f) => f.id));
  const spare = free.filter((f) => !rows.some((r) => r.suiteId === f.id));
  const moves = rows.map((row) => ({ row, suiteId: freeIds.has(row.suiteId) ? row.suiteId : spare.shift()?.id }));
  if (moves.some((m) => !m.suiteId)) throw NO_SUITE_FREE();

  const medicated = await medicatedCats(db, { stayId: stay.id, catIds });
  const price = priceStay(settings, rules, {
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    suites: rows.map((row) => ({ rates: type!, cats: guests.filter((g) => g.staySuiteId === row.id).length })),
    medicationCats: medicated.size,
    // A stay keeps the first night free it was booked with while it is long enough for it.
    firstNightFree: stay.firstNightFreeCents > 0,
    referralCredit: stay.referralCreditCents > 0,
  });
  const tiers = cancellationTiers(settings, rules, { checkIn: input.checkIn, checkOut: input.checkOut, totalCents: price.totalCents, bookedOn: today });
  return { stay, moves: moves as { row: (typeof rows)[number]; suiteId: string }[], price, tiers, status, medication: medicated.size > 0 };
}

export interface StayChangeQuote {
  totalCents: number;
  differenceCents: number;
  status: StayStatus;
}

/** What moving the stay to new dates would cost, for the customer to see before confirming. */
export async function quoteStayChange(db: Db, userId: string, input: StayNewDates, now: Date): Promise<StayChangeQuote> {
  const plan = await planChange(db, userId, input, now);
  return { totalCents: plan.price.totalCents, differenceCents: plan.price.totalCents - plan.stay.totalCents, status: plan.status };
}

/** Moves the stay to new dates (and, where its suite is taken, another suite of its type), atomically against every other booking. */
export async function changeStayDates(db: Db, userId: string, input: StayNewDates, ctx: { siteUrl: string; now: Date }) {
  const now = ctx.now;
  return withSuiteRetry(db, async (tx) => {
    await lockBookedStay(tx, input.stayId);
    const plan = await planChange(tx, userId, input, now, true);
    for (const { row, suiteId } of plan.moves)
      await tx.update(staySuites).set({ suiteId, checkIn: input.checkIn, checkOut: input.checkOut }).where(eq(staySuites.id, row.id));
    const [row] = await tx
      .update(stays)
      .set({ checkIn: input.checkIn, checkOut: input.checkOut, ...requotedColumns(plan, now) })
      .where(eq(stays.id, plan.stay.id))
      .returning();
    await tx.insert(stayEvents).values({
      stayId: plan.stay.id,
      kind: "changed",
      actor: `customer:${userId}`,
      detail: {
        from: { checkIn: plan.stay.checkIn, checkOut: plan.stay.checkOut, totalCents: plan.stay.totalCents },
        // The new dates only (the form posts its intent beside them).
        to: { stayId: input.stayId, checkIn: input.checkIn, checkOut: input.checkOut, totalCents: plan.price.totalCents },
      },
      at: now,
    });
    await queueStayMail(tx, plan.stay.id, "changed", ctx.siteUrl, now);
    return row!;
  });
}
