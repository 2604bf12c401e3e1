import { eq } from "drizzle-orm";
import { type PriceLine, medicatedCatsCharged, medicationLine, repriceBooked } from "~/domain/pricing";
import { cancellationTiers } from "~/domain/cancellation";
import { nightsOf } from "~/domain/calendar";
import type { RepricedDetail, RepricedReason } from "~/domain/stay-wording";
import { businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { stayCats, stayEvents, stays } from "../db/schema/index";
import { loadStayTerms } from "./calendar";
import { medicatedCats } from "./medication";

type Stay = typeof stays.$inferSelect;

/** The kind of the stay event that records a price changed by itself; the stay's page says why. */
export const REPRICED = "repriced";

/**
 * Writes a booked stay's new price (`repriceBooked`: one part changed, the rest as booked), in the
 * caller's transaction under the stay's row lock, with the cancellation terms recomputed on it from
 * the day they started, and a `repriced` event saying why (ADR 0194). A deposit asked for stays as
 * asked, never above the price. Nothing is written when the price did not change.
 */
export async function writeRepriced(
  tx: Db,
  stay: Stay,
  price: ReturnType<typeof repriceBooked>,
  detail: { why: RepricedReason; actor: string; now: Date; medication?: boolean },
): Promise<boolean> {
  const medication = detail.medication ?? stay.medication;
  const samePrice = price.totalCents === stay.totalCents && sameLines(price.lines, stay.priceLines);
  if (samePrice && medication === stay.medication) return false;
  const { settings, rules } = await loadStayTerms(tx, stay.checkIn, stay.checkOut);
  const bookedOn = stay.cancellationTiers[0]?.from ?? businessDate(stay.createdAt);
  await tx
    .update(stays)
    .set({
      medication,
      totalCents: price.totalCents,
      priceLines: price.lines,
      firstNightFreeCents: price.firstNightFreeCents,
      referralCreditCents: price.referralCreditCents,
      depositCents: Math.min(stay.depositCents, price.totalCents),
      cancellationTiers: cancellationTiers(settings, rules, { checkIn: stay.checkIn, checkOut: stay.checkOut, totalCents: price.totalCents, bookedOn }),
      updatedAt: detail.now,
    })
    .where(eq(stays.id, stay.id));
  if (samePrice) return false;
  const why: RepricedDetail = { ...detail.why, fromCents: stay.totalCents, toCents: price.totalCents };
  await tx.insert(stayEvents).values({ stayId: stay.id, kind: REPRICED, actor: detail.actor, detail: why, at: detail.now });
  return true;
}

const sameLines = (a: readonly PriceLine[], b: readonly PriceLine[]) =>
  a.length === b.length && a.every((line, i) => line.label === b[i]!.label && line.cents === b[i]!.cents);

/**
 * The online check-in's care plan decides which cats take medication (`medicatedCats`): the stay's
 * medication line follows it, each medicated cat each night at the house rules' rate, in the plan's
 * transaction. What was paid stays paid: the difference is the stay's balance, due at check-out.
 */
export async function repriceForCarePlan(tx: Db, stayId: string, ctx: { actor: string; now: Date }): Promise<boolean> {
  const [stay] = await tx.select().from(stays).where(eq(stays.id, stayId)).for("update");
  if (!stay) return false;
  const guests = await tx.select({ catId: stayCats.catId }).from(stayCats).where(eq(stayCats.stayId, stayId));
  const medicated = await medicatedCats(tx, { stayId, catIds: guests.flatMap((g) => (g.catId ? [g.catId] : [])) });
  const { settings } = await loadStayTerms(tx, stay.checkIn, stay.checkIn);
  // The same cats as booked: the line stays as booked (at the rate of its day); other cats: today's rate.
  const medication =
    medicatedCatsCharged(stay.priceLines) === medicated.size
      ? undefined
      : medicationLine(settings, medicated.size, nightsOf(stay.checkIn, stay.checkOut).length);
  const price = repriceBooked(
    { lines: stay.priceLines, firstNightFreeCents: stay.firstNightFreeCents, referralCreditCents: stay.referralCreditCents },
    { medication },
  );
  return writeRepriced(tx, stay, price, {
    why: { reason: "care-plan", medicatedCats: medicated.size },
    actor: ctx.actor,
    now: ctx.now,
    medication: medicated.size > 0,
  });
}
