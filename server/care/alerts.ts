import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  CARE_ALERT_LABELS,
  type CareAlertRule,
  DOSE_OVERDUE_MINUTES,
  ESCALATE_AFTER_MINUTES,
  GAP_HOURS,
  NO_ENTRY_BY,
  URGENT_CARE_ALERTS,
  weightChangeAlerts,
  weightChangePercent,
} from "~/domain/care-alerts";
import { dosesOn, notDueReason } from "~/domain/doses";
import { initialsOf } from "~/domain/care-log";
import { addBusinessDays, businessDate, businessLocalToUtc, formatBusinessDateTime, formatBusinessTime, formatCalendarDay } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { careAlerts, careEntries, catHandovers, cats, stayCats, staySettings, staySuites, stays, suites, users } from "../db/schema/index";
import { teamMemberName } from "~/domain/team-names";
import { nameOr, teamNames } from "../auth/team-names";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { careAlertEscalationText, careAlertText, doseOverdueText } from "../messages/catalogue";
import type { SiteBusiness } from "~/features/content/site-content";
import type { PeriodicJob } from "../periodic-job";
import { queueSms } from "../telephony/sms-queue";
import type { CareStaff } from "./staff";
import { catsCheckedIn } from "./in-hotel";
import { type CareEntry, happenedAt, standing } from "./standing";
import { inTransaction, type Tx } from "../db/transaction";

/**
 * Care alerts (ADR 0164): the care alerts job reads each cat in the hotel's log and raises an alert
 * when food, urine or stool has not been seen for too long, a dose is still open an hour after its
 * window, or nothing at all was logged by 17:30; check-out raises one for a weight change. Each is
 * raised once, by the unique index on (stay, cat, rule, key), however many processes run the job.
 * Staff read and acknowledge them on Today.
 */

export type CareAlert = typeof careAlerts.$inferSelect;
export type NewAlert = Omit<typeof careAlerts.$inferInsert, "urgent" | "raisedAt"> & { rule: CareAlertRule };

const HOUR = 60 * 60_000;

const withUrgency = (alert: NewAlert, now: Date): typeof careAlerts.$inferInsert => ({ ...alert, urgent: URGENT_CARE_ALERTS.has(alert.rule), raisedAt: now });

/** Inserts the alerts not raised yet; answers those this call raised (another process's are left alone). */
async function raise(db: Db, alerts: NewAlert[], now: Date): Promise<CareAlert[]> {
  if (alerts.length === 0) return [];
  return db
    .insert(careAlerts)
    .values(alerts.map((a) => withUrgency(a, now)))
    .onConflictDoNothing({ target: [careAlerts.stayId, careAlerts.catId, careAlerts.rule, careAlerts.key] })
    .returning();
}

// ---- The job ----------------------------------------------------------------------------------------

/** What a run needs: the database, and a logger for the published content's cache. */
export interface CareAlertDeps {
  db: Db;
  logger?: Logger;
}

/** The cats in the hotel now, each with when its stay was checked in at the desk and released at pickup, and their stays' entries. */
async function catsInHotel(db: Db) {
  const rows = await catsCheckedIn(db);
  if (rows.length === 0) return { rows, entries: [] };
  const stayIds = [...new Set(rows.map((r) => r.stayId))];
  return { rows, entries: await db.select().from(careEntries).where(inArray(careEntries.stayId, stayIds)) };
}

/**
 * Raises every alert due at `now` for the cats in the hotel, and queues the manager's text for each
 * overdue dose it raised. Safe when several processes run it at once: the unique index lets one insert
 * of each alert through, and the text is queued in the transaction that raised its alert and claimed
 * its `sms_sent_at`. Answers the alerts this run raised.
 */
