import { and, asc, eq, or } from "drizzle-orm";
import { type CareKind, type EatenShare, LITTER_CHECKS, type StoolKind, initialsOf, mealsOf, eatenPoorly } from "~/domain/care-log";
import { type DoseOutcome, dosesOn, type NotDueReason, notDueReason, outsideWindow } from "~/domain/doses";
import { nightsSince, weighInDue } from "~/domain/weigh-ins";
import type { CareEntryInput } from "~/features/care/schema";
import { doseAccountText, doseWentWrong } from "~/domain/care-wording";
import type { Medication } from "~/domain/cat-options";
import { recipeImage } from "~/domain/images";
import type { DoseCount } from "~/domain/handover";
import { addBusinessDays, businessDate, businessLocalToUtc, formatBusinessTime } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { careEntries, carePhotoVariants, catHandovers, cats, doseClaims, stayCats, staySuites, stays, suites, users } from "../db/schema/index";
import { type ProcessedImage, processUpload } from "../media/process";
import { UNIQUE_VIOLATION, sqlStateOf } from "../db/sql-state";
import { readableBy } from "../db/owned";
import { AppError } from "../http/errors";
import { nameOr, teamNames } from "../auth/team-names";
import { teamMemberName } from "~/domain/team-names";
import { STAY_NOT_FOUND } from "../stays/stay";
import { arrivalWeightOf } from "../stays/handovers";
import { raiseWeightChangeAlert } from "./alerts";
import { type IncidentView, incidentCatName, incidentView, incidentsOf } from "./incidents";
import { type CareEntry, happenedAt, standing } from "./standing";
import type { CareStaff } from "./staff";
import { missedDosesOf } from "./missed";
import { type StayTimes, catsCheckedIn, stayTimesOf } from "./in-hotel";
import { inTransaction, type Tx } from "../db/transaction";

/**
 * The care log (ADR 0157): what staff do for each cat in the hotel, one appended row per tap, and what
 * is due for it today from its profile. Staff log and read through `careToday` and `logCareEntry`;
 * the household reads its stay's log through `careLog`.
 */

/** Who reads a stay's log: its household, or staff. */
export interface CareReader {
  userId: string;
  isStaff: boolean;
}

/** An entry as the pages show it: the row, its time in words, and whether a later entry corrected it. */
export interface CareEntryView {
  id: string;
  catId: string;
  kind: CareKind;
  day: string;
  at: string;
  time: string;
  meal: string | null;
  eaten: EatenShare | null;
  urine: boolean | null;
  stool: StoolKind | null;
  medication: string | null;
  dose: string | null;
  dueAt: string | null;
  dueTime: string | null;
  outcome: DoseOutcome | null;
  remark: string | null;
  /** A weigh-in's weight in grams (ADR 0169). */
  weightGrams: number | null;
  /** Who logged it, as the reader reads it: the team member's name for the team (ADR 0196), the initials kept on the row for the owner. */
  by: string;
  /** This entry corrects an earlier one. */
  isCorrection: boolean;
  /** A photo entry's image: its private addresses (the household's and staff's only). */
  photo: { src: string; srcSet: string; sizes: string; width: number; height: number } | null;
}

/** What an <img> of a care photo needs: its private addresses under the stay's page. */
export function carePhotoImage(stayId: string, entryId: string) {
  return recipeImage("care", (width) => `/trips/${stayId}/photos/${entryId}/${width}.webp`);
}

/**
 * Who did something, as a reader reads it (ADR 0196): the names of `teamNames` for the team, none for
 * the owner; the initials kept on the row stand in (the owner's reading, an account gone).
 */
const whoOf =
  (names: ReadonlyMap<string, string>) =>
  (row: { staffUserId: string | null; staffInitials: string }): string =>
    nameOr(names, row.staffUserId, row.staffInitials);
type Who = ReturnType<typeof whoOf>;

const view = (e: CareEntry, who: Who): CareEntryView => ({
  id: e.id,
  catId: e.catId,
  kind: e.kind,
  day: e.day,
  at: e.at.toISOString(),
  time: formatBusinessTime(e.at),
  meal: e.meal,
  eaten: e.eaten,
  urine: e.urine,
  stool: e.stool,
  medication: e.medication,
  dose: e.dose,
  dueAt: e.dueAt?.toISOString() ?? null,
  dueTime: e.dueAt ? formatBusinessTime(e.dueAt) : null,
  outcome: e.outcome,
  remark: e.remark,
  weightGrams: e.weightGrams,
  by: who(e),
  isCorrection: e.correctsId !== null,
  photo: e.kind === "photo" ? carePhotoImage(e.stayId, e.id) : null,
});

