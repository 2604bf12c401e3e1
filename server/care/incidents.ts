import { and, asc, eq } from "drizzle-orm";
import { initialsOf } from "~/domain/care-log";
import type { IncidentInput } from "~/features/care/schema";
import type { SiteBusiness } from "~/features/content/site-content";
import { addBusinessDays, businessDate, businessLocalToUtc, formatBusinessDateTime, formatBusinessTime } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { careIncidents, households, stayCats, staySuites, stays, suites, users } from "../db/schema/index";
import { loadSiteContent } from "../content/content";
import { AppError } from "../http/errors";
import { queueMail } from "../mail/queue";
import { incidentMail, incidentText } from "../messages/catalogue";
import { STAY_NOT_FOUND } from "../stays/stay";
import { queueSms } from "../telephony/sms-queue";
import type { CareStaff } from "./staff";
import { listOf } from "~/lib/words";
import { vetCalledText } from "~/domain/care-wording";
import { raiseUrgent } from "./alerts";
import { inTransaction } from "../db/transaction";

/** A person's words ending with a full stop when they have no closing mark. */
const fullStop = (words: string) => (/[.!?]$/.test(words) ? words : `${words}.`);

/** The suite a stay's cat sleeps in, for the manager's text. */
async function suiteOf(db: Db, stayId: string, catId: string) {
  const [row] = await db
    .select({ suite: suites.name })
    .from(stayCats)
    .innerJoin(staySuites, eq(staySuites.id, stayCats.staySuiteId))
    .innerJoin(suites, eq(suites.id, staySuites.suiteId))
    .where(and(eq(stayCats.stayId, stayId), eq(stayCats.catId, catId)));
  return row?.suite ?? null;
}

/**
 * Incidents during a stay (ADR 0165): what happened, when, what staff did and whether a vet was
 * called, recorded on the staff stay page. The owner is told at once (a mail, and a text to the
 * household's mobile when it has one, queued with the row) and reads it on the stay's Care log.
 * Rows are never changed (a trigger, migration 0029).
 */

export type CareIncident = typeof careIncidents.$inferSelect;

/** An incident as the Care log shows it. */
export interface IncidentView {
  id: string;
  catId: string | null;
  /** The cat it concerns, or the stay's cats ("Miso and Tofu") when it concerns them all. */
  catName: string;
  day: string;
  happenedAt: string;
  time: string;
  whatHappened: string;
  whatWasDone: string;
  vetCalled: boolean;
  initials: string;
}

export const incidentView = (i: CareIncident, catName: string): IncidentView => ({
  id: i.id,
  catId: i.catId,
  catName,
  day: businessDate(i.happenedAt),
  happenedAt: i.happenedAt.toISOString(),
  time: formatBusinessTime(i.happenedAt),
  whatHappened: i.whatHappened,
  whatWasDone: i.whatWasDone,
  vetCalled: i.vetCalled,
  initials: i.staffInitials,
});

/** A stay's incidents, in the order they happened (for the Care log, which checks the reader). */
export const incidentsOf = (db: Db, stayId: string) =>
  db.select().from(careIncidents).where(eq(careIncidents.stayId, stayId)).orderBy(asc(careIncidents.happenedAt), asc(careIncidents.recordedAt));

/** Who an incident is about, in words: its cat, or every cat of the stay. */
export const incidentCatName = (catId: string | null, guests: { catId: string | null; name: string | null }[]) =>
  (catId ? guests.find((g) => g.catId === catId)?.name : listOf(guests.map((g) => g.name ?? "A cat"))) || "your cat";

/** Where the owner's mail and text point: the stay's page, with its Care log. */
export const stayPageUrl = (siteUrl: string, stayId: string) => `${siteUrl.replace(/\/+$/, "")}/trips/${stayId}`;

/** A time still to come is refused past this much of the clock's drift. */
const FUTURE_SLACK_MS = 5 * 60_000;

const whenRefused = (message: string) => new AppError(400, "INCIDENT_WHEN", message, { fields: { when: message } });

/**
 * Records an incident on a stay in the hotel (checked in), by `staff` at `now`, about one of its cats
 * or (no `catId`) the stay as a whole, and queues the owner's mail and text in the same transaction.
 * When it happened may not be still to come, nor before the stay's first day.
 */
/** The incident a form recorded (by its token), with when and by whom: what a replay answers. */
async function incidentOfForm(db: Db, stayId: string, formToken: string) {
  const [row] = await db
    .select({ incident: careIncidents, by: users.email })
    .from(careIncidents)
    .leftJoin(users, eq(users.id, careIncidents.staffUserId))
    .where(and(eq(careIncidents.formToken, formToken), eq(careIncidents.stayId, stayId)));
  return row ? { ...row.incident, first: { at: row.incident.recordedAt, by: row.by } } : null;
}