export async function runCareAlerts(deps: CareAlertDeps, now: Date): Promise<CareAlert[]> {
  const { db } = deps;
  const { rows, entries } = await catsInHotel(db);
  const today = businessDate(now);
  const cutoff = businessLocalToUtc(today, NO_ENTRY_BY);
  const when = happenedAt(entries);
  const alerts: NewAlert[] = [];
  const overdue: (NewAlert & { sms: { catName: string; suite: string; medication: string; dose: string; dueAt: Date } })[] = [];

  for (const r of rows) {
    const catName = r.catName ?? r.profileName;
    const suite = r.suite ?? "No suite";
    // Released at pickup, the cat is not here (its alerts closed then, ADR 0197): nothing more is raised for it.
    if (r.releasedAt && r.releasedAt <= now) continue;
    // A stay put in the hotel without the desk's check-in counts from the start of its first day.
    const since = r.checkedInAt ?? businessLocalToUtc(r.checkIn, "00:00");
    const all = entries.filter((e) => e.stayId === r.stayId && e.catId === r.catId);
    const own = standing(all).filter((e) => when(e) <= now);
    const base = { stayId: r.stayId, catId: r.catId };

    // Gaps: the last time food, urine or stool was seen (or the check-in), and how long ago.
    const gap = (rule: keyof typeof GAP_HOURS, seen: (e: CareEntry) => boolean, what: string) => {
      const last = own.filter(seen).reduce<Date | null>((latest, e) => (latest && latest > when(e) ? latest : when(e)), null);
      const fromCheckIn = !last || last <= since;
      const start = fromCheckIn ? since : last;
      if (now.getTime() - start.getTime() < GAP_HOURS[rule] * HOUR) return;
      const detail = fromCheckIn
        ? `${what}: none logged since check-in, ${formatBusinessDateTime(since)}.`
        : `${what}: last logged ${formatBusinessDateTime(start)}.`;
      alerts.push({ ...base, rule, key: start.toISOString(), since: start, detail });
    };
    gap("no_food_24h", (e) => e.kind === "meal" && e.eaten !== null && e.eaten !== "none", "Food eaten");
    gap("no_urine_24h", (e) => e.kind === "litter" && e.urine === true, "Urine");
    gap("no_stool_72h", (e) => e.kind === "litter" && (e.stool === "normal" || e.stool === "soft"), "Stool");

    // Doses of yesterday and today due since check-in, still open an hour after their window.
    for (const day of [addBusinessDays(today, -1), today]) {
      if (day < r.checkIn) continue;
      for (const d of dosesOn(r.medications, day)) {
        if (d.dueAt < since || notDueReason(d.dueAt, r)) continue;
        if (now.getTime() < d.windowEnd.getTime() + DOSE_OVERDUE_MINUTES * 60_000) continue;
        if (own.some((e) => e.kind === "dose" && e.medication === d.medication && e.dueAt?.getTime() === d.dueAt.getTime())) continue;
        overdue.push({
          ...base,
          rule: "dose_overdue",
          key: `${d.dueAt.toISOString()} ${d.medication}`,
          since: d.dueAt,
          detail: `${d.medication}${d.dose ? ` ${d.dose}` : ""} due at ${formatBusinessTime(d.dueAt)} (window ${formatBusinessTime(d.windowStart)}–${formatBusinessTime(d.windowEnd)}): not logged.`,
          sms: { catName, suite, medication: d.medication, dose: d.dose, dueAt: d.dueAt },
        });
      }
    }

    // Nothing at all logged today by 17:30, for a cat here before then.
    if (now >= cutoff && since < cutoff && !all.some((e) => e.day === today))
      alerts.push({
        ...base,
        rule: "no_entry_today",
        key: today,
        since: cutoff,
        detail: `Nothing logged for ${catName} on ${formatCalendarDay(today)} by ${formatBusinessTime(cutoff)}.`,
      });
  }

  const raised = await raise(
    db,
    alerts.filter((a) => !URGENT_CARE_ALERTS.has(a.rule)),
    now,
  );
  // Each urgent alert in a transaction of its own: raised, and its manager's text claimed and queued, at once.
  const urgent = [...alerts.filter((a) => URGENT_CARE_ALERTS.has(a.rule)).map((a) => ({ ...a, sms: null })), ...overdue];
  for (const { sms, ...alert } of urgent) {
    const row = rows.find((r) => r.stayId === alert.stayId && r.catId === alert.catId)!;
    const about = { catName: row.catName ?? row.profileName, suite: row.suite ?? "No suite" };
    const mine = await inTransaction(db, async (txDb) =>
      raiseUrgent(txDb, alert, now, { about, logger: deps.logger, body: sms ? (business) => doseOverdueText(business, sms) : undefined }),
    );
    if (mine) raised.push(mine);
  }
  return raised;
}

