import { and, eq, inArray } from "drizzle-orm";
import { dosesOn, notDueReason } from "~/domain/doses";
import { addBusinessDays, businessDate, businessLocalToUtc, formatBusinessTime } from "~/lib/business-time";
import type { Db } from "../db/client";
import { careAlerts, careEntries, cats, stayCats, stays } from "../db/schema/index";
import { nameOr, teamNames } from "../auth/team-names";
import { stayTimesOf } from "./in-hotel";
import { standing } from "./standing";

/**
 * The doses the hotel owed and nobody logged (ADR 0188): each dose of a cat's medications on each day
 * of its stay, due after the desk's check-in and before the release, whose window closed with no
 * standing entry for it. The owner reads them in the Care log and the diary, with what the team did:
 * the overdue-dose alert (ADR 0164) and who acknowledged it.
 */
export interface MissedDose {
  stayId: string;
  catId: string;
  catName: string;
  day: string;
  medication: string;
  dose: string;
  dueAt: Date;
  /** What the team did, in words ("The team was alerted at 10:00 PM; OC followed it up at 10:04 PM."): who by initials, by name when the team reads it (ADR 0196). */
  followUp: string;
}

/**
 * The missed doses of the given stays up to `now`, optionally of one business day only, in time order.
 * `entries`: the stays' entries when the caller has read them already (the Care log); `readByTeam`:
 * who followed an alert up is named (the team's Care log), not given by initials (the owner's).
 */
export async function missedDosesOf(
  db: Db,
  stayIds: string[],
  now: Date,
  onlyDay?: string,
  known?: { entries: (typeof careEntries.$inferSelect)[]; readByTeam?: boolean },
): Promise<MissedDose[]> {
  if (stayIds.length === 0) return [];
  const guests = await db
    .select({
      stayId: stays.id,
      status: stays.status,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      catId: cats.id,
      catName: stayCats.catName,
      profileName: cats.name,
      medications: cats.medications,
    })
    .from(stays)
    .innerJoin(stayCats, eq(stayCats.stayId, stays.id))
    .innerJoin(cats, eq(cats.id, stayCats.catId))
    .where(and(inArray(stays.id, stayIds), inArray(stays.status, ["checked_in", "checked_out"])));
  // Most cats take no medication: nothing more to read.
  if (!guests.some((g) => g.medications.length > 0)) return [];
  const [entries, times, alerts] = await Promise.all([
    known
      ? known.entries.filter((e) => e.kind === "dose")
      : db
          .select()
          .from(careEntries)
          .where(and(inArray(careEntries.stayId, stayIds), eq(careEntries.kind, "dose"))),
    stayTimesOf(db, stayIds),
    db
      .select()
      .from(careAlerts)
      .where(and(inArray(careAlerts.stayId, stayIds), eq(careAlerts.rule, "dose_overdue"))),
  ]);
  const names = known?.readByTeam
    ? await teamNames(
        db,
        alerts.map((a) => a.acknowledgedByUserId),
      )
    : new Map<string, string>();
  const doses = standing(entries);
  const today = businessDate(now);
  const missed: MissedDose[] = [];
  for (const g of guests) {
    if (g.medications.length === 0) continue;
    const stayTimes = times.get(g.stayId)!;
    const since = stayTimes.checkedInAt ?? businessLocalToUtc(g.checkIn, "00:00");
    const last = g.checkOut < today ? g.checkOut : today;
    for (let day = g.checkIn; day <= last; day = addBusinessDays(day, 1)) {
      if (onlyDay && day !== onlyDay) continue;
      for (const d of dosesOn(g.medications, day)) {
        if (d.dueAt < since || notDueReason(d.dueAt, stayTimes) || now <= d.windowEnd) continue;
        // A stay checked out without a release record (before pickup codes) ends at its check-out day's start.
        if (g.status === "checked_out" && !stayTimes.releasedAt && day >= g.checkOut) continue;
        const logged = doses.some(
          (e) => e.catId === g.catId && e.stayId === g.stayId && e.medication === d.medication && e.dueAt?.getTime() === d.dueAt.getTime(),
        );
        if (logged) continue;
        const alert = alerts.find((a) => a.catId === g.catId && a.key === `${d.dueAt.toISOString()} ${d.medication}`);
        missed.push({
          stayId: g.stayId,
          catId: g.catId,
          catName: g.catName ?? g.profileName,
          day,
          medication: d.medication,
          dose: d.dose,
          dueAt: d.dueAt,
          followUp: followUpOf(alert ?? null, names),
        });
      }
    }
  }
  return missed.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

function followUpOf(alert: typeof careAlerts.$inferSelect | null, names: ReadonlyMap<string, string>): string {
  if (!alert) return "The team is looking into it.";
  const raised = `The team was alerted at ${formatBusinessTime(alert.raisedAt)}${alert.smsSentAt ? " and the manager was texted" : ""}`;
  return alert.acknowledgedAt
    ? `${raised}; ${nameOr(names, alert.acknowledgedByUserId, alert.acknowledgedBy ?? "")} followed it up at ${formatBusinessTime(alert.acknowledgedAt)}.`
    : `${raised}.`;
}
