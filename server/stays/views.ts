import { and, asc, eq, inArray } from "drizzle-orm";
import { nightsOf, windowsOn } from "~/features/stays/model";
import type { StayView } from "~/features/stays/view";
import type { Db } from "../db/client";
import type { RepricedDetail } from "~/features/stays/wording";
import { payments, staySuites, stayCats, stayEvents, type stays, suiteTypes, suites } from "../db/schema/index";
import { loadStayTerms } from "./calendar";
import { REPRICED } from "./repricing";

type Stay = typeof stays.$inferSelect;

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
    .select({ stayId: payments.stayId, amountCents: payments.amountCents, refundedCents: payments.refundedCents })
    .from(payments)
    // The deposit: a balance settled at check-out is on the stay's receipt (ADR 0154).
    .where(and(inArray(payments.stayId, ids), eq(payments.status, "paid"), eq(payments.kind, "deposit")));
  const repriced = await db
    .select({ stayId: stayEvents.stayId, detail: stayEvents.detail })
    .from(stayEvents)
    .where(and(inArray(stayEvents.stayId, ids), eq(stayEvents.kind, REPRICED)))
    .orderBy(asc(stayEvents.at));
  const sumOf = (stayId: string, key: "amountCents" | "refundedCents") => paid.filter((p) => p.stayId === stayId).reduce((sum, p) => sum + p[key], 0);
  return rows.map((stay) => {
    // A stay's current rooms: the held ones, or (once released) those it had.
    const own = rooms.filter((r) => r.stayId === stay.id);
    const catsOf = (staySuiteId: string) => guests.filter((g) => g.staySuiteId === staySuiteId).map((g) => g.catName ?? "A cat");
    return {
      id: stay.id,
      status: stay.status,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      nights: nightsOf(stay.checkIn, stay.checkOut).length,
      suites: own.map((r) => ({ name: r.name, typeName: r.typeName, catNames: catsOf(r.id) })).filter((s) => s.catNames.length > 0),
      catNames: guests.filter((g) => g.stayId === stay.id).map((g) => g.catName ?? "A cat"),
      catIds: guests.flatMap((g) => (g.stayId === stay.id && g.catId ? [g.catId] : [])),
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
      paidCents: sumOf(stay.id, "amountCents"),
      refundedCents: sumOf(stay.id, "refundedCents"),
      priceChanges: repriced.filter((e) => e.stayId === stay.id).map((e) => e.detail as RepricedDetail),
    };
  });
}