/** The numbers urgent alerts are texted to (House rules, ADR 0164, 0188): read only here and by Rooms. */
async function alertMobiles(db: Db) {
  const [settings] = await db.select({ manager: staySettings.managerMobile, owner: staySettings.ownerMobile }).from(staySettings).where(eq(staySettings.id, 1));
  return { manager: settings?.manager ?? null, owner: settings?.owner ?? null };
}

/** The cat an alert is about and its suite, in words for a text. */
async function aboutAlert(db: Db, alert: Pick<CareAlert, "stayId" | "catId">) {
  const [row] = await db
    .select({ catName: stayCats.catName, profileName: cats.name, suite: suites.name })
    .from(cats)
    .leftJoin(stayCats, and(eq(stayCats.stayId, alert.stayId), eq(stayCats.catId, cats.id)))
    .leftJoin(staySuites, eq(staySuites.id, stayCats.staySuiteId))
    .leftJoin(suites, eq(suites.id, staySuites.suiteId))
    .where(eq(cats.id, alert.catId));
  return { catName: row?.catName ?? row?.profileName ?? "A cat", suite: row?.suite ?? "No suite" };
}

/**
 * Raises an urgent alert once and texts the manager on duty about it once (ADR 0188), in the caller's
 * transaction: the insert lets one process through (the unique index), and that one claims
 * `sms_sent_at` and queues the text. The alert says whether a text went. Answers the alert this call
 * raised, or null when it was raised already.
 */
export async function raiseUrgent(
  tx: Tx,
  alert: NewAlert,
  now: Date,
  options: { about?: { catName: string; suite: string }; body?: (business: SiteBusiness) => string; logger?: Logger } = {},
): Promise<CareAlert | null> {
  const { manager } = await alertMobiles(tx);
  const detail = `${alert.detail} ${manager ? "The manager's mobile was texted." : "No text was sent: no manager's mobile is set in House rules."}`;
  const [row] = await raise(tx, [{ ...alert, detail }], now);
  if (!row || !manager) return row ?? null;
  // The claim and the text in one transaction: whoever claims it queues the one text.
  const [claimed] = await tx
    .update(careAlerts)
    .set({ smsSentAt: now })
    .where(and(eq(careAlerts.id, row.id), isNull(careAlerts.smsSentAt)))
    .returning();
  if (!claimed) return row;
  const { business } = await loadSiteContent(tx, options.logger);
  const about = options.about ?? (await aboutAlert(tx, row));
  const body = options.body?.(business) ?? careAlertText(business, { ...about, what: CARE_ALERT_LABELS[row.rule], detail: alert.detail, raisedAt: now });
  await queueSms(tx, { dedupeKey: `care-alert:${row.id}`, to: manager, body, stayId: row.stayId }, now);
  return claimed;
}

/**
 * The escalation step (ADR 0188): each urgent alert still not acknowledged `ESCALATE_AFTER_MINUTES`
 * after it was raised is texted to the hotel's owner, once: a conditional update claims its
 * `escalated_at` (only while it is open and not escalated) in the transaction that queues the text,
 * so of several processes running the job one texts. With no owner's mobile set nothing is claimed;
 * a cat gone home escalates only the weight change its check-out found.
 */