// ---- Today ------------------------------------------------------------------------------------------

export interface DueItem {
  /** What the form logs: a meal's name, or a dose's medication. */
  name: string;
  time: string;
  /** The entry that covers it, if one does. */
  done: CareEntryView | null;
  /** Its time has come and nothing covers it: on Today's "Not done yet" (a dose once its window has passed). */
  notDoneYet: boolean;
}

export interface DueDoseItem extends DueItem {
  dose: string;
  dueAt: string;
  window: string;
  /** The window has passed with no entry (never for a dose not due at the hotel). */
  late: boolean;
  /** Its window is open now and nothing is logged yet: on Today's "Due now" list, with the late ones. */
  dueNow: boolean;
  /** Not the hotel's to give (ADR 0188): due before the desk checked the cat in, or after its release at pickup; in words. */
  notDue: string | null;
}

export interface TodayCat {
  stayId: string;
  catId: string;
  name: string;
  checkOut: string;
  feedingInstructions: string | null;
  /** When the desk checked the cat in today (the arrival day), in words; null on other days. */
  arrivedAt: string | null;
  /** What the owner said at the desk about the last dose given at home, per medication ("Methimazole: 7:45 AM"). */
  lastDosesAtHome: string[];
  meals: DueItem[];
  doses: DueDoseItem[];
  litter: DueItem[];
  /**
   * On nights 7, 14, 21… of its stay the cat is weighed (ADR 0169), on nights 2, 4, 6… when it is on
   * medication or ate poorly yesterday or today (`closely`, ADR 0188): that night, and the weigh-in that covers it.
   */
  weighIn: { night: number; closely: boolean; done: CareEntryView | null } | null;
  /** Every standing entry of the day, latest first. */
  entries: CareEntryView[];
}

export interface TodaySuite {
  suite: string;
  cats: TodayCat[];
}

export interface CareToday {
  day: string;
  suites: TodaySuite[];
  /** Confirmed stays arriving today, not checked in yet. */
  arriving: { stayId: string; catNames: string[]; suite: string }[];
}

const NO_SUITE = "No suite";

/**
 * Every cat in the hotel now (stays checked in), by suite, with what is due today and what was logged;
 * and today's arrivals apart. One round of reads (ADR 0207): each read finds the stays in the hotel by
 * their status itself, rather than by the ids an earlier read answered, and the entries come with the
 * names of who logged them.
 */
