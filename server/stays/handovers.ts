import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { initialsOf } from "~/domain/care-log";
import type { CatCarePlan } from "~/domain/check-in";
import { type DoseCount, type HandoverDirection, type PillCount, pillCountMismatch, pillCountWarning, totalDoses } from "~/domain/handover";
import type { CatHandoverInput } from "~/features/stays/handover-schema";
import { businessDate, businessLocalToUtc, formatBusinessTime, formatCalendarDayWeekday } from "~/lib/business-time";
import { customerLabel } from "~/domain/stay-wording";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { careEntries, catHandovers, cats, households, stayCats, stayCheckIns, staySuites, stays, suites, users } from "../db/schema/index";
import { catPhotoImage, catPhotoVersions } from "../households/photos";
import { AppError } from "../http/errors";
import { nameOr, teamNames } from "../auth/team-names";
import { stayBalance } from "./balance";
import { checkInStatuses, latestSignatures } from "./check-in";
import { STAY_NOT_FOUND } from "./stay";

/**
 * The hand-over at the desk (ADR 0161): at check-in staff weigh each cat, count the pills or doses
 * the owner brought and note the belongings; at check-out they weigh it again and count what they
 * hand back, which should be what came less the doses the care log says were given. Each is one
 * `cat_handovers` row per cat, written in the transaction of the check-in or check-out
 * (`recordHandover`, called by `changeStayAtDesk`), and never changed.
 */

/** What the desk posts with a check-in or a check-out. */
export interface DeskHandover {
  cats: CatHandoverInput[];
  /** Staff's id, kept with the rows (their initials are kept too, from the e-mail the desk action names). */
  staffUserId: string | null;
  /** Check-in: why the cat is checked in although the agreement is not signed. */
  overrideReason?: string;
  /** Check-out: staff counted again and hand back a pill count that differs from the care log. */
  countsChecked?: boolean;
}

type CatHandover = typeof catHandovers.$inferSelect;

const AGREEMENT_MISSING = "The boarding agreement is not signed. Ask the owner to sign it online, or give your reason to check the cat in without it.";

const CATS_CHANGED = () =>
  new AppError(409, "HANDOVER_CATS_CHANGED", "The cats on this stay have changed since you opened this page. Reload the page and count again.");

/** The stay, 404 for an unknown or malformed id, with its cats (those whose record still exists), their profiles and suites. */
async function deskStay(db: Db, stayId: string) {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [row] = await db
    .select({ stay: stays, householdId: households.id, household: households.name, email: users.email })
    .from(stays)
    .leftJoin(households, eq(households.id, stays.householdId))
    .leftJoin(users, eq(users.id, households.userId))
    .where(eq(stays.id, stayId));
  if (!row) throw STAY_NOT_FOUND();
  const { stay } = row;
  const household = customerLabel(row.householdId ? { name: row.household, email: row.email } : null);
  const [guests, [plan], rows] = await Promise.all([
    db
      .select({ catId: stayCats.catId, catName: stayCats.catName, profile: cats, suite: suites.name })
      .from(stayCats)
      .innerJoin(cats, eq(cats.id, stayCats.catId))
      .leftJoin(staySuites, eq(staySuites.id, stayCats.staySuiteId))
      .leftJoin(suites, eq(suites.id, staySuites.suiteId))
      .where(eq(stayCats.stayId, stayId))
      .orderBy(asc(stayCats.catName)),
    db.select().from(stayCheckIns).where(eq(stayCheckIns.stayId, stayId)),
    db.select().from(catHandovers).where(eq(catHandovers.stayId, stayId)),
  ]);
  const cards = guests.map((g) => ({
    catId: g.profile.id,
    name: g.catName ?? g.profile.name,
    profile: g.profile,
    suite: g.suite,
    plan: plan?.cats.find((c) => c.catId === g.profile.id) ?? null,
    arrival: rows.find((r) => r.catId === g.profile.id && r.direction === "arrival") ?? null,
    departure: rows.find((r) => r.catId === g.profile.id && r.direction === "departure") ?? null,
  }));
  return {
    stay,
    household,
    cats: cards,
    names: await teamNames(
      db,
      rows.map((r) => r.staffUserId),
    ),
  };
}