export async function escalateCareAlerts(deps: CareAlertDeps, now: Date): Promise<CareAlert[]> {
  const { db } = deps;
  const { owner } = await alertMobiles(db);
  if (!owner) return [];
  // While the cat is with us; a cat gone home escalates only the weight change its check-out found.
  const due = (
    await db
      .select({ alert: careAlerts })
      .from(careAlerts)
      .innerJoin(stays, eq(stays.id, careAlerts.stayId))
      .where(
        and(
          eq(careAlerts.urgent, true),
          isNull(careAlerts.acknowledgedAt),
          isNull(careAlerts.closedAt),
          isNull(careAlerts.escalatedAt),
          lte(careAlerts.raisedAt, new Date(now.getTime() - ESCALATE_AFTER_MINUTES * 60_000)),
          or(eq(stays.status, "checked_in"), eq(careAlerts.rule, "weight_change")),
        ),
      )
      .orderBy(asc(careAlerts.raisedAt))
  ).map((r) => r.alert);
  if (due.length === 0) return [];
  const { business } = await loadSiteContent(db, deps.logger);
  const escalated: CareAlert[] = [];
  for (const alert of due) {
    const about = await aboutAlert(db, alert);
    const mine = await inTransaction(db, async (tx) => {
      const [claimed] = await tx
        .update(careAlerts)
        .set({ escalatedAt: now })
        .where(and(eq(careAlerts.id, alert.id), isNull(careAlerts.escalatedAt), isNull(careAlerts.acknowledgedAt), isNull(careAlerts.closedAt)))
        .returning();
      if (!claimed) return null;
      const body = careAlertEscalationText(business, {
        ...about,
        what: CARE_ALERT_LABELS[alert.rule],
        detail: alert.detail,
        raisedAt: alert.raisedAt,
        minutes: ESCALATE_AFTER_MINUTES,
      });
      await queueSms(tx, { dedupeKey: `care-alert-owner:${alert.id}`, to: owner, body, stayId: alert.stayId }, now);
      return claimed;
    });
    if (mine) escalated.push(mine);
  }
  return escalated;
}

/** Reads the care logs every five minutes; what was raised is in the database, so restarts and several processes are safe. */
export const careAlertsJob: PeriodicJob = {
  name: "care alerts",
  everyMs: 5 * 60_000,
  async run(deps, now) {
    const raised = await runCareAlerts(deps, now);
    if (raised.length > 0) deps.logger.info({ raised: raised.length }, "care alerts raised");
    const escalated = await escalateCareAlerts(deps, now);
    if (escalated.length > 0) deps.logger.warn({ escalated: escalated.length }, "urgent care alerts texted to the owner");
  },
};

/** When a cat was weighed against its arrival weight: the key that makes the alert once, and its words ("at check-out"). */
export interface WeighOccasion {
  key: string;
  label: string;
}

const AT_CHECK_OUT: WeighOccasion = { key: "check-out", label: "at check-out" };

/**
 * The weight rule, for the desk's check-out and for a weigh-in on a long stay (in its transaction,
 * ADR 0169): raises the alert once per stay, cat and occasion when the weight changed by 5 % or more
 * from arrival; answers it, or null when the change is smaller or it was raised already.
 */
export async function raiseWeightChangeAlert(
  tx: Tx,
  w: { stayId: string; catId: string; arrivalGrams: number; departureGrams: number; now: Date; occasion?: WeighOccasion },
): Promise<CareAlert | null> {
  const occasion = w.occasion ?? AT_CHECK_OUT;
  if (!weightChangeAlerts(w.arrivalGrams, w.departureGrams)) return null;
  const percent = weightChangePercent(w.arrivalGrams, w.departureGrams);
  const grams = (g: number) => `${g.toLocaleString("en-US")} g`;
  return raiseUrgent(
    tx,
    {
      stayId: w.stayId,
      catId: w.catId,
      rule: "weight_change",
      key: occasion.key,
      since: w.now,
      detail: `${percent < 0 ? "Lost" : "Gained"} ${Math.abs(percent).toFixed(1)} % during the stay: ${grams(w.arrivalGrams)} at arrival, ${grams(w.departureGrams)} ${occasion.label}.`,
    },
    w.now,
  );
}

