import crypto from "node:crypto";
import { type SQLWrapper, and, asc, eq, inArray, sql } from "drizzle-orm";
import { type CalendarRule, type StaySettings, dateProblems } from "~/domain/calendar";
import { type StayStatus } from "~/domain/stay-status";
import { cancellationTiers } from "~/domain/cancellation";
import { depositFor } from "~/domain/deposits";
import { priceStay } from "~/domain/pricing";
import type { Arrangement, BookStayRequest } from "~/features/stays/schema";
import type { StayView } from "~/domain/stay-view";
import { businessDate } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import { type Db, rowsOf } from "../db/client";
import { calendarRules, cats, households, staySettings, staySuites, stayCats, stayEvents, stays, suiteTypes, users, vaccineRecords } from "../db/schema/index";
import { writeTogether } from "../db/write-together";
import { lockForBooking } from "../db/booking-lock";
import type { Tx } from "../db/transaction";
import { AppError } from "../http/errors";
import { loadSiteContent } from "../content/content";
import { redeemVoucher } from "./vouchers";
import { type CreditRow, creditOf, personLocks, referralCreditApplied, usableReferralCreditJson } from "../referrals/referrals";
import { type SuiteType, freeSuitesOfType, rulesTouching, settingsColumns } from "./calendar";
import { firstNightTaken } from "./first-night";
import { type HouseholdCat, catClashesQuery, catsChosen, firstCatClash, refuseUnreadableCatIds } from "./household-cats";
import { coverageOf, coveredCatColumns, currentRecordOf } from "../households/vaccines";
import { suitesFor } from "./quote";
import { NO_SUITE_FREE, type Stay, coverageRefusal, datesRefused, withSuiteRetry } from "./stay";
import { stayMessageWrites } from "./stay-mail";
import { stayViewOf } from "./views";

/**
 * Booking a stay (ADR 0125). The rules are the plain functions of app/domain/ (pricing, calendar, cancellation, deposits); this
 * module reads what they need, and writes a stay in one transaction. Whatever picks free suites of a
 * type first takes that suite type's lock (ADR 0142), so requests for the same suites queue, each
 * reads what is free after the one before it committed, and the one who finds nothing is told at
 * once. The database's exclusion constraints stay the final guard: a suite row a writer without the
 * lock took, or a cat booked a moment ago in a stay of another suite type, is refused there, and the
 * booking runs again with what is then free.
 */

export const DEFAULT_PAYMENT_HOLD_MINUTES = 30;

/**
 * Books a stay: confirmed at once when every rule holds, pending review (the suite held) when a
 * required vaccine record waits for staff; refused with the reason otherwise. The confirmation mail
 * is queued in the same transaction. `bookedBy`: the staff member booking for the customer at the
 * desk (ADR 0145), who takes no online deposit, so the stay never waits for a payment.
 */
