import { and, eq, inArray, isNull, lte, notExists, sql } from "drizzle-orm";
import { type PriceLine, priceStay } from "~/domain/pricing";
import { type StaySettings, windowsOn } from "~/domain/calendar";
import { addBusinessDays, businessDate, businessLocalToUtc, formatCalendarDayWeekday } from "~/lib/business-time";
import { lockForBooking } from "../db/booking-lock";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { households, stayCats, stayEvents, stayReleases, staySettings, staySuites, stays, suiteTypes } from "../db/schema/index";
import { EXCLUSION_VIOLATION, sqlStateOf } from "../db/sql-state";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { overduePickupText } from "../messages/catalogue";
import { queueingJob } from "../periodic-job";
import { queueSms } from "../telephony/sms-queue";
import { loadStayTerms } from "./calendar";
import { medicatedCats } from "./medication";
import { inTransaction } from "../db/transaction";

/**
 * Overdue pickups (ADR 0182): a cat not released by the end of its departure window stays checked in
 * and keeps its suite. The job below then adds the night to the stay, as a date change writes it (the
 * stay's and its suite rows' check-out, under the cat's and the suite type's locks), so the exclusion
 * constraint holds the suite against every booking; the night is billed at its suite's rate (a price
 * line of its own), the house rules' late-pickup fee once, and the owner is texted once. The desk
 * lists the stay under "Overdue pickups" until it checks out, on any later day.
 */

/** Prefix of the price line an overdue night adds (and of the fee's). */
export const EXTRA_NIGHT_LABEL = "Extra night (late pickup)";
export const LATE_PICKUP_FEE_LABEL = "Late-pickup fee";

/**
 * When a cat leaving on `day` is overdue: the end of that day's last departure window, or the end of
 * the day when it has none (closed for departures).
 */
export function pickupDeadline(settings: StaySettings, rules: Parameters<typeof windowsOn>[1], day: string): Date {
  const windows = windowsOn(settings, rules, day, "departure");
  const last = windows
    .map((w) => w.to)
    .sort()
    .at(-1);
  return last ? businessLocalToUtc(day, last) : businessLocalToUtc(addBusinessDays(day, 1), "00:00");
}

/** A stay checked in whose cat was not released, leaving on or before `through`. */
async function notReleasedBy(db: Db, through: string) {
  return db
    .select()
    .from(stays)
    .where(
      and(
        eq(stays.status, "checked_in"),
        lte(stays.checkOut, through),
        notExists(
          db
            .select({ one: sql`1` })
            .from(stayReleases)
            .where(eq(stayReleases.stayId, stays.id)),
        ),
      ),
    );
}

/** Ids of the stays among `ids` that an overdue night was added to. */
async function extendedStays(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ stayId: stayEvents.stayId })
    .from(stayEvents)
    .where(and(inArray(stayEvents.stayId, ids), eq(stayEvents.kind, "overdue_night")));
  return new Set(rows.map((r) => r.stayId));
}

/**
 * The stays whose cat is overdue at `now`: checked in, not released, and either past the deadline of
 * the day they were to leave, or kept for a night already (their check-out moved to a later day).
 */
export async function overdueStayIds(db: Db, now: Date): Promise<string[]> {
  const today = businessDate(now);
  const candidates = await notReleasedBy(db, addBusinessDays(today, 1));
  if (candidates.length === 0) return [];
  const [extended, { settings, rules }] = await Promise.all([
    extendedStays(
      db,
      candidates.map((s) => s.id),
    ),
    loadStayTerms(db, addBusinessDays(today, -1), addBusinessDays(today, 1)),
  ]);
  return candidates
    .filter((s) => extended.has(s.id) || s.checkOut < today || (s.checkOut === today && now >= pickupDeadline(settings, rules, s.checkOut)))
    .map((s) => s.id);
}

/** One night's price of the stay's suites and cats at today's rates: what an overdue night adds. */
async function nightPrice(tx: Db, stay: typeof stays.$inferSelect, settings: StaySettings, night: string) {
  const rows = await tx
    .select({ id: staySuites.id, rates: suiteTypes })
    .from(staySuites)
    .innerJoin(suiteTypes, eq(suiteTypes.id, staySuites.suiteTypeId))
    .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt)));
  const guests = await tx.select({ staySuiteId: stayCats.staySuiteId, catId: stayCats.catId }).from(stayCats).where(eq(stayCats.stayId, stay.id));
  const medicated = await medicatedCats(tx, { stayId: stay.id, catIds: guests.flatMap((g) => (g.catId ? [g.catId] : [])) });
  const { rules } = await loadStayTerms(tx, night, night);
  const price = priceStay(settings, rules, {
    checkIn: night,
    checkOut: addBusinessDays(night, 1),
    suites: rows.map((r) => ({ rates: r.rates, cats: Math.max(1, guests.filter((g) => g.staySuiteId === r.id).length) })),
    medicationCats: medicated.size,
  });
  return { rows, cents: price.totalCents };
}

export type OverdueOutcome = "extended" | "suite_taken" | "not_due";

/**
 * Adds the night of the stay's check-out day to it, once (the write is conditional on the check-out
 * it read, under the stay's row lock): the stay's and its suite rows' check-out move a day on (their
 * cats' rows follow by trigger), the night is a price line at its rate, and the late-pickup fee is
 * added with the first (claimed by its event). "suite_taken": a stay took the suite for that night
 * before the deadline (the constraint refused); staff move one of them, and the job tries again.
 */