/**
 * After the desk's check-out (passed to `changeStayAtDesk`, so in its transaction; ADR 0168): each cat
 * weighed at arrival and at departure (`cat_handovers`) whose weight changed by 5 % or more raises its
 * weight alert, once.
 */
export async function raiseWeightAlertsAfterCheckOut(db: Tx, stayId: string, now: Date): Promise<CareAlert[]> {
  const rows = await db.select().from(catHandovers).where(eq(catHandovers.stayId, stayId));
  const raised: CareAlert[] = [];
  for (const arrival of rows.filter((r) => r.direction === "arrival")) {
    const departure = rows.find((r) => r.direction === "departure" && r.catId === arrival.catId);
    if (!departure) continue;
    const alert = await raiseWeightChangeAlert(db, {
      stayId,
      catId: arrival.catId,
      arrivalGrams: arrival.weightGrams,
      departureGrams: departure.weightGrams,
      now,
    });
    if (alert) raised.push(alert);
  }
  return raised;
}

// ---- Today ------------------------------------------------------------------------------------------

export interface CareAlertView {
  id: string;
  rule: CareAlertRule;
  what: string;
  detail: string;
  urgent: boolean;
  catName: string;
  suite: string;
  since: string;
  sinceText: string;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  acknowledgedTime: string | null;
  /** When the owner of the hotel was texted because nobody acknowledged it in 30 minutes (ADR 0188). */
  escalatedTime: string | null;
  /** When it closed itself, unacknowledged, because the cat went home (ADR 0197). */
  closedTime: string | null;
}

export interface CareAlertsToday {
  /** Not acknowledged yet, urgent first, then the oldest first. */
  open: CareAlertView[];
  /** Acknowledged since the business day began, or closed since then because the cat went home, latest first. */
  acknowledged: CareAlertView[];
}

/** What Today shows: the open alerts and those acknowledged (or closed) today. It only reads: the job raises them, the release closes them. */
export async function careAlertsToday(db: Db, now: Date): Promise<CareAlertsToday> {
  const dayStart = businessLocalToUtc(businessDate(now), "00:00");
  // Who acknowledged it, by name (ADR 0196), read with it: one round of reads for Today (ADR 0207).
  const base = () =>
    db
      .select({
        alert: careAlerts,
        catName: stayCats.catName,
        profileName: cats.name,
        suite: suites.name,
        ackedFullName: users.fullName,
        ackedEmail: users.email,
      })
      .from(careAlerts)
      .innerJoin(cats, eq(cats.id, careAlerts.catId))
      .leftJoin(stayCats, and(eq(stayCats.stayId, careAlerts.stayId), eq(stayCats.catId, careAlerts.catId)))
      .leftJoin(staySuites, eq(staySuites.id, stayCats.staySuiteId))
      .leftJoin(suites, eq(suites.id, staySuites.suiteId))
      .leftJoin(users, eq(users.id, careAlerts.acknowledgedByUserId));
  const [open, acknowledged] = await Promise.all([
    base()
      .where(and(isNull(careAlerts.acknowledgedAt), isNull(careAlerts.closedAt)))
      .orderBy(desc(careAlerts.urgent), asc(careAlerts.since), asc(cats.name)),
    base()
      .where(or(gte(careAlerts.acknowledgedAt, dayStart), gte(careAlerts.closedAt, dayStart)))
      .orderBy(desc(sql`coalesce(${careAlerts.acknowledgedAt}, ${careAlerts.closedAt})`)),
  ]);
  // The initials kept stand in for an account gone.
  const names = new Map(
    acknowledged.flatMap(({ alert, ackedFullName, ackedEmail }) =>
      alert.acknowledgedByUserId && ackedEmail ? [[alert.acknowledgedByUserId, teamMemberName({ fullName: ackedFullName, email: ackedEmail })]] : [],
    ),
  );
  const view = ({ alert: a, catName, profileName, suite }: (typeof open)[number]): CareAlertView => ({
    id: a.id,
    rule: a.rule,
    what: CARE_ALERT_LABELS[a.rule],
    detail: a.detail,
    urgent: a.urgent,
    catName: catName ?? profileName,
    suite: suite ?? "No suite",
    since: a.since.toISOString(),
    sinceText: formatBusinessDateTime(a.since),
    acknowledgedBy: a.acknowledgedBy && nameOr(names, a.acknowledgedByUserId, a.acknowledgedBy),
    acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
    acknowledgedTime: a.acknowledgedAt ? formatBusinessTime(a.acknowledgedAt) : null,
    escalatedTime: a.escalatedAt ? formatBusinessTime(a.escalatedAt) : null,
    closedTime: a.closedAt ? formatBusinessTime(a.closedAt) : null,
  });
  return { open: open.map(view), acknowledged: acknowledged.map(view) };
}