export async function bookStay(
  db: Db,
  userId: string,
  request: BookStayRequest,
  ctx: {
    siteUrl: string;
    now: Date;
    /** How long an unpaid deposit holds the suite (ADR 0132). */
    paymentHoldMinutes?: number;
    /** The e-mail of the staff member booking for the customer. */
    bookedBy?: string;
  },
): Promise<Stay> {
  const now = ctx.now;
  const today = businessDate(now);
  refuseUnreadableCatIds(request.catIds);
  // The published content, from this process's cache (a transaction's handle misses it): the
  // vaccines required, and the business the mail names.
  const { business, vaccinePolicy } = await loadSiteContent(db);
  return withSuiteRetry(db, async (tx) => {
    // What no other booking decides is one read, the first of the transaction (ADR 0227): on the
    // embedded database, whose one connection runs one transaction at a time, it comes after the
    // booking before this one committed. Refused in the order a person fixes it: the cats, the dates,
    // the suite, the vaccines. Only holdStay's reads, under the locks, decide between contenders: a
    // cat's other stays too, read there once (ADR 0160). The read carries the account's addresses, so
    // the winner's mail is queued with no read under the suite type's lock (ADR 0198).
    const { cats: catRows, settings, rules, type, contact, full } = await bookingTerms(tx, userId, request);
    const { chosen, coverage, medicated } = catsChosen(coverageOf(catRows, vaccinePolicy, { catIds: request.catIds, through: request.checkOut, now }));
    const problems = dateProblems(settings, rules, request.checkIn, request.checkOut, today);
    if (problems.length > 0) throw datesRefused(problems);
    if (!type) throw new AppError(404, "SUITE_TYPE_NOT_FOUND", "We couldn't find that suite. Please choose one from the list.");
    if (request.arrangement === "together" && chosen.length > type.maxCats)
      throw new AppError(400, "TOO_MANY_CATS", `A ${type.name} holds at most ${type.maxCats} cats. Choose separate suites or a larger suite.`, {
        fields: { arrangement: `A ${type.name} holds at most ${type.maxCats} cats.` },
      });
    if (coverage.some((c) => c.state === "not-covered")) throw coverageRefusal(coverage);
    // A contender who comes after the last suite went learns it here, told what the locks would tell it.
    if (full) throw NO_SUITE_FREE();
    const status: StayStatus = coverage.some((c) => c.state === "awaiting-review") ? "pending_review" : "confirmed";
    // The account's address matters only to the mail and to a voucher: one typed in, or the household's own for the free night it got.
    const email = contact?.email ?? "";
    const { stay: row } = await holdStayWithView(
      tx,
      {
        cats: chosen,
        type,
        arrangement: request.arrangement,
        checkIn: request.checkIn,
        checkOut: request.checkOut,
        medicationCats: medicated.size,
        notes: request.notes ?? "",
        status,
        settings,
        rules,
        today,
        now,
        actor: ctx.bookedBy ? `staff:${ctx.bookedBy}` : `customer:${userId}`,
        // No hold, no deposit: holdStay asks for one only with a time to pay it in.
        paymentHoldMinutes: ctx.bookedBy ? undefined : (ctx.paymentHoldMinutes ?? DEFAULT_PAYMENT_HOLD_MINUTES),
        useReferralCredit: true,
      },
      // A stay awaiting its deposit is confirmed (and the mail sent) when the payment arrives; any
      // other's mail and text are written with the stay, in its statement.
      (written, view) =>
        written.status === "awaiting_payment"
          ? null
          : stayMessageWrites(tx, {
              view,
              kind: status === "confirmed" ? "confirmed" : "pending_review",
              email,
              mobilePhone: contact?.mobilePhone ?? null,
              eventCount: NEW_STAY_EVENTS,
              business,
              siteUrl: ctx.siteUrl,
              now,
            }),
    );
    // The voucher is the free night this stay got (or the booking is refused with the reason, and nothing is kept).
    await redeemVoucher(tx, { code: request.voucherCode, stay: row, email, minNights: settings.firstNightFreeMinNights, now });
    return row;
  });
}

/**
 * The booking's terms, read in one statement: the cats asked for that are the account's household's,
 * each beside its current vaccine records (`coverageOf` makes their coverage), the house rules and
 * the calendar rules of the nights, the suite type asked for, the account's addresses, and whether
 * the suite type is full already for those nights (`full`: fewer free suites than needed, and none of
 * the cats booked elsewhere then, which the locks would answer first). Read before the locks: one who
 * finds a suite free still takes them and reads again under them, which decide.
 */
async function bookingTerms(tx: Tx, userId: string, request: BookStayRequest) {
  const { checkIn, checkOut } = request;
  const needed = suitesFor(request.arrangement, request.catIds.length);
  // Dates out of order, or a suite type's id that is none, are refused by the checks that follow, not by this read.
  const checkable = checkIn < checkOut && isUuid(request.suiteTypeId);
  const full = checkable
    ? sql<boolean>`(select count(*) from ${freeSuitesOfType(tx, request.suiteTypeId, checkIn, checkOut, needed)} f) < ${needed}
        and not exists ${catClashesQuery(tx, request.catIds, { checkIn, checkOut })}`
    : sql<boolean>`false`;
  // One row for each calendar rule beside each of the cats' records (a few of each), kept once each.
  const rows = await tx
    .select({
      settings: settingsColumns,
      rule: calendarRules,
      type: suiteTypes,
      email: users.email,
      mobilePhone: households.mobilePhone,
      full: full.as("full"),
      cat: coveredCatColumns,
      record: vaccineRecords,
    })
    .from(staySettings)
    .leftJoin(calendarRules, rulesTouching(checkIn, checkOut))
    .leftJoin(suiteTypes, isUuid(request.suiteTypeId) ? eq(suiteTypes.id, request.suiteTypeId) : sql`false`)
    .leftJoin(users, eq(users.id, userId))
    .leftJoin(households, eq(users.id, households.userId))
    .leftJoin(cats, and(eq(cats.householdId, households.id), inArray(cats.id, [...request.catIds])))
    .leftJoin(vaccineRecords, currentRecordOf)
    .where(eq(staySettings.id, 1))
    .orderBy(asc(calendarRules.startsOn), asc(calendarRules.id));
  const [first] = rows;
  if (!first) throw new Error("stay_settings row missing: migration 0006 writes it");
  return {
    cats: rows,
    settings: first.settings,
    rules: [...new Map(rows.flatMap((r) => (r.rule ? [[r.rule.id, r.rule] as const] : []))).values()],
    type: first.type,
    contact: first.email === null ? null : { email: first.email, mobilePhone: first.mobilePhone },
    full: first.full === true,
  };
}