/** The weight the desk recorded when the cat arrived for this stay, in grams; null for a stay checked in before the desk weighed cats. */
export async function arrivalWeightOf(db: Db, stayId: string, catId: string): Promise<number | null> {
  const [row] = await db
    .select({ grams: catHandovers.weightGrams })
    .from(catHandovers)
    .where(and(eq(catHandovers.stayId, stayId), eq(catHandovers.catId, catId), eq(catHandovers.direction, "arrival")));
  return row?.grams ?? null;
}

/** The doses the care plan says came with the cat, one count per medication; one count when it names none. */
function plannedDoses(plan: Pick<CatCarePlan, "medications"> | null): DoseCount[] {
  const meds = plan?.medications ?? [];
  return meds.length > 0 ? meds.map((m) => ({ medication: m.name, count: m.doses })) : [{ medication: null, count: 0 }];
}

/** A hand-over as the desk reads it, with who counted by name (ADR 0196; the initials kept stand in for an account gone). */
const handoverView = (row: CatHandover | null, names: Map<string, string>) =>
  row && {
    weightGrams: row.weightGrams,
    doses: row.doses,
    belongings: row.belongings,
    by: nameOr(names, row.staffUserId, row.staffInitials),
    at: row.at.toISOString(),
  };

/** What the desk's check-in page shows: the stay's readiness (check-in status, the signature) and per cat what to count. */
export async function deskCheckInPage(db: Db, stayId: string, now: Date) {
  const { stay, cats: guests, names } = await deskStay(db, stayId);
  const [statuses, signatures] = await Promise.all([checkInStatuses(db, [stayId]), latestSignatures(db, [stayId])]);
  const signature = signatures.get(stayId);
  return {
    stay: { id: stay.id, status: stay.status, checkIn: stay.checkIn, checkOut: stay.checkOut },
    arrivesToday: stay.checkIn === businessDate(now),
    checkInStatus: statuses.get(stayId)!,
    signature: signature
      ? {
          signedName: signature.signedName,
          signedAt: signature.signedAt.toISOString(),
          witnessName: signature.witnessName,
          version: signature.agreementVersion,
        }
      : null,
    cats: guests.map((c) => ({
      catId: c.catId,
      name: c.name,
      doses: plannedDoses(c.plan),
      belongings: c.plan?.belongings ?? "",
      arrival: handoverView(c.arrival, names),
    })),
  };
}

/** The standing doses logged as given on a stay (a corrected entry counts as its correction says), per cat and medication. */
async function dosesGiven(db: Db, stayId: string) {
  const rows = await db
    .select({ catId: careEntries.catId, medication: careEntries.medication, given: sql<number>`count(*)::int` })
    .from(careEntries)
    .where(
      and(
        eq(careEntries.stayId, stayId),
        eq(careEntries.kind, "dose"),
        eq(careEntries.outcome, "given"),
        sql`not exists (select 1 from ${careEntries} as later where later.corrects_id = ${careEntries.id})`,
      ),
    )
    .groupBy(careEntries.catId, careEntries.medication);
  return rows;
}

/** Per cat: what came, what was given, and so what should go back; each medication's default is its own share. */
function expectedBack(arrival: CatHandover | null, given: { medication: string | null; given: number }[]) {
  const totalGiven = given.reduce((sum, g) => sum + g.given, 0);
  if (!arrival) return { received: null, given: totalGiven, doses: [{ medication: null, count: 0 }] as DoseCount[] };
  // The care log names a medication as the profile does ("Methimazole"); the plan may add its dose ("Methimazole 2.5 mg").
  const givenFor = (name: string | null) =>
    arrival.doses.length === 1 ? totalGiven : given.filter((g) => name && g.medication && name.startsWith(g.medication)).reduce((s, g) => s + g.given, 0);
  return {
    received: totalDoses(arrival.doses),
    given: totalGiven,
    doses: arrival.doses.map((d) => ({ medication: d.medication, count: Math.max(0, d.count - givenFor(d.medication)) })),
  };
}