const ALERT_CLOSED = (at: Date) =>
  new AppError(409, "CARE_ALERT_CLOSED", `This alert closed itself when the cat went home, at ${formatBusinessDateTime(at)}. Reload the page.`);
const ALERT_NOT_FOUND = () => new AppError(404, "CARE_ALERT_NOT_FOUND", "We couldn't find that alert. Reload the page.");

/**
 * Records who acknowledged an alert and when, once: the update only fills an empty acknowledgement, so
 * of two staff acknowledging at once one does, and the other is told who did.
 */
export async function acknowledgeCareAlert(db: Db, staff: CareStaff, alertId: string, now: Date): Promise<CareAlert> {
  if (!isUuid(alertId)) throw ALERT_NOT_FOUND();
  const [done] = await db
    .update(careAlerts)
    .set({ acknowledgedByUserId: staff.userId, acknowledgedBy: initialsOf(staff.email), acknowledgedAt: now })
    .where(and(eq(careAlerts.id, alertId), isNull(careAlerts.acknowledgedAt), isNull(careAlerts.closedAt)))
    .returning();
  if (done) return done;
  const [alert] = await db.select().from(careAlerts).where(eq(careAlerts.id, alertId));
  if (!alert) throw ALERT_NOT_FOUND();
  if (alert.closedAt) throw ALERT_CLOSED(alert.closedAt);
  const names = await teamNames(db, [alert.acknowledgedByUserId]);
  throw new AppError(
    409,
    "CARE_ALERT_ACKNOWLEDGED",
    `${nameOr(names, alert.acknowledgedByUserId, alert.acknowledgedBy ?? "Someone")} acknowledged this alert already, at ${formatBusinessDateTime(alert.acknowledgedAt!)}. Reload the page.`,
  );
}

/**
 * Acknowledges at once the open alerts Today showed (ADR 0188), by the same conditional update as one
 * at a time: an alert someone acknowledged meanwhile keeps who did it. Answers how many this call
 * acknowledged and how many were acknowledged already.
 */
export async function acknowledgeCareAlerts(db: Db, staff: CareStaff, alertIds: string[], now: Date) {
  if (alertIds.length === 0) return { acknowledged: 0, already: 0 };
  const done = await db
    .update(careAlerts)
    .set({ acknowledgedByUserId: staff.userId, acknowledgedBy: initialsOf(staff.email), acknowledgedAt: now })
    .where(and(inArray(careAlerts.id, alertIds), isNull(careAlerts.acknowledgedAt), isNull(careAlerts.closedAt)))
    .returning({ id: careAlerts.id });
  const known = await db.select({ id: careAlerts.id }).from(careAlerts).where(inArray(careAlerts.id, alertIds));
  if (known.length === 0) throw ALERT_NOT_FOUND();
  return { acknowledged: done.length, already: known.length - done.length };
}