export async function recordIncident(
  db: Db,
  staff: CareStaff,
  stayId: string,
  input: IncidentInput,
  ctx: { siteUrl: string; business?: SiteBusiness; formToken?: string | null },
  now: Date,
): Promise<CareIncident & { first?: { at: Date; by: string | null } }> {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const formToken = ctx.formToken ?? null;
  // The same form posted again (a double tap, a retry): the incident it recorded, and nothing more (ADR 0179).
  const recorded = formToken ? await incidentOfForm(db, stayId, formToken) : null;
  if (recorded) return recorded;
  const [stay] = await db
    .select({ status: stays.status, checkIn: stays.checkIn, email: users.email, name: households.name, mobilePhone: households.mobilePhone })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .innerJoin(users, eq(users.id, households.userId))
    .where(eq(stays.id, stayId));
  if (!stay) throw STAY_NOT_FOUND();
  if (stay.status !== "checked_in")
    throw new AppError(409, "STAY_NOT_IN_HOTEL", "This stay is not checked in: incidents are recorded while the cats are with us. Reload the page.");
  const guests = await db
    .select({ catId: stayCats.catId, name: stayCats.catName })
    .from(stayCats)
    .where(eq(stayCats.stayId, stayId))
    .orderBy(asc(stayCats.catName));
  if (input.catId && !guests.some((g) => g.catId === input.catId))
    throw new AppError(404, "CAT_NOT_ON_STAY", "That cat is not on this stay. Reload the page.", { fields: { catId: "Choose one of this stay's cats." } });

  const happenedAt = businessLocalToUtc(input.when.day ?? businessDate(now), input.when.time);
  if (happenedAt.getTime() > now.getTime() + FUTURE_SLACK_MS) throw whenRefused("That time is still to come: say when it happened.");
  // The stay began on its check-in day, or today for one the desk checked in early; a day's grace before
  // it covers an arrival the evening before, recorded late.
  const today = businessDate(now);
  const began = stay.checkIn < today ? stay.checkIn : today;
  if (businessDate(happenedAt) < addBusinessDays(began, -1)) throw whenRefused("That is before this stay began: check the day.");

  const business = ctx.business ?? (await loadSiteContent(db)).business;
  const catName = incidentCatName(input.catId ?? null, guests);
  const siteUrl = ctx.siteUrl.replace(/\/+$/, "");
  const stayUrl = stayPageUrl(siteUrl, stayId);
  const when = formatBusinessDateTime(happenedAt);
  return inTransaction(db, async (tx) => {
    const [saved] = await tx
      .insert(careIncidents)
      .values({
        stayId,
        catId: input.catId ?? null,
        whatHappened: input.whatHappened,
        happenedAt,
        whatWasDone: input.whatWasDone,
        vetCalled: input.vetCalled,
        staffUserId: staff.userId,
        staffInitials: initialsOf(staff.email),
        recordedAt: now,
        formToken,
      })
      .onConflictDoNothing({ target: careIncidents.formToken })
      .returning();
    // Posted twice at once: the other post recorded it (its transaction committed first), so this one tells no one.
    if (!saved) return (await incidentOfForm(tx, stayId, formToken!))!;
    // One mail and one text per incident, whatever retries the request.
    const dedupeKey = `incident:${saved!.id}`;
    const about = { catName, when, vetCalled: input.vetCalled, stayUrl };
    await queueMail(
      tx,
      {
        dedupeKey,
        stayId,
        message: incidentMail({
          to: stay.email,
          name: stay.name,
          ...about,
          whatHappened: input.whatHappened,
          whatWasDone: input.whatWasDone,
          business,
          siteUrl,
        }),
      },
      now,
    );
    if (stay.mobilePhone) await queueSms(tx, { dedupeKey, stayId, to: stay.mobilePhone, body: incidentText(business, about) }, now);
    // Urgent for the team too (ADR 0188): an alert on Today, texted to the manager on duty, escalated to the owner if nobody acknowledges it.
    const alertCat = input.catId ?? guests[0]?.catId;
    if (alertCat)
      await raiseUrgent(
        tx,
        {
          stayId,
          catId: alertCat,
          rule: "incident",
          key: saved!.id,
          since: happenedAt,
          detail: `${when}: ${fullStop(input.whatHappened)} What was done: ${fullStop(input.whatWasDone)} ${vetCalledText(input.vetCalled)}`,
        },
        now,
        { about: { catName, suite: (await suiteOf(tx, stayId, alertCat)) ?? "No suite" } },
      );
    return saved!;
  });
}