export async function careToday(db: Db, now: Date): Promise<CareToday> {
  const day = businessDate(now);
  const inHotel = eq(stays.status, "checked_in");
  const [inHouse, arrivals, logged, arrived] = await Promise.all([
    catsCheckedIn(db).orderBy(asc(suites.sortOrder), asc(suites.name), asc(cats.name)),
    db
      .select({ stayId: stays.id, catName: stayCats.catName, suite: suites.name })
      .from(stays)
      .innerJoin(stayCats, eq(stayCats.stayId, stays.id))
      .leftJoin(staySuites, eq(staySuites.id, stayCats.staySuiteId))
      .leftJoin(suites, eq(suites.id, staySuites.suiteId))
      .where(and(eq(stays.status, "confirmed"), eq(stays.checkIn, day)))
      .orderBy(asc(suites.name), asc(stayCats.catName)),
    // Yesterday's meals too: a cat that ate poorly then is weighed more often.
    db
      .select({ entry: careEntries, fullName: users.fullName, email: users.email })
      .from(careEntries)
      .innerJoin(stays, eq(stays.id, careEntries.stayId))
      .leftJoin(users, eq(users.id, careEntries.staffUserId))
      .where(and(inHotel, or(eq(careEntries.day, day), and(eq(careEntries.day, addBusinessDays(day, -1)), eq(careEntries.kind, "meal"))))),
    // The desk's arrival records: the last dose given at home.
    db
      .select({ stayId: catHandovers.stayId, catId: catHandovers.catId, doses: catHandovers.doses })
      .from(catHandovers)
      .innerJoin(stays, eq(stays.id, catHandovers.stayId))
      .where(and(inHotel, eq(catHandovers.direction, "arrival"))),
  ]);
  const entries = logged.map((r) => r.entry);
  // The team reads who logged what by name (ADR 0196).
  const who = whoOf(
    new Map(logged.flatMap((r) => (r.entry.staffUserId && r.email ? [[r.entry.staffUserId, teamMemberName({ fullName: r.fullName, email: r.email })]] : []))),
  );
  const entriesOf = new Map<string, CareEntry[]>();
  for (const e of entries) {
    const key = `${e.stayId} ${e.catId}`;
    const list = entriesOf.get(key);
    if (list) list.push(e);
    else entriesOf.set(key, [e]);
  }
  const bySuite = new Map<string, TodayCat[]>();
  for (const r of inHouse) {
    const all = entriesOf.get(`${r.stayId} ${r.catId}`) ?? [];
    const both = standing(all);
    const own = both.filter((e) => e.day === day);
    const closely = r.medications.length > 0 || both.some((e) => e.kind === "meal" && eatenPoorly(e.eaten));
    const stayTimes: StayTimes = r;
    const cat: TodayCat = {
      stayId: r.stayId,
      catId: r.catId,
      name: r.catName ?? r.profileName,
      checkOut: r.checkOut,
      feedingInstructions: r.feedingInstructions,
      arrivedAt: arrivedToday(stayTimes, day) ? formatBusinessTime(stayTimes.checkedInAt!) : null,
      lastDosesAtHome: arrivedToday(stayTimes, day) ? lastDosesAtHome(arrived.find((a) => a.stayId === r.stayId && a.catId === r.catId)?.doses ?? []) : [],
      ...dueToday(day, now, r.feedingInstructions, r.medications, own, stayTimes, happenedAt(all), who),
      weighIn: weighInToday(r.checkIn, day, own, closely, who),
      entries: own.toReversed().map((e) => view(e, who)),
    };
    const suite = r.suite ?? NO_SUITE;
    bySuite.set(suite, [...(bySuite.get(suite) ?? []), cat]);
  }
  const arriving = new Map<string, { stayId: string; catNames: string[]; suite: string }>();
  for (const a of arrivals) {
    const seen = arriving.get(a.stayId) ?? { stayId: a.stayId, catNames: [], suite: a.suite ?? NO_SUITE };
    seen.catNames.push(a.catName ?? "A cat");
    arriving.set(a.stayId, seen);
  }
  return {
    day,
    suites: [...bySuite].map(([suite, list]) => ({ suite, cats: list })),
    arriving: [...arriving.values()],
  };
}

const arrivedToday = (times: StayTimes, day: string) => times.checkedInAt !== null && businessDate(times.checkedInAt) === day;

/** The desk's record of the last dose given at home (a time of the arrival day), per medication, in words (ADR 0188). */
function lastDosesAtHome(doses: DoseCount[]): string[] {
  return doses.flatMap((d) => (d.lastGivenAt ? [`${d.medication ?? "Medication"} at ${formatBusinessTime(new Date(d.lastGivenAt))}`] : []));
}

/** Why a dose is not the hotel's to give, in words for Today. */
function notDueText(reason: NotDueReason | null, times: StayTimes): string | null {
  if (reason === "before_arrival") return `Due before check-in at ${formatBusinessTime(times.checkedInAt!)}: given at home, not due here`;
  if (reason === "after_release") return `Due after pickup at ${formatBusinessTime(times.releasedAt!)}: not due here`;
  return null;
}

