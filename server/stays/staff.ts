import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { HOLDING_STATUSES, type StayStatus } from "~/domain/stay-status";
import { nightsOf } from "~/domain/calendar";
import type { BookStayRequest } from "~/features/stays/schema";
import { customerLabel } from "~/domain/stay-wording";
import { addBusinessDays } from "~/lib/business-time";
import { lockForBooking } from "../db/booking-lock";
import type { Db } from "../db/client";
import { households, staySuites, stayCats, stayEvents, stays, suites, users } from "../db/schema/index";
import { EXCLUSION_VIOLATION, sqlStateOf } from "../db/sql-state";
import { householdAccount } from "../households/households";
import { isUuid } from "~/lib/ids";
import { AppError } from "../http/errors";
import { balanceAtCheckOut } from "./check-out";
import { type DeskHandover, recordHandover } from "./handovers";
import { PICKUP_TEXT, releaseOf } from "./pickup";
import { overdueStayIds } from "./overdue";
import { issueReceipt } from "./receipts";
import { type StayMailKind, queueStayMail } from "./stay-mail";
import { grantReferralCredit, returnReferralCredits } from "../referrals/referrals";
import { lockBookedStay, passOnFirstNightFree } from "./first-night";
import { bookStay } from "./book";
import { STAY_NOT_FOUND, type Stay } from "./stay";
import { inTransaction, type Tx } from "../db/transaction";

/**
 * The staff's side of stays (admin Stays): the day's arrivals and departures, the occupancy grid,
 * the review queue, and each change a stay goes through at the desk. Every change is one
 * transaction that appends to the stay's event log.
 */

export interface StaffStay {
  id: string;
  status: StayStatus;
  checkIn: string;
  checkOut: string;
  /** Who the stay is for: the household's name, else the account's e-mail ("Deleted account" once deleted). */
  household: string;
  email: string | null;
  phone: string | null;
  catNames: string[];
  suiteNames: string[];
  totalCents: number;
  /** The first night given back to a new customer, 0 when none. */
  firstNightFreeCents: number;
  /** The night a referral credit took off (ADR 0153), 0 when none. */
  referralCreditCents: number;
  notes: string;
  medication: boolean;
}

