import { and, eq, isNull } from "drizzle-orm";
import { GROOMABLE_STAY_STATUSES } from "~/domain/stay-status";
import { type TimeWindow, windowsOn } from "~/domain/calendar";
import type { FreeTime } from "~/domain/groom-slots";
import { businessLocalToUtc } from "~/lib/business-time";
import type { Db } from "../db/client";
import { cats, households, stayCats, stays } from "../db/schema/index";
import { isUuid } from "~/lib/ids";
import { AppError } from "../http/errors";
import { STAY_NOT_FOUND } from "../stays/stay";
import { loadStaySettings, rulesBetween } from "../stays/calendar";
import { householdOf } from "../db/owned";

/**
 * A groom on a stay's departure day (ADR 0134): Book a Groom opened from a stay reads it here for
 * its departure date, its cats and the departure windows of that day. Nothing links the groom to
 * the stay in the database: the groom is an ordinary appointment whose day is the stay's
 * check-out, and only the times that fit a departure window are offered, so the cat is groomed
 * while the owner can collect it.
 */

export interface GroomStay {
  id: string;
  checkOut: string;
  catIds: string[];
  departureWindows: TimeWindow[];
}

/** The customer's own stay that a groom can be added to (booked, not over); 404 for anyone else's. */
export async function stayForGroom(db: Db, userId: string, stayId: string, today: string): Promise<GroomStay> {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [stay] = await db
    .select({ id: stays.id, checkOut: stays.checkOut, status: stays.status, householdId: households.id })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .where(and(eq(stays.id, stayId), householdOf(userId)));
  if (!stay) throw STAY_NOT_FOUND();
  if (!(GROOMABLE_STAY_STATUSES as readonly string[]).includes(stay.status) || stay.checkOut < today)
    throw new AppError(409, "STAY_NOT_GROOMABLE", "This stay has ended or was cancelled, so a groom can't be added to it. Please choose a day below.");
  // One read after another: in a booking's transaction they share one connection.
  const onStay = await db
    .selectDistinct({ catId: stayCats.catId })
    .from(stayCats)
    .innerJoin(cats, eq(cats.id, stayCats.catId))
    .where(and(eq(stayCats.stayId, stay.id), eq(cats.householdId, stay.householdId), isNull(cats.archivedAt)));
  const settings = await loadStaySettings(db);
  const rules = await rulesBetween(db, stay.checkOut, stay.checkOut);
  return {
    id: stay.id,
    checkOut: stay.checkOut,
    catIds: onStay.map((c) => c.catId!).filter(Boolean),
    departureWindows: windowsOn(settings, rules, stay.checkOut, "departure"),
  };
}

/** Whether a groom at this time starts and ends inside one of the day's departure windows. */
export const fitsWindows = (day: string, windows: readonly TimeWindow[]) => (time: Pick<FreeTime, "startsAt" | "endsAt">) =>
  windows.some((w) => businessLocalToUtc(day, w.from) <= time.startsAt && time.endsAt <= businessLocalToUtc(day, w.to));