/** What a cat's profile makes due on `day`, each with the standing entry that covers it; a dose before check-in or after release is not due (ADR 0188). */
export function dueToday(
  day: string,
  now: Date,
  feedingInstructions: string | null,
  medications: Medication[],
  own: CareEntry[],
  times: StayTimes,
  when: (e: CareEntry) => Date,
  who: Who,
) {
  const meals = mealsOf(feedingInstructions).map((m) => {
    const done = own.find((e) => e.kind === "meal" && e.meal === m.name);
    const due = businessLocalToUtc(day, m.time);
    return { name: m.name, time: formatBusinessTime(due), done: done ? view(done, who) : null, notDoneYet: !done && now >= due };
  });
  const doses = dosesOn(medications, day).map((d) => {
    const done = own.find((e) => e.kind === "dose" && e.medication === d.medication && e.dueAt?.getTime() === d.dueAt.getTime());
    const late = !done && now > d.windowEnd && !notDueReason(d.dueAt, times);
    return {
      name: d.medication,
      dose: d.dose,
      time: formatBusinessTime(d.dueAt),
      dueAt: d.dueAt.toISOString(),
      window: `${formatBusinessTime(d.windowStart)}–${formatBusinessTime(d.windowEnd)}`,
      late,
      notDoneYet: late,
      dueNow: !done && now >= d.windowStart && now <= d.windowEnd && !notDueReason(d.dueAt, times),
      notDue: done ? null : notDueText(notDueReason(d.dueAt, times), times),
      done: done ? view(done, who) : null,
    };
  });
  // A litter entry covers the check nearest to when it happened (a correction, the time of what it
  // corrects): an evening check logged after a missed morning one fills the evening's slot (ADR 0197).
  const checks = LITTER_CHECKS.map((c) => ({ name: c.name, at: businessLocalToUtc(day, c.time) }));
  const nearestCheck = (e: CareEntry) =>
    checks.reduce((best, c) => (Math.abs(when(e).getTime() - c.at.getTime()) < Math.abs(when(e).getTime() - best.at.getTime()) ? c : best)).name;
  const litter = checks.map((c) => {
    const done = own.findLast((e) => e.kind === "litter" && nearestCheck(e) === c.name);
    return { name: c.name, time: formatBusinessTime(c.at), done: done ? view(done, who) : null, notDoneYet: !done && now >= c.at };
  });
  return { meals, doses, litter };
}

/** The weigh-in due on `day` for a cat checked in on `checkIn` (nights 7, 14, 21…), with the standing weight entry of the day; null on other days. */
function weighInToday(checkIn: string, day: string, own: CareEntry[], closely: boolean, who: Who): TodayCat["weighIn"] {
  if (!weighInDue(checkIn, day, closely)) return null;
  const done = own.findLast((e) => e.kind === "weight");
  return { night: nightsSince(checkIn, day), closely, done: done ? view(done, who) : null };
}

// ---- Logging ----------------------------------------------------------------------------------------

const CAT_NOT_IN_HOTEL = () => new AppError(404, "CAT_NOT_IN_HOTEL", "That cat is not in the hotel now. Reload the page.");
const ENTRY_NOT_FOUND = () => new AppError(404, "CARE_ENTRY_NOT_FOUND", "We couldn't find the entry to correct. Reload the page.");
const ALREADY_CORRECTED = () => new AppError(409, "CARE_ENTRY_CORRECTED", "That entry has been corrected already. Reload the page to correct the correction.");

/**
 * The refusal of a second "given" (ADR 0188): who gave the dose and when, so the person who tapped
 * second knows not to give it again. A mistake is corrected on the entry that gave it.
 */
async function alreadyGiven(db: Db, claim: { catId: string; medication: string; dueAt: Date }): Promise<AppError> {
  const [given] = await db
    .select({ at: careEntries.at, initials: careEntries.staffInitials, email: users.email, fullName: users.fullName })
    .from(doseClaims)
    .innerJoin(careEntries, eq(careEntries.id, doseClaims.entryId))
    .leftJoin(users, eq(users.id, careEntries.staffUserId))
    .where(and(eq(doseClaims.catId, claim.catId), eq(doseClaims.medication, claim.medication), eq(doseClaims.dueAt, claim.dueAt)));
  const message = given
    ? `Given at ${formatBusinessTime(given.at)} by ${given.email ? teamMemberName({ fullName: given.fullName, email: given.email }) : given.initials}. Do not give it again: to change what was logged, correct that entry.`
    : "This dose has just been logged. Reload the page.";
  return new AppError(409, "DOSE_ALREADY_GIVEN", message);
}

export const outOfWindowMessage = (due: Date) => `This dose was due at ${formatBusinessTime(due)}, more than 60 minutes ago or ahead: say why in a remark.`;

/**
 * Logs one entry for a cat in the hotel (its stay checked in), by `staff` at `now`; a correction names
 * the entry it replaces, which must be the same cat's on the same stay and not corrected yet. A dose
 * must be one the cat's profile makes due (its medication at that time), and one logged outside its
 * window needs a remark. A weigh-in is compared with the desk's arrival weight in its transaction and
 * raises the weight-change alert once for that day at 5 % or more (ADR 0164, 0169). Nothing is ever
 * updated.
 */
