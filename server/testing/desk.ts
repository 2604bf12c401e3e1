import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { Db } from "../db/client";
import { stays } from "../db/schema/index";
import { deskCheckInPage, deskCheckOutPage } from "../stays/handovers";
import { releaseOf, releaseWithOverride } from "../stays/pickup";
import { changeStayAtDesk } from "../stays/staff";

/**
 * The desk's check-in and check-out as their pages post them (ADR 0161), for tests about something
 * else: each cat weighed, the doses and belongings as the page prefills them. A check-in happens on
 * the stay's arrival day (at 10:00 unless `now` is that day); an agreement not signed is overridden.
 */
export async function checkInAtDesk(db: Db, stayId: string, staff: string, ctx: { siteUrl: string; now?: Date }) {
  const [stay] = await db.select({ checkIn: stays.checkIn }).from(stays).where(eq(stays.id, stayId));
  const now = ctx.now && businessDate(ctx.now) === stay!.checkIn ? ctx.now : businessLocalToUtc(stay!.checkIn, "10:00");
  const page = await deskCheckInPage(db, stayId, now);
  return changeStayAtDesk(db, stayId, "checkIn", staff, {
    siteUrl: ctx.siteUrl,
    now,
    handover: {
      cats: page.cats.map((c) => ({ catId: c.catId, weight: 4200, doses: c.doses, belongings: c.belongings })),
      staffUserId: null,
      overrideReason: page.signature ? undefined : "Signed on paper at the desk",
    },
  });
}

/**
 * Check-out as the page posts it when nothing is recounted: the doses the page expects back. The
 * cat is released first, by a manager's override, unless it was released already (ADR 0162).
 */
export async function checkOutAtDesk(db: Db, stayId: string, staff: string, ctx: { siteUrl: string; now?: Date; reason?: string }) {
  const now = ctx.now ?? new Date();
  if (!(await releaseOf(db, stayId)))
    await releaseWithOverride(db, { stayId, reason: "The owner called ahead", staff: { userId: crypto.randomUUID(), email: staff, isAdmin: true } }, now);
  const page = await deskCheckOutPage(db, stayId);
  return changeStayAtDesk(db, stayId, "checkOut", staff, {
    ...ctx,
    now,
    handover: { cats: page.cats.map((c) => ({ catId: c.catId, weight: 4150, doses: c.doses, belongings: c.belongings })), staffUserId: null },
  });
}