/** A stay holdStay has just written has one event, its "booked" (or "offered"): its first message's number. */
const NEW_STAY_EVENTS = 1;

/**
 * Writes a stay that holds free suites of `type` for its nights, priced and with its cancellation
 * terms, in the caller's transaction, under the suite type's lock (ADR 0142). Refused (NO_SUITE_FREE)
 * when not enough suites are free; the exclusion constraint still refuses a suite a writer without
 * the lock took a moment ago.
 */
export async function holdStay(tx: Tx, input: HoldStayInput): Promise<Stay> {
  return (await holdStayWithView(tx, input, () => null)).stay;
}

interface HoldStayInput {
  cats: HouseholdCat[];
  type: SuiteType;
  arrangement: Arrangement;
  checkIn: string;
  checkOut: string;
  /** How many of the cats take medication our team gives (`medicatedCats`, or the profiles `householdCatsCovered` read, before the locks: no booking decides it). */
  medicationCats: number;
  notes: string;
  status: StayStatus;
  offerExpiresAt?: Date;
  /** With this, a stay a calendar rule asks a deposit for waits that long for it, `awaiting_payment`. */
  paymentHoldMinutes?: number;
  /** A booking (not a waitlist offer): the household's oldest usable referral credit is applied by itself (ADR 0153). */
  useReferralCredit?: boolean;
  settings: StaySettings;
  rules: CalendarRule[];
  today: string;
  now: Date;
  actor: string;
}

/** What a booking writes with its stay, in the same statement: its mail and text (`stayMessageWrites`). */
type WrittenWith = (stay: Stay, view: StayView) => { writes: Record<string, SQLWrapper>; queued: (wrote: Record<string, number>) => Promise<void> } | null;

/**
 * holdStay, answering also the new stay's view, made from what it writes (no payment yet). What it
 * writes (the stay, the referral credit it used, its suites, its cats, its event, and `alsoWrite`'s)
 * goes in one statement (`writeTogether`), its ids drawn here: one round trip while it holds the locks.
 */