export async function logCareEntry(db: Db, staff: CareStaff, input: CareEntryInput, now: Date, photo?: ProcessedImage): Promise<CareEntry> {
  if (input.intent === "photo" && !photo) throw new AppError(400, "IMAGE_MISSING", "Take or choose a photo.");
  const [cat] = await db
    .select({ medications: cats.medications, name: cats.name, checkIn: stays.checkIn })
    .from(stayCats)
    .innerJoin(stays, eq(stays.id, stayCats.stayId))
    .innerJoin(cats, eq(cats.id, stayCats.catId))
    .where(and(eq(stayCats.stayId, input.stayId), eq(stayCats.catId, input.catId), eq(stays.status, "checked_in")));
  if (!cat) throw CAT_NOT_IN_HOTEL();
  if (input.correctsId) {
    const [old] = await db.select({ stayId: careEntries.stayId, catId: careEntries.catId }).from(careEntries).where(eq(careEntries.id, input.correctsId));
    if (!old || old.stayId !== input.stayId || old.catId !== input.catId) throw ENTRY_NOT_FOUND();
    const [taken] = await db.select({ id: careEntries.id }).from(careEntries).where(eq(careEntries.correctsId, input.correctsId));
    if (taken) throw ALREADY_CORRECTED();
  }
  const row: typeof careEntries.$inferInsert = {
    stayId: input.stayId,
    catId: input.catId,
    kind: input.intent,
    day: businessDate(now),
    correctsId: input.correctsId ?? null,
    staffUserId: staff.userId,
    staffInitials: initialsOf(staff.email),
    at: now,
  };
  switch (input.intent) {
    case "meal":
      Object.assign(row, { meal: input.meal, eaten: input.eaten });
      break;
    case "litter":
      Object.assign(row, { urine: input.urine, stool: input.stool });
      break;
    case "dose": {
      const dueAt = new Date(input.dueAt);
      const due = dosesOn(cat.medications, businessDate(dueAt)).find((d) => d.medication === input.medication && d.dueAt.getTime() === dueAt.getTime());
      if (!due) throw new AppError(409, "DOSE_NOT_IN_PROFILE", `${cat.name}'s profile no longer has ${input.medication} at that time. Reload the page.`);
      const times = (await stayTimesOf(db, [input.stayId])).get(input.stayId)!;
      const notDue = notDueText(notDueReason(due.dueAt, times), times);
      if (notDue) throw new AppError(409, "DOSE_NOT_DUE_HERE", `${notDue}. Nothing was logged.`);
      if (outsideWindow(due.dueAt, now) && !input.remark)
        throw new AppError(400, "DOSE_OUT_OF_WINDOW", outOfWindowMessage(due.dueAt), { fields: { remark: outOfWindowMessage(due.dueAt) } });
      Object.assign(row, {
        medication: due.medication,
        dose: due.dose,
        dueAt: due.dueAt,
        outcome: input.outcome,
        remark: input.remark ?? null,
        day: businessDate(dueAt),
      });
      break;
    }
    case "weight":
      row.weightGrams = input.weight;
      break;
    case "water":
    case "play":
    case "photo":
    case "note":
      row.remark = input.remark ?? null;
      break;
  }
  const doseKey = row.kind === "dose" ? { catId: input.catId, medication: row.medication!, dueAt: row.dueAt! } : null;
  try {
    return await inTransaction(db, async (tx) => {
      const [saved] = await tx.insert(careEntries).values(row).returning();
      // One "given" a dose (ADR 0188): a correction gives up its entry's claim, a given takes it; whoever
      // holds it, a second "given" (or a fresh entry for a dose given already) is told who gave it.
      if (input.correctsId) await tx.delete(doseClaims).where(eq(doseClaims.entryId, input.correctsId));
      if (doseKey && row.outcome === "given") {
        const [claim] = await tx
          .insert(doseClaims)
          .values({ ...doseKey, stayId: input.stayId, entryId: saved!.id })
          .onConflictDoNothing()
          .returning();
        if (!claim) throw await alreadyGiven(tx, doseKey);
      } else if (doseKey && !input.correctsId) {
        const [claim] = await tx
          .select({ entryId: doseClaims.entryId })
          .from(doseClaims)
          .where(and(eq(doseClaims.catId, doseKey.catId), eq(doseClaims.medication, doseKey.medication), eq(doseClaims.dueAt, doseKey.dueAt)));
        if (claim) throw await alreadyGiven(tx, doseKey);
      }
      if (input.intent === "photo") await tx.insert(carePhotoVariants).values(photo!.variants.map((v) => ({ entryId: saved!.id, ...v })));
      if (input.intent === "weight") await weighInAlert(tx, saved!, cat.checkIn);
      return saved!;
    });
  } catch (error) {
    // Two staff correcting the same entry at once: the unique index lets one through.
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw ALREADY_CORRECTED();
    throw error;
  }
}

