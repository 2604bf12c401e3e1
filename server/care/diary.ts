import { and, asc, eq, gte, inArray, lt, notExists, sql } from "drizzle-orm";
import { IMAGE_RECIPES } from "~/domain/images";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { careDiarySends, careEntries, careIncidents, carePhotoVariants, cats, households, stayCats, stays, users } from "../db/schema/index";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { queueMail } from "../mail/queue";
import { type DiaryEntry, careDiaryMail } from "../messages/catalogue";
import { loadSharp } from "../media/process";
import { queueingJob } from "../periodic-job";
import { carePhotoImage } from "./care";
import { missedDosesOf } from "./missed";
import { happenedAt, standing } from "./standing";
import { inTransaction } from "../db/transaction";

/**
 * The evening diary (ADR 0163): at 18:00 business time, each household with a stay checked in gets one
 * e-mail telling that day's care entries of its cats, its incidents and the doses nobody gave (ADR 0188). Sent for the current business day only, once
 * 18:00 has passed: a server down all evening sends it late that night, never the next day.
 */

/** The diary goes at this wall-clock time (Los Angeles), whatever the day's offset from UTC. */
export const DIARY_TIME = "18:00";

type DiaryDeps = { db: Db; env: Pick<Env, "PUBLIC_SITE_URL">; logger: Logger };

/** The instant the diary of `day` is due: 18:00 on that day in Los Angeles, found by the zone's rules (never midnight plus hours). */
export const diaryDueAt = (day: string) => businessLocalToUtc(day, DIARY_TIME);

/**
 * One pass of the diary: when 18:00 of today (business time) has passed, each household with a stay
 * checked in, that has not switched the diary off and has not had today's, is claimed by inserting
 * (household, day) in `care_diary_sends` in the transaction that queues its mail: several processes
 * running this at once send it once. A cat with no entry that day is named as such (the team is
 * alerted at 17:30 by the care alerts), so the diary never goes silent while a cat is with us.
 */
export async function runCareDiaries(deps: DiaryDeps, now: Date) {
  const { db } = deps;
  const day = businessDate(now);
  if (now < diaryDueAt(day)) return { due: 0, queued: 0 };
  const guests = await db
    .select({
      householdId: households.id,
      name: households.name,
      email: users.email,
      stayId: stays.id,
      catId: stayCats.catId,
      catName: sql<string>`coalesce(${stayCats.catName}, ${cats.name})`,
    })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .innerJoin(users, eq(users.id, households.userId))
    .innerJoin(stayCats, eq(stayCats.stayId, stays.id))
    .innerJoin(cats, eq(cats.id, stayCats.catId))
    .where(
      and(
        eq(stays.status, "checked_in"),
        eq(households.diaryOptOut, false),
        notExists(
          db
            .select({ one: sql`1` })
            .from(careDiarySends)
            .where(and(eq(careDiarySends.householdId, households.id), eq(careDiarySends.day, day))),
        ),
      ),
    )
    .orderBy(asc(stays.checkIn), asc(stayCats.catName), asc(stays.id));
  if (guests.length === 0) return { due: 0, queued: 0 };
  const stayIds = [...new Set(guests.map((g) => g.stayId))];
  const [dayEntries, incidents, missed] = await Promise.all([
    db
      .select()
      .from(careEntries)
      .where(and(inArray(careEntries.stayId, stayIds), eq(careEntries.day, day))),
    db
      .select()
      .from(careIncidents)
      .where(
        and(
          inArray(careIncidents.stayId, stayIds),
          gte(careIncidents.happenedAt, businessLocalToUtc(day, "00:00")),
          lt(careIncidents.happenedAt, businessLocalToUtc(addBusinessDays(day, 1), "00:00")),
        ),
      )
      .orderBy(asc(careIncidents.happenedAt)),
    missedDosesOf(db, stayIds, now, day),
  ]);
  const entries = standing(dayEntries);
  // A correction tells what happened at the time of the entry it corrects (a dose given on time stays on time).
  const when = happenedAt(dayEntries);
  const { business } = await loadSiteContent(db, deps.logger);
  const siteUrl = deps.env.PUBLIC_SITE_URL;
  const jpegs = await mailPhotos(
    db,
    entries.filter((e) => e.kind === "photo").map((e) => e.id),
  );
  const diaryEntry = (e: (typeof entries)[number]): DiaryEntry => {
    const photo = e.kind === "photo" ? carePhotoImage(e.stayId, e.id) : null;
    const jpeg = jpegs.get(e.id);
    return {
      ...e,
      at: when(e),
      initials: e.staffInitials,
      // The smallest size: enough in a mail, and the owner opens the page for the rest.
      photo: photo && jpeg ? { url: `${siteUrl}${photo.src}`, jpeg, width: photo.width, height: photo.height } : null,
    };
  };
  const byHousehold = new Map<string, typeof guests>();
  for (const g of guests) byHousehold.set(g.householdId, [...(byHousehold.get(g.householdId) ?? []), g]);
  let queued = 0;
  for (const [householdId, rows] of byHousehold) {
    const first = rows[0]!;
    const ownStays = [...new Set(rows.map((r) => r.stayId))];
    const message = careDiaryMail({
      to: first.email,
      name: first.name,
      day,
      cats: rows.map((r) => ({
        name: r.catName,
        entries: entries.filter((e) => e.stayId === r.stayId && e.catId === r.catId).map(diaryEntry),
        missed: missed.filter((m) => m.stayId === r.stayId && m.catId === r.catId),
        // An incident about the stay as a whole is told once, under its first cat.
        incidents: incidents.filter(
          (i) => i.stayId === r.stayId && (i.catId === r.catId || (i.catId === null && rows.find((x) => x.stayId === r.stayId) === r)),
        ),
      })),
      logUrl: ownStays.length === 1 ? `${siteUrl}/trips/${first.stayId}` : `${siteUrl}/trips`,
      business,
      siteUrl,
    });
    const claimed = await inTransaction(db, async (tx) => {
      const [claim] = await tx.insert(careDiarySends).values({ householdId, day, sentAt: now }).onConflictDoNothing().returning();
      if (!claim) return false;
      await queueMail(tx, { dedupeKey: `care-diary:${householdId}:${day}`, stayId: first.stayId, message }, now);
      return true;
    });
    if (claimed) queued++;
  }
  return { due: byHousehold.size, queued };
}

/**
 * The photos' smallest size as JPEG (base64), by entry id, for the mail to carry inline: a mail client
 * shows what the mail holds (it has no session for the private address) and JPEG wherever WebP is not
 * shown (Outlook's desktop app).
 */
async function mailPhotos(db: Db, entryIds: string[]): Promise<Map<string, string>> {
  if (entryIds.length === 0) return new Map();
  const width = IMAGE_RECIPES.care.variants[0]!.width;
  const rows = await db
    .select({ entryId: carePhotoVariants.entryId, bytes: carePhotoVariants.bytes })
    .from(carePhotoVariants)
    .where(and(inArray(carePhotoVariants.entryId, entryIds), eq(carePhotoVariants.width, width)));
  const sharp = await loadSharp();
  const jpegs = await Promise.all(rows.map(async (r) => [r.entryId, (await sharp(r.bytes).jpeg({ quality: 80 }).toBuffer()).toString("base64")] as const));
  return new Map(jpegs);
}

/** Looks every five minutes whether today's diaries are due; what was sent is in the database, so restarts and several processes are safe. */
export const diaryJob = queueingJob("care diaries", 5 * 60_000, runCareDiaries);