/** Stays with who they are for, their cats and their current suites. */
async function staffStays(db: Db, where: ReturnType<typeof and>): Promise<StaffStay[]> {
  const rows = await db
    .select({ stay: stays, householdId: households.id, household: households.name, phone: households.mobilePhone, email: users.email })
    .from(stays)
    .leftJoin(households, eq(households.id, stays.householdId))
    .leftJoin(users, eq(users.id, households.userId))
    .where(where)
    .orderBy(asc(stays.checkIn), asc(stays.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.stay.id);
  const [guests, rooms] = await Promise.all([
    db.select().from(stayCats).where(inArray(stayCats.stayId, ids)),
    db
      .select({ stayId: staySuites.stayId, name: suites.name, releasedAt: staySuites.releasedAt })
      .from(staySuites)
      .innerJoin(suites, eq(suites.id, staySuites.suiteId))
      .where(inArray(staySuites.stayId, ids)),
  ]);
  return rows.map(({ stay, householdId, household, phone, email }) => ({
    id: stay.id,
    status: stay.status,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    household: customerLabel(householdId ? { name: household, email } : null),
    email,
    phone,
    catNames: guests.filter((g) => g.stayId === stay.id).map((g) => g.catName ?? "A cat"),
    suiteNames: rooms
      .filter((r) => r.stayId === stay.id && (r.releasedAt === null || !(HOLDING_STATUSES as readonly StayStatus[]).includes(stay.status)))
      .map((r) => r.name),
    totalCents: stay.totalCents,
    firstNightFreeCents: stay.firstNightFreeCents,
    referralCreditCents: stay.referralCreditCents,
    notes: stay.notes,
    medication: stay.medication,
  }));
}

/** The desk's day: who arrives and who leaves on `date`. */
export async function deskDay(db: Db, date: string) {
  const [arrivals, departures] = await Promise.all([
    staffStays(db, and(eq(stays.checkIn, date), inArray(stays.status, ["pending_review", "confirmed", "checked_in", "no_show"]))),
    staffStays(db, and(eq(stays.checkOut, date), inArray(stays.status, ["confirmed", "checked_in", "checked_out"]))),
  ]);
  return { arrivals, departures };
}

/**
 * The cats not collected by the end of their departure window (ADR 0182), still checked in and
 * holding their suite: the desk lists them first, under "Overdue pickups".
 */
export async function overduePickups(db: Db, now: Date): Promise<StaffStay[]> {
  const ids = await overdueStayIds(db, now);
  return ids.length === 0 ? [] : staffStays(db, inArray(stays.id, ids));
}

/**
 * Stays that checked out in the `days` days up to `today`: those a customer may still ask the
 * satisfaction guarantee for (ADR 0151), staff seeing a few days past its 7.
 */
export const recentlyCheckedOut = (db: Db, today: string, days: number) =>
  staffStays(db, and(eq(stays.status, "checked_out"), gte(stays.checkOut, addBusinessDays(today, -days)), lte(stays.checkOut, today)));

/** Stays waiting for staff to check a vaccine record, soonest arrival first. */
export const reviewQueue = (db: Db) => staffStays(db, eq(stays.status, "pending_review"));

/**
 * Stays to come that hold no suite, soonest arrival first: those staff made as appointments before
 * stays were stays, carried over by migration 0016 (ADR 0146). Staff give each one with Move.
 */
export const staysWithoutSuite = (db: Db, today: string) =>
  staffStays(
    db,
    and(
      inArray(stays.status, ["confirmed", "pending_review", "checked_in"]),
      sql`${stays.checkOut} > ${today}`,
      sql`not exists (select 1 from ${staySuites} where ${staySuites.stayId} = ${stays.id} and ${staySuites.releasedAt} is null)`,
    ),
  );

export interface GridRow {
  suiteId: string;
  suiteName: string;
  inService: boolean;
  /** One entry per night: the stay in the suite that night, or null. */
  nights: ({ stayId: string; label: string; status: StayStatus; starts: boolean } | null)[];
}

/**
 * Suites by night for `days` nights from `from`, each night showing the stay that holds the suite and
 * the cats who sleep in it. A cat is in one suite a night: the database holds that (ADR 0141).
 */
export async function occupancyGrid(db: Db, from: string, days: number): Promise<{ nights: string[]; rows: GridRow[] }> {
  const to = addBusinessDays(from, days);
  const nights = nightsOf(from, to);
  const [allSuites, held] = await Promise.all([
    db.select().from(suites).orderBy(asc(suites.sortOrder), asc(suites.name)),
    db
      .select({
        rowId: staySuites.id,
        suiteId: staySuites.suiteId,
        checkIn: staySuites.checkIn,
        checkOut: staySuites.checkOut,
        stayId: stays.id,
        status: stays.status,
        householdId: households.id,
        household: households.name,
        email: users.email,
      })
      .from(staySuites)
      .innerJoin(stays, eq(stays.id, staySuites.stayId))
      .leftJoin(households, eq(households.id, stays.householdId))
      .leftJoin(users, eq(users.id, households.userId))
      .where(and(isNull(staySuites.releasedAt), sql`daterange(${staySuites.checkIn}, ${staySuites.checkOut}) && daterange(${from}::date, ${to}::date)`)),
  ]);
  const guests = held.length
    ? await db
        .select()
        .from(stayCats)
        .where(inArray(stayCats.stayId, [...new Set(held.map((h) => h.stayId))]))
    : [];
  return {
    nights,
    rows: allSuites.map((suite) => ({
      suiteId: suite.id,
      suiteName: suite.name,
      inService: suite.inService,
      nights: nights.map((night) => {
        const h = held.find((x) => x.suiteId === suite.id && x.checkIn <= night && night < x.checkOut);
        if (!h) return null;
        // The cats who sleep in this suite, not every cat of the stay: a stay in separate suites shows each cat once.
        const cats = guests.filter((g) => g.staySuiteId === h.rowId).map((g) => g.catName ?? "A cat");
        return {
          stayId: h.stayId,
          label: `${cats.join(" & ")} (${customerLabel(h.householdId ? { name: h.household, email: h.email } : null)})`,
          status: h.status,
          starts: h.checkIn === night || night === from,
        };
      }),
    })),
  };
}

export const STAFF_ACTIONS = ["approve", "decline", "checkIn", "checkOut", "noShow"] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Which status each desk action moves a stay from, and to; whether it frees the suite; which mail it sends. */
const TRANSITIONS: Record<StaffAction, { from: StayStatus[]; to: StayStatus; release: boolean; mail: StayMailKind | null }> = {
  approve: { from: ["pending_review"], to: "confirmed", release: false, mail: "confirmed" },
  decline: { from: ["pending_review"], to: "declined", release: true, mail: "declined" },
  checkIn: { from: ["confirmed"], to: "checked_in", release: false, mail: null },
  checkOut: { from: ["checked_in"], to: "checked_out", release: false, mail: null },
  noShow: { from: ["confirmed"], to: "no_show", release: true, mail: null },
};

/** What the check-out does in its transaction once the stay is checked out (the weight alerts, which live in a domain above this one). */
export type AfterCheckOut = (tx: Tx, stayId: string, now: Date) => Promise<unknown>;

/**
 * A desk action on a stay, refused (409) when the stay is not in a status it applies to; a check-out
 * also when the cat has not been released to someone (ADR 0162, 0168).
 */
export async function changeStayAtDesk(
  db: Db,
  stayId: string,
  action: StaffAction,
  staff: string,
  ctx: { siteUrl: string; now: Date; reason?: string; handover?: DeskHandover; afterCheckOut?: AfterCheckOut },
) {
  const now = ctx.now;
  const rule = TRANSITIONS[action];
  return inTransaction(db, async (tx) => {
    // A decline passes the first night free on under the person's locks: those first, then the row (ADR 0199).
    if (action === "decline" && isUuid(stayId)) await lockBookedStay(tx, stayId);
    const [stay] = isUuid(stayId) ? await tx.select().from(stays).where(eq(stays.id, stayId)).for("update") : [];
    if (!stay) throw STAY_NOT_FOUND();
    if (!rule.from.includes(stay.status))
      throw new AppError(409, "STAY_STATUS_CHANGED", `This stay is ${stay.status.replace("_", " ")} now; reload the page to see it.`);
    // The cat leaves only with someone who showed a pickup code, or on a manager's word (ADR 0162).
    if (action === "checkOut" && !(await releaseOf(tx, stay.id))) throw new AppError(409, "CAT_NOT_RELEASED", PICKUP_TEXT.notReleased);
    // A balance left unpaid needs staff's reason (ADR 0154).
    const settled = action === "checkOut" ? await balanceAtCheckOut(tx, stay, ctx.reason) : null;
    // Each cat weighed and its doses and belongings counted, at check-in and at check-out (ADR 0161).
    const handedOver = await recordHandover(tx, stay, action, staff, ctx, now);
    const [row] = await tx.update(stays).set({ status: rule.to, updatedAt: now }).where(eq(stays.id, stay.id)).returning();
    if (rule.release)
      await tx
        .update(staySuites)
        .set({ releasedAt: now })
        .where(and(eq(staySuites.stayId, stay.id), isNull(staySuites.releasedAt)));
    await tx.insert(stayEvents).values({
      stayId: stay.id,
      kind: action,
      actor: `staff:${staff}`,
      detail: { ...(settled?.detail ?? (ctx.reason ? { reason: ctx.reason } : {})), ...handedOver },
      at: now,
    });
    if (settled) {
      await issueReceipt(tx, row!, settled.balance, { siteUrl: ctx.siteUrl, now });
      await ctx.afterCheckOut?.(tx, stay.id, now);
    }
    if (rule.mail) await queueStayMail(tx, stay.id, rule.mail, ctx.siteUrl, now);
    // A referral's reward is earned when the referred household checks out of its first stay; a
    // declined stay gives back the credit it used (ADR 0153).
    if (rule.to === "checked_out") await grantReferralCredit(tx, stay.id, now, ctx.siteUrl);
    if (rule.to === "declined") {
      await returnReferralCredits(tx, [stay.id], now);
      await passOnFirstNightFree(tx, [stay.id], { actor: `staff:${staff}`, now });
    }
    return row!;
  });
}

/**
 * Moves a stay's suite row to another suite for the same nights; a stay that holds none yet (one
 * carried over from an appointment, ADR 0146) is given the suite for its nights. The exclusion
 * constraint refuses a suite that is taken for any of them, whoever took it a moment ago.
 */
export async function moveStay(db: Db, stayId: string, toSuiteId: string, staff: string, now: Date) {
  try {
    return await inTransaction(db, async (tx) => {
      const [stay] = isUuid(stayId) ? await tx.select().from(stays).where(eq(stays.id, stayId)).for("update") : [];
      if (!stay) throw STAY_NOT_FOUND();
      const [room] = await tx
        .select()
        .from(staySuites)
        .where(and(eq(staySuites.stayId, stayId), isNull(staySuites.releasedAt)))
        .limit(1);
      if (!room && !(HOLDING_STATUSES as readonly StayStatus[]).includes(stay.status))
        throw new AppError(409, "STAY_STATUS_CHANGED", `This stay is ${stay.status.replace("_", " ")}, so it holds no suite.`);
      const [target] = isUuid(toSuiteId) ? await tx.select().from(suites).where(eq(suites.id, toSuiteId)) : [];
      if (!target) throw new AppError(404, "SUITE_NOT_FOUND", "We couldn't find that suite.");
      // Queued with the bookings of the target's type (ADR 0142), so a booking never collides with the move.
      await lockForBooking(tx, { suiteType: [target.suiteTypeId] });
      if (room) await tx.update(staySuites).set({ suiteId: target.id, suiteTypeId: target.suiteTypeId }).where(eq(staySuites.id, room.id));
      else await tx.insert(staySuites).values({ stayId, suiteId: target.id, suiteTypeId: target.suiteTypeId, checkIn: stay.checkIn, checkOut: stay.checkOut });
      await tx.insert(stayEvents).values({ stayId, kind: "moved", actor: `staff:${staff}`, detail: { from: room?.suiteId ?? null, to: target.id }, at: now });
      return target;
    });
  } catch (error) {
    if (sqlStateOf(error) === EXCLUSION_VIOLATION)
      throw new AppError(409, "SUITE_TAKEN", "That suite is taken for some of those nights. Choose another suite.");
    throw error;
  }
}

/**
 * Staff book a stay for a household (a call at the desk; ADR 0145): `bookStay` with the customer's
 * account, so the same suites, prices, rules, locks and constraints decide, the confirmation mail
 * goes to the customer, and the stay is on their My Trips. The event log names the staff member,
 * and no online deposit is asked: the desk settles it.
 */
export async function bookStayForHousehold(
  db: Db,
  householdId: string,
  input: BookStayRequest,
  staff: string,
  ctx: { siteUrl: string; now: Date },
): Promise<Stay> {
  const account = await householdAccount(db, householdId);
  return bookStay(db, account.id, input, { ...ctx, bookedBy: staff });
}

export interface CatBookedTwice {
  catName: string;
  household: string;
  /** The later-booked stay, which keeps its nights until staff and the household settle it. */
  stay: { id: string; checkIn: string; checkOut: string; suiteName: string };
  /** The stay it clashes with. */
  other: { id: string; checkIn: string; checkOut: string; suiteName: string };
}

/**
 * Cats booked into two held stays for a night before the database refused it (migration 0012 marks
 * the later stay `overlap_allowed`; ADR 0141), while they still clash: for staff to call the household
 * and cancel or move one. Empty once each is settled (a stay cancelled, or its dates changed).
 */
export async function catsBookedTwice(db: Db): Promise<CatBookedTwice[]> {
  const result = (await db.execute(sql`
    select later.cat_name, h.id as household_id, h.name as household_name, u.email,
      later.stay_id, later.check_in::text as check_in, later.check_out::text as check_out, ls.name as suite_name,
      earlier.stay_id as other_id, earlier.check_in::text as other_check_in, earlier.check_out::text as other_check_out, es.name as other_suite_name
    from stay_cats later
    join stay_cats earlier on earlier.cat_id = later.cat_id and earlier.held and earlier.stay_id <> later.stay_id
      and daterange(earlier.check_in, earlier.check_out) && daterange(later.check_in, later.check_out)
    join stay_suites lss on lss.id = later.stay_suite_id join suites ls on ls.id = lss.suite_id
    join stay_suites ess on ess.id = earlier.stay_suite_id join suites es on es.id = ess.suite_id
    join stays s on s.id = later.stay_id
    left join households h on h.id = s.household_id
    left join users u on u.id = h.user_id
    where later.held and later.overlap_allowed
    order by later.check_in, later.cat_name, earlier.check_in`)) as unknown as {
    rows: {
      cat_name: string | null;
      household_id: string | null;
      household_name: string | null;
      email: string | null;
      stay_id: string;
      check_in: string;
      check_out: string;
      suite_name: string;
      other_id: string;
      other_check_in: string;
      other_check_out: string;
      other_suite_name: string;
    }[];
  };
  return result.rows.map((r) => ({
    catName: r.cat_name ?? "A cat",
    household: customerLabel(r.household_id ? { name: r.household_name, email: r.email } : null),
    stay: { id: r.stay_id, checkIn: r.check_in, checkOut: r.check_out, suiteName: r.suite_name },
    other: { id: r.other_id, checkIn: r.other_check_in, checkOut: r.other_check_out, suiteName: r.other_suite_name },
  }));
}