/**
 * A weigh-in against the weight the desk recorded at arrival (`cat_handovers`): 5 % or more either way
 * raises the weight-change alert, keyed by the day, so a correction that day raises no second one. A
 * stay checked in before the desk weighed cats has nothing to compare with.
 */
async function weighInAlert(tx: Tx, entry: CareEntry, checkIn: string) {
  const arrivalGrams = await arrivalWeightOf(tx, entry.stayId, entry.catId);
  if (arrivalGrams === null || entry.weightGrams === null) return;
  await raiseWeightChangeAlert(tx, {
    stayId: entry.stayId,
    catId: entry.catId,
    arrivalGrams,
    departureGrams: entry.weightGrams,
    now: entry.at,
    occasion: { key: `weigh-in ${entry.day}`, label: `at the weigh-in on night ${nightsSince(checkIn, entry.day)}` },
  });
}

// ---- The owner's view -------------------------------------------------------------------------------

/** A standing entry in the owner's log; a dose also says plainly what became of it (ADR 0188). */
export type CareLogEntry = CareEntryView & {
  catName: string;
  doseText: string | null;
  wentWrong: boolean;
};

/** A dose nobody logged, in the owner's log: missed, and what the team did about it. */
export interface CareLogMissedDose {
  id: string;
  catName: string;
  time: string;
  text: string;
}

export interface CareLog {
  stay: { id: string; status: string; checkIn: string; checkOut: string; catNames: string[] };
  /** Each business day with something logged, latest first: its incidents (as they happened), its missed doses, and its entries (latest first). */
  days: { day: string; incidents: (IncidentView & { by: string })[]; missed: CareLogMissedDose[]; entries: CareLogEntry[] }[];
}

/**
 * A stay's care log, by day (business days, latest first), the standing entries only, its incidents and
 * the doses missed up to `now` (ADR 0188); its household's or staff's, 404 for anyone else.
 */
export async function careLog(db: Db, reader: CareReader, stayId: string, now: Date): Promise<CareLog> {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [stay] = await db
    .select({ id: stays.id, status: stays.status, checkIn: stays.checkIn, checkOut: stays.checkOut })
    .from(stays)
    .where(and(eq(stays.id, stayId), readableBy(stays.householdId, { userId: reader.userId, seesEveryHousehold: reader.isStaff })));
  if (!stay) throw STAY_NOT_FOUND();
  const [guests, entries, incidents] = await Promise.all([
    db.select({ catId: stayCats.catId, name: stayCats.catName }).from(stayCats).where(eq(stayCats.stayId, stayId)).orderBy(asc(stayCats.catName)),
    db.select().from(careEntries).where(eq(careEntries.stayId, stayId)),
    incidentsOf(db, stayId),
  ]);
  const [missed, names] = await Promise.all([
    missedDosesOf(db, [stayId], now, undefined, { entries, readByTeam: reader.isStaff }),
    // The team reads who did what by name; the owner reads initials, as the diary and the mails give them.
    reader.isStaff ? teamNames(db, [...entries.map((e) => e.staffUserId), ...incidents.map((i) => i.staffUserId)]) : new Map<string, string>(),
  ]);
  const who = whoOf(names);
  const nameOf = (catId: string) => guests.find((g) => g.catId === catId)?.name ?? "A cat";
  const days = new Map<string, CareLog["days"][number]>();
  const dayOf = (day: string) => days.get(day) ?? days.set(day, { day, incidents: [], missed: [], entries: [] }).get(day)!;
  const when = happenedAt(entries);
  for (const e of standing(entries).toReversed()) {
    const account = e.kind === "dose" && e.dueAt ? { ...e, at: when(e), dueAt: e.dueAt } : null;
    dayOf(e.day).entries.push({
      ...view(e, who),
      catName: nameOf(e.catId),
      doseText: account ? doseAccountText(account) : null,
      wentWrong: account ? doseWentWrong(account) : false,
    });
  }
  for (const m of missed)
    dayOf(m.day).missed.push({
      id: `${m.catId} ${m.medication} ${m.dueAt.toISOString()}`,
      catName: m.catName,
      time: formatBusinessTime(m.dueAt),
      text: doseAccountText({ ...m, at: null, outcome: null, remark: null }),
    });
  for (const i of incidents) {
    const seen = incidentView(i, incidentCatName(i.catId, guests));
    dayOf(seen.day).incidents.push({ ...seen, by: who(i) });
  }
  return {
    stay: { id: stay.id, status: stay.status, checkIn: stay.checkIn, checkOut: stay.checkOut, catNames: guests.map((g) => g.name ?? "A cat") },
    days: [...days.values()].sort((a, b) => b.day.localeCompare(a.day)),
  };
}