async function holdStayWithView(tx: Tx, input: HoldStayInput, alsoWrite: WrittenWith): Promise<{ stay: Stay; view: StayView }> {
  const { cats: chosen, type, arrangement, checkIn, checkOut, now } = input;
  // Requests for these cats and for this type's suites queue here: what follows reads what the one
  // before committed (the cats first: the order every path takes them in).
  // Whether the household is new is decided under its lock and its person's (its mailbox, its proven
  // mobile; ADR 0173): of the bookings of one person's households racing each other, the first to
  // commit is the new customer's (the unique index stays_one_first_night_free guards one household).
  const householdId = chosen[0]!.householdId;
  await lockForBooking(tx, { cat: chosen.map((c) => c.id), household: [householdId], ...personLocks(householdId), suiteType: [type.id] });
  const needed = suitesFor(arrangement, chosen.length);
  const { clashes, rooms, isNew, credit } = await decidedUnderLocks(tx, {
    catIds: chosen.map((c) => c.id),
    typeId: type.id,
    checkIn,
    checkOut,
    needed,
    householdId,
    creditAt: input.useReferralCredit ? now : null,
  });
  const booked = firstCatClash(chosen, clashes);
  if (booked) throw booked;
  if (rooms.length < needed) throw NO_SUITE_FREE();
  const price = priceStay(input.settings, input.rules, {
    checkIn,
    checkOut,
    suites: rooms.map(() => ({ rates: type, cats: arrangement === "together" ? chosen.length : 1 })),
    medicationCats: input.medicationCats,
    firstNightFree: isNew,
    referralCredit: credit !== null,
  });
  const tiers = cancellationTiers(input.settings, input.rules, { checkIn, checkOut, totalCents: price.totalCents, bookedOn: input.today });
  const depositCents = input.paymentHoldMinutes ? depositFor(input.rules, { checkIn, checkOut, totalCents: price.totalCents }) : 0;
  const row: Stay = {
    id: crypto.randomUUID(),
    householdId,
    status: depositCents > 0 ? "awaiting_payment" : input.status,
    depositCents,
    paymentDueAt: depositCents > 0 ? new Date(now.getTime() + input.paymentHoldMinutes! * 60_000) : null,
    checkIn,
    checkOut,
    medication: input.medicationCats > 0,
    notes: input.notes,
    totalCents: price.totalCents,
    priceLines: price.lines,
    firstNightFreeCents: price.firstNightFreeCents,
    referralCreditCents: price.referralCreditCents,
    cancellationTiers: tiers,
    cancellationFeeCents: null,
    offerExpiresAt: input.offerExpiresAt ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const held = rooms.map((room) => ({ id: crypto.randomUUID(), stayId: row.id, suiteId: room.id, suiteTypeId: type.id, checkIn, checkOut }));
  const guests = chosen.map((cat, i) => ({
    stayId: row.id,
    staySuiteId: held[arrangement === "together" ? 0 : i]!.id,
    catId: cat.id,
    catName: cat.name,
    checkIn,
    checkOut,
  }));
  const view = stayViewOf(row, {
    rooms: rooms.map((room, i) => ({ id: held[i]!.id, name: room.name, typeName: type.name })),
    guests,
    settings: input.settings,
    rules: input.rules,
    paidCents: 0,
    refundedCents: 0,
    balancePaidCents: 0,
    netPaidCents: 0,
    refunds: [],
    priceChanges: [],
  });
  const also = alsoWrite(row, view);
  const wrote = await writeTogether(tx, {
    stay: tx.insert(stays).values(row).returning({ id: stays.id }),
    credit_applied: credit && price.referralCreditCents > 0 ? referralCreditApplied(tx, credit, row, price.referralCreditCents, now) : undefined,
    held: tx.insert(staySuites).values(held).returning({ id: staySuites.id }),
    // Each cat's row reads its suite row's nights (a trigger, migration 0012): read from `held`, so written after it.
    guests: sql`insert into ${stayCats} (stay_id, stay_suite_id, cat_id, cat_name, check_in, check_out)
      select g.stay_id, g.stay_suite_id, g.cat_id, g.cat_name, g.check_in, g.check_out
      from (values ${sql.join(
        guests.map((g) => sql`(${g.stayId}::uuid, ${g.staySuiteId}::uuid, ${g.catId}::uuid, ${g.catName}::text, ${g.checkIn}::date, ${g.checkOut}::date)`),
        sql`, `,
      )}) as g (stay_id, stay_suite_id, cat_id, cat_name, check_in, check_out)
      join held on held.id = g.stay_suite_id
      returning stay_id`,
    event: tx
      .insert(stayEvents)
      .values({
        stayId: row.id,
        kind: input.status === "offered" ? "offered" : "booked",
        actor: input.actor,
        detail: { status: row.status, suites: rooms.map((r) => r.name), depositCents },
        at: now,
      })
      .returning({ id: stayEvents.id }),
    ...also?.writes,
  });
  await also?.queued(wrote);
  return { stay: row, view };
}

/**
 * What holdStay's locks decide, read in one statement after they are taken (a statement's snapshot
 * is taken when it starts, so the locks cannot be in it): the cats' other held nights that overlap,
 * the first `needed` free suites of the type, whether the household is new and, with `creditAt`, the
 * referral credit it would use (under the household's lock, ADR 0153). One round trip, not four: on
 * the embedded database every booking's queries run one after another on one connection. Whether
 * the household is new and its credit are read only when the booking wins (no cat booked elsewhere,
 * enough suites): a contender the locks refuse pays for the two reads that refuse it (ADR 0223).
 */
async function decidedUnderLocks(
  tx: Db,
  input: { catIds: string[]; typeId: string; checkIn: string; checkOut: string; needed: number; householdId: string; creditAt: Date | null },
) {
  const nights = { checkIn: input.checkIn, checkOut: input.checkOut };
  const [row] = await rowsOf<{
    clashes: { cat_id: string; check_in: string; check_out: string }[];
    rooms: { id: string; name: string }[];
    is_new: boolean | null;
    credit: CreditRow | null;
  }>(
    tx,
    sql`with clashes as (${catClashesQuery(tx, input.catIds, nights)}),
        rooms as (${freeSuitesOfType(tx, input.typeId, input.checkIn, input.checkOut, input.needed)}),
        wins as (select not exists (select 1 from clashes) and (select count(*) from rooms) >= ${input.needed} as wins)
      select (select coalesce(json_agg(c), '[]') from clashes c) as clashes,
        (select coalesce(json_agg(r), '[]') from rooms r) as rooms,
        case when (select wins from wins) then not exists ${firstNightTaken(tx, input.householdId)} end as is_new,
        case when (select wins from wins) then ${input.creditAt ? usableReferralCreditJson(input.householdId, input.creditAt) : sql`null`} end as credit`,
  );
  return {
    clashes: row!.clashes.map((c) => ({ catId: c.cat_id, checkIn: c.check_in, checkOut: c.check_out })),
    rooms: row!.rooms,
    isNew: row!.is_new === true,
    credit: row!.credit ? creditOf(row!.credit) : null,
  };
}
