import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type CalendarRule, type StaySettings, nightsOf, windowsOn } from "~/domain/calendar";
import type { StayView } from "~/domain/stay-view";
import type { Db } from "../db/client";
import type { RepricedDetail } from "~/domain/stay-wording";
import { creditNotes, households, paymentRefunds, payments, staySuites, stayCats, stayEvents, stays, suiteTypes, suites } from "../db/schema/index";
import { householdOf } from "../db/owned";
import { loadStayTerms } from "./calendar";
import { REPRICED } from "./repricing";
import type { Stay } from "./stay";

/** Stays with their suites, cats and the check-in and check-out windows of their days. */
export async function stayViews(db: Db, rows: readonly Stay[]): Promise<StayView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((s) => s.id);
  const rooms = await db
    .select({ id: staySuites.id, stayId: staySuites.stayId, name: suites.name, typeName: suiteTypes.name })
    .from(staySuites)
    .innerJoin(suites, eq(suites.id, staySuites.suiteId))
    .innerJoin(suiteTypes, eq(suiteTypes.id, staySuites.suiteTypeId))
    .where(inArray(staySuites.stayId, ids))
    .orderBy(asc(suites.sortOrder));
  const guests = await db.select().from(stayCats).where(inArray(stayCats.stayId, ids));
  const from = rows.reduce((min, s) => (s.checkIn < min ? s.checkIn : min), rows[0]!.checkIn);
  const to = rows.reduce((max, s) => (s.checkOut > max ? s.checkOut : max), rows[0]!.checkOut);
  const { settings, rules } = await loadStayTerms(db, from, to);
  const paid = await db
    .select({ id: payments.id, stayId: payments.stayId, kind: payments.kind, amountCents: payments.amountCents, refundedCents: payments.refundedCents })
    .from(payments)
    .where(and(inArray(payments.stayId, ids), eq(payments.status, "paid")));
  // Every refund of those payments, whatever its cause, with its credit note (ADR 0193; one made before credit notes has none).
  const refunds =
    paid.length === 0
      ? []
      : await db
          .select({
            paymentId: paymentRefunds.paymentId,
            amountCents: paymentRefunds.amountCents,
            reason: paymentRefunds.reason,
            at: paymentRefunds.createdAt,
            creditNote: creditNotes.number,
          })
          .from(paymentRefunds)
          .leftJoin(creditNotes, eq(creditNotes.refundId, paymentRefunds.id))
          .where(
            inArray(
              paymentRefunds.paymentId,
              paid.map((p) => p.id),
            ),
          )
          .orderBy(asc(paymentRefunds.createdAt), asc(creditNotes.number));
  const repriced = await db
    .select({ stayId: stayEvents.stayId, detail: stayEvents.detail })
    .from(stayEvents)
    .where(and(inArray(stayEvents.stayId, ids), eq(stayEvents.kind, REPRICED)))
    .orderBy(asc(stayEvents.at));
  const sumOf = (stayId: string, key: "amountCents" | "refundedCents", kind?: "deposit" | "balance") =>
    paid.filter((p) => p.stayId === stayId && (!kind || p.kind === kind)).reduce((sum, p) => sum + p[key], 0);
  return rows.map((stay) =>
    stayViewOf(stay, {
      // A stay's current rooms: the held ones, or (once released) those it had.
      rooms: rooms.filter((r) => r.stayId === stay.id),
      guests: guests.filter((g) => g.stayId === stay.id),
      settings,
      rules,
      paidCents: sumOf(stay.id, "amountCents", "deposit"),
      refundedCents: sumOf(stay.id, "refundedCents", "deposit"),
      balancePaidCents: sumOf(stay.id, "amountCents", "balance"),
      netPaidCents: sumOf(stay.id, "amountCents") - sumOf(stay.id, "refundedCents"),
      refunds: refunds
        .filter((r) => paid.some((p) => p.id === r.paymentId && p.stayId === stay.id))
        .map((r) => ({ amountCents: r.amountCents, reason: r.reason, at: r.at.toISOString(), creditNoteNumber: r.creditNote })),
      priceChanges: repriced.filter((e) => e.stayId === stay.id).map((e) => e.detail as RepricedDetail),
    }),
  );
}

/** What a stay's view is made of besides its row: its rooms (in the suites' order), its cats, the terms of its days and its payments. */
export interface StayViewParts {
  rooms: { id: string; name: string; typeName: string }[];
  guests: { staySuiteId: string | null; catId: string | null; catName: string | null }[];
  settings: StaySettings;
  rules: readonly CalendarRule[];
  /** The deposit paid and refunded. */
  paidCents: number;
  refundedCents: number;
  balancePaidCents: number;
  netPaidCents: number;
  refunds: StayView["refunds"];
  priceChanges: StayView["priceChanges"];
}

/** One stay's view from its row and its parts: no reads, so a booking that just wrote them all queues its mail without reading them back. */
export function stayViewOf(stay: Stay, { rooms, guests, settings, rules, ...money }: StayViewParts): StayView {
  const catsOf = (staySuiteId: string) => guests.filter((g) => g.staySuiteId === staySuiteId).map((g) => g.catName ?? "A cat");
  return {
    id: stay.id,
    status: stay.status,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: nightsOf(stay.checkIn, stay.checkOut).length,
    suites: rooms.map((r) => ({ name: r.name, typeName: r.typeName, catNames: catsOf(r.id) })).filter((s) => s.catNames.length > 0),
    catNames: guests.map((g) => g.catName ?? "A cat"),
    catIds: guests.flatMap((g) => (g.catId ? [g.catId] : [])),
    medication: stay.medication,
    notes: stay.notes,
    priceLines: stay.priceLines,
    totalCents: stay.totalCents,
    cancellationTiers: stay.cancellationTiers,
    cancellationFeeCents: stay.cancellationFeeCents,
    arrivalWindows: windowsOn(settings, rules, stay.checkIn, "arrival"),
    departureWindows: windowsOn(settings, rules, stay.checkOut, "departure"),
    offerExpiresAt: stay.offerExpiresAt?.toISOString() ?? null,
    depositCents: stay.depositCents,
    paymentDueAt: stay.paymentDueAt?.toISOString() ?? null,
    ...money,
  };
}

/** The stays of the signed-in user's household, newest check-in first. */
export async function listHouseholdStays(db: Db, userId: string): Promise<StayView[]> {
  const rows = await db
    .select({ stay: stays })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .where(householdOf(userId))
    .orderBy(desc(stays.checkIn), desc(stays.createdAt));
  return stayViews(
    db,
    rows.map((r) => r.stay),
  );
}