/** What the desk's check-out page shows: per cat what came at check-in and what should go back, and the balance (ADR 0154). */
export async function deskCheckOutPage(db: Db, stayId: string) {
  const { stay, household, cats: guests, names } = await deskStay(db, stayId);
  const [given, balance] = await Promise.all([dosesGiven(db, stayId), stayBalance(db, stay)]);
  return {
    stay: { id: stay.id, status: stay.status, checkIn: stay.checkIn, checkOut: stay.checkOut },
    household,
    balance: { dueCents: balance.dueCents, paid: balance.paid.map(({ id: _, paidAt: __, ...p }) => p) },
    cats: guests.map((c) => {
      const back = expectedBack(
        c.arrival,
        given.filter((g) => g.catId === c.catId),
      );
      return {
        catId: c.catId,
        name: c.name,
        arrival: handoverView(c.arrival, names),
        received: back.received,
        given: back.given,
        doses: back.doses,
        belongings: c.arrival?.belongings ?? c.plan?.belongings ?? "",
        departure: handoverView(c.departure, names),
      };
    }),
  };
}

/** A printable card per cat for its suite's door: its photo, care, alerts, suite and dates. */
export async function suiteCards(db: Db, stayId: string) {
  const { stay, cats: guests } = await deskStay(db, stayId);
  const photos = await catPhotoVersions(
    db,
    guests.map((g) => g.catId),
  );
  return {
    stay: { id: stay.id, status: stay.status, checkIn: stay.checkIn, checkOut: stay.checkOut },
    cats: guests.map((c) => {
      const version = photos.get(c.catId);
      const medications =
        c.plan && c.plan.medications.length > 0
          ? c.plan.medications.map((m) => ({ name: m.name, times: m.times }))
          : c.profile.medications.map((m) => ({ name: [m.name, m.dose].filter(Boolean).join(" "), times: m.times }));
      const alerts = [
        c.profile.felvFivStatus === "positive" ? "FeLV/FIV positive" : "",
        c.profile.behaviourNotes ? `Notes: ${c.profile.behaviourNotes}` : "",
        c.plan?.hidingAndFears ? `Hiding places and fears: ${c.plan.hidingAndFears}` : "",
      ].filter(Boolean);
      return {
        catId: c.catId,
        name: c.name,
        photo: version ? catPhotoImage(c.catId, version) : null,
        suite: c.suite ?? "No suite",
        feeding: c.plan ? [c.plan.food, c.plan.amountPerMeal].filter(Boolean).join(", ") : (c.profile.feedingInstructions ?? ""),
        medications,
        alerts,
      };
    }),
  };
}

/** The pill count of each cat handed back at check-out, by name, where the arrival was counted. */
async function pillCounts(tx: Db, stayId: string, handedBack: CatHandoverInput[]) {
  const [arrivals, given, names] = await Promise.all([
    tx
      .select()
      .from(catHandovers)
      .where(and(eq(catHandovers.stayId, stayId), eq(catHandovers.direction, "arrival"))),
    dosesGiven(tx, stayId),
    tx.select({ catId: stayCats.catId, name: stayCats.catName }).from(stayCats).where(eq(stayCats.stayId, stayId)),
  ]);
  return handedBack.flatMap((cat) => {
    const arrival = arrivals.find((a) => a.catId === cat.catId);
    if (!arrival) return [];
    const count: PillCount = {
      received: totalDoses(arrival.doses),
      given: given.filter((g) => g.catId === cat.catId).reduce((sum, g) => sum + g.given, 0),
      handedBack: totalDoses(cat.doses),
    };
    return [{ catId: cat.catId, name: names.find((n) => n.catId === cat.catId)?.name ?? "A cat", ...count }];
  });
}