// ---- The staff stay page ----------------------------------------------------------------------------

export interface StaffStayCat {
  catId: string;
  name: string;
  feedingInstructions: string | null;
  medications: Medication[];
  behaviourNotes: string | null;
}

export interface StaffStay {
  log: CareLog;
  /** The suites the stay's cats sleep in ("Garden 2"), each once. */
  suites: string[];
  /** Each cat's profile essentials, as the profile says now. */
  cats: StaffStayCat[];
}

/** A stay as staff read it (ADR 0165): its log and incidents, its suites, each cat's feeding, medications and notes. An unknown or malformed id is a 404. */
export async function staffStay(db: Db, staff: Pick<CareReader, "userId">, stayId: string, now: Date): Promise<StaffStay> {
  const log = await careLog(db, { userId: staff.userId, isStaff: true }, stayId, now);
  const rows = await db
    .select({
      catId: cats.id,
      catName: stayCats.catName,
      profileName: cats.name,
      feedingInstructions: cats.feedingInstructions,
      medications: cats.medications,
      behaviourNotes: cats.behaviourNotes,
      suite: suites.name,
    })
    .from(stayCats)
    .innerJoin(cats, eq(cats.id, stayCats.catId))
    .leftJoin(staySuites, eq(staySuites.id, stayCats.staySuiteId))
    .leftJoin(suites, eq(suites.id, staySuites.suiteId))
    .where(eq(stayCats.stayId, stayId))
    .orderBy(asc(stayCats.catName));
  return {
    log,
    suites: [...new Set(rows.map((r) => r.suite ?? NO_SUITE))],
    cats: rows.map((r) => ({
      catId: r.catId,
      name: r.catName ?? r.profileName,
      feedingInstructions: r.feedingInstructions,
      medications: r.medications,
      behaviourNotes: r.behaviourNotes,
    })),
  };
}

/** For tests and scripts: every entry of a stay as stored, oldest first. */
export const entriesOf = (db: Db, stayId: string) => db.select().from(careEntries).where(eq(careEntries.stayId, stayId)).orderBy(asc(careEntries.at));

const PHOTO_NOT_FOUND = () => new AppError(404, "PHOTO_NOT_FOUND", "We couldn't find that photo.");

/** One size of a care photo, for the stay's household or staff; anyone else gets the same 404 as for no photo. */
export async function readCarePhoto(db: Db, reader: CareReader, stayId: string, entryId: string, width: number): Promise<Buffer> {
  if (!isUuid(stayId) || !isUuid(entryId)) throw PHOTO_NOT_FOUND();
  const [row] = await db
    .select({ bytes: carePhotoVariants.bytes })
    .from(carePhotoVariants)
    .innerJoin(careEntries, eq(careEntries.id, carePhotoVariants.entryId))
    .innerJoin(stays, eq(stays.id, careEntries.stayId))
    .where(
      and(
        eq(carePhotoVariants.entryId, entryId),
        eq(careEntries.stayId, stayId),
        eq(carePhotoVariants.width, width),
        readableBy(stays.householdId, { userId: reader.userId, seesEveryHousehold: reader.isStaff }),
      ),
    );
  if (!row) throw PHOTO_NOT_FOUND();
  return row.bytes;
}

/** Checks and resizes a photo taken on the phone before anything is saved; a refusal names the photo field. */
export async function processCarePhoto(bytes: Buffer): Promise<ProcessedImage> {
  try {
    return await processUpload(bytes, "care");
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.status, error.code, error.message, { fields: { photo: error.message } });
    throw error;
  }
}