export async function addOverdueNight(db: Db, stayId: string, night: string, now: Date, logger?: Logger): Promise<OverdueOutcome> {
  try {
    return await inTransaction(db, async (tx): Promise<OverdueOutcome> => {
      const [stay] = await tx.select().from(stays).where(eq(stays.id, stayId)).for("update");
      if (!stay || stay.status !== "checked_in" || stay.checkOut !== night) return "not_due";
      const [released] = await tx.select({ id: stayReleases.id }).from(stayReleases).where(eq(stayReleases.stayId, stayId));
      if (released) return "not_due";
      const [settingsRow] = await tx.select().from(staySettings).where(eq(staySettings.id, 1));
      const guests = await tx.select({ catId: stayCats.catId }).from(stayCats).where(eq(stayCats.stayId, stayId));
      const { rows, cents } = await nightPrice(tx, stay, settingsRow!, night);
      // Queued with the bookings of the suite's type and the cat's other stays, as a date change is (ADR 0142).
      await lockForBooking(tx, { cat: guests.flatMap((g) => (g.catId ? [g.catId] : [])), suiteType: rows.map((r) => r.rates.id) });
      const next = addBusinessDays(night, 1);
      await tx
        .update(staySuites)
        .set({ checkOut: next })
        .where(and(eq(staySuites.stayId, stayId), isNull(staySuites.releasedAt)));
      const lines: PriceLine[] = [{ label: `${EXTRA_NIGHT_LABEL}, ${formatCalendarDayWeekday(night)}`, cents }];
      const feeCents = settingsRow!.latePickupFeeCents;
      if (feeCents > 0) {
        const [fee] = await tx
          .insert(stayEvents)
          .values({ stayId, kind: "late_pickup_fee", actor: "system:overdue", detail: { cents: feeCents }, at: now })
          .onConflictDoNothing()
          .returning({ id: stayEvents.id });
        if (fee) lines.push({ label: LATE_PICKUP_FEE_LABEL, cents: feeCents });
      }
      const added = lines.reduce((sum, l) => sum + l.cents, 0);
      await tx
        .update(stays)
        .set({ checkOut: next, priceLines: [...stay.priceLines, ...lines], totalCents: stay.totalCents + added, updatedAt: now })
        .where(eq(stays.id, stayId));
      await tx.insert(stayEvents).values({
        stayId,
        kind: "overdue_night",
        actor: "system:overdue",
        detail: { night, nightCents: cents, addedCents: added, from: { checkOut: night, totalCents: stay.totalCents } },
        at: now,
      });
      return "extended";
    });
  } catch (error) {
    if (sqlStateOf(error) !== EXCLUSION_VIOLATION) throw error;
    logger?.warn({ stayId, night }, "overdue stay not extended: its suite is taken for the night");
    return "suite_taken";
  }
}

type OverdueDeps = { db: Db; env: Pick<Env, "PUBLIC_SITE_URL">; logger: Logger };

/**
 * One pass: for every stay past its pickup deadline, the owner is texted once (claimed by the stay's
 * `overdue_pickup_texted` event in the transaction that queues the text) and each night it is kept
 * is added, catching up on days the job did not run. Safe when several processes run it at once.
 */
export async function runOverduePickups(deps: OverdueDeps, now: Date): Promise<{ due: number; queued: number }> {
  const { db } = deps;
  const today = businessDate(now);
  const candidates = await notReleasedBy(db, today);
  if (candidates.length === 0) return { due: 0, queued: 0 };
  const [settingsRow] = await db.select().from(staySettings).where(eq(staySettings.id, 1));
  const earliest = candidates.map((s) => s.checkOut).sort()[0]!;
  const { settings, rules } = await loadStayTerms(db, earliest, today);
  let due = 0;
  let queued = 0;
  for (const candidate of candidates) {
    let night = candidate.checkOut;
    if (now < pickupDeadline(settings, rules, night)) continue;
    due++;
    if (await textOwnerOnce(deps, candidate, settingsRow!.latePickupFeeCents, now)) queued++;
    // One night at a time, each from the check-out the last one wrote.
    while (night <= today && now >= pickupDeadline(settings, rules, night)) {
      const outcome = await addOverdueNight(db, candidate.id, night, now, deps.logger);
      if (outcome !== "extended") break;
      night = addBusinessDays(night, 1);
    }
  }
  return { due, queued };
}

async function textOwnerOnce(deps: OverdueDeps, stay: typeof stays.$inferSelect, feeCents: number, now: Date): Promise<boolean> {
  const { db } = deps;
  const [owner] = stay.householdId ? await db.select({ phone: households.mobilePhone }).from(households).where(eq(households.id, stay.householdId)) : [];
  if (!owner?.phone) return false;
  const guests = await db.select({ catName: stayCats.catName }).from(stayCats).where(eq(stayCats.stayId, stay.id));
  const { settings } = await loadStayTerms(db, stay.checkOut, stay.checkOut);
  const { cents } = await nightPrice(db, stay, settings, stay.checkOut);
  const { business } = await loadSiteContent(db, deps.logger);
  const cats = guests.map((g) => g.catName ?? "your cat").join(" & ") || "your cat";
  return inTransaction(db, async (tx) => {
    const [claim] = await tx
      .insert(stayEvents)
      .values({ stayId: stay.id, kind: "overdue_pickup_texted", actor: "system:overdue", detail: { to: owner.phone, nightCents: cents }, at: now })
      .onConflictDoNothing()
      .returning({ id: stayEvents.id });
    if (!claim) return false;
    await queueSms(
      tx,
      { dedupeKey: `overdue-pickup:${stay.id}`, to: owner.phone!, body: overduePickupText(business, cats, cents, feeCents), stayId: stay.id },
      now,
    );
    return true;
  });
}

/** Looks for overdue pickups every few minutes, so the text goes soon after the window closes. */
export const overduePickupsJob = queueingJob("overdue pickups", 5 * 60_000, runOverduePickups);