/** The last dose given at home, a time today at the desk, as an instant (ADR 0188); a time still to come is refused. */
function lastGivenAt(time: string, now: Date): string {
  const at = businessLocalToUtc(businessDate(now), time);
  if (at.getTime() > now.getTime() + 5 * 60_000)
    throw new AppError(
      400,
      "LAST_DOSE_TO_COME",
      `The last dose at home at ${formatBusinessTime(at)} is still to come: enter when it was given, earlier today.`,
    );
  return at.toISOString();
}

/**
 * The hand-over of a check-in or a check-out, in its transaction (`changeStayAtDesk`): checks the
 * rules and writes one row per cat; answers what the stay's event keeps (an override's reason, a
 * pill count that did not match). Other desk actions hand nothing over.
 */
export async function recordHandover(
  tx: Db,
  stay: typeof stays.$inferSelect,
  action: string,
  staff: string,
  ctx: { handover?: DeskHandover },
  now: Date,
): Promise<Record<string, unknown>> {
  if (action !== "checkIn" && action !== "checkOut") return {};
  const direction: HandoverDirection = action === "checkIn" ? "arrival" : "departure";
  const handover = ctx.handover;
  if (!handover)
    throw new AppError(
      400,
      "HANDOVER_MISSING",
      `Weigh each cat and count what is handed over on the stay's ${action === "checkIn" ? "check-in" : "check-out"} page.`,
    );
  const guests = await tx.select({ catId: stayCats.catId }).from(stayCats).where(eq(stayCats.stayId, stay.id));
  const catIds = guests.flatMap((g) => (g.catId ? [g.catId] : []));
  const posted = handover.cats.map((c) => c.catId);
  if (posted.length !== catIds.length || catIds.some((id) => !posted.includes(id))) throw CATS_CHANGED();

  const kept: Record<string, unknown> = {};
  let overrideReason: string | null = null;
  if (direction === "arrival") {
    if (stay.checkIn !== businessDate(now))
      throw new AppError(
        409,
        "CHECK_IN_NOT_TODAY",
        `This stay arrives on ${formatCalendarDayWeekday(stay.checkIn)}, not today. Check it in on its arrival day, or change its dates first.`,
      );
    const signed = (await latestSignatures(tx, [stay.id])).has(stay.id);
    if (!signed) {
      overrideReason = handover.overrideReason?.trim() || null;
      if (!overrideReason) throw new AppError(409, "AGREEMENT_NOT_SIGNED", AGREEMENT_MISSING, { fields: { overrideReason: AGREEMENT_MISSING } });
      kept.agreementOverride = overrideReason;
    }
  } else {
    const mismatched = (await pillCounts(tx, stay.id, handover.cats)).filter(pillCountMismatch);
    if (mismatched.length > 0) {
      const message = mismatched.map((m) => `${m.name}: ${pillCountWarning(m)}`).join(" ");
      if (!handover.countsChecked)
        throw new AppError(409, "PILL_COUNT_MISMATCH", `${message} Count again, or confirm the count you hand back.`, {
          fields: { countsChecked: "Count again, or confirm the count you hand back." },
        });
      kept.pillCountMismatch = mismatched.map(({ catId, received, given, handedBack }) => ({ catId, received, given, handedBack }));
    }
  }
  await tx.insert(catHandovers).values(
    handover.cats.map((c) => ({
      stayId: stay.id,
      catId: c.catId,
      direction,
      weightGrams: c.weight,
      doses: c.doses.map(({ lastGiven, ...d }) => (direction === "arrival" && lastGiven ? { ...d, lastGivenAt: lastGivenAt(lastGiven, now) } : d)),
      belongings: c.belongings,
      overrideReason,
      staffUserId: handover.staffUserId,
      staffInitials: initialsOf(staff),
      at: now,
    })),
  );
  return kept;
}

/** For tests and scripts: a stay's hand-over rows as stored. */
export const handoversOf = (db: Db, stayId: string) =>
  db
    .select()
    .from(catHandovers)
    .where(inArray(catHandovers.stayId, [stayId]))
    .orderBy(asc(catHandovers.at), asc(catHandovers.direction));
