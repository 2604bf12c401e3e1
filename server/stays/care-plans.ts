import { and, eq, inArray } from "drizzle-orm";
import { totalDoses } from "~/domain/handover";
import type { Db } from "../db/client";
import { catHandovers, households, stayCheckIns, stays } from "../db/schema/index";

/**
 * What the team needs at hand for a cat in an emergency (ADR 0196): the care plan the owner confirmed
 * at online check-in (food, the amount per meal, fears and hiding places, belongings), its medication
 * with the pills the desk received, the vet and the spending limit, and whom to call. The staff stay
 * page and the cat's card on Today both show it.
 */
export interface CatCarePlanView {
  food: string;
  amountPerMeal: string;
  hidingAndFears: string;
  belongings: string;
  medications: { name: string; times: string; received: number | null }[];
}

export interface StayCarePlan {
  /** By cat id; a cat whose owner did not check in online has none. */
  cats: Record<string, CatCarePlanView>;
  vetSpendLimitCents: number | null;
  vet: { clinic: string | null; phone: string | null };
  owner: { name: string | null; phone: string | null };
  emergency: { name: string | null; phone: string | null };
}

/** What the desk recorded of each cat's medication at arrival (the pills received, the last dose given at home). */
export type ArrivalDoses = Awaited<ReturnType<typeof arrivalDosesOf>>;

export function arrivalDosesOf(db: Db, stayIds: readonly string[]) {
  return db
    .select({ stayId: catHandovers.stayId, catId: catHandovers.catId, doses: catHandovers.doses })
    .from(catHandovers)
    .where(and(inArray(catHandovers.stayId, [...stayIds]), eq(catHandovers.direction, "arrival")));
}

/** Each stay's care plan and contacts, by stay id; `arrivals` when the caller reads them too (Today, at the same time). */
export async function carePlansOf(db: Db, stayIds: readonly string[], arrivals?: Promise<ArrivalDoses>): Promise<Map<string, StayCarePlan>> {
  if (stayIds.length === 0) return new Map();
  const ids = [...new Set(stayIds)];
  const [rows, doses] = await Promise.all([
    db
      .select({ stayId: stays.id, plan: stayCheckIns, household: households })
      .from(stays)
      .leftJoin(stayCheckIns, eq(stayCheckIns.stayId, stays.id))
      .leftJoin(households, eq(households.id, stays.householdId))
      .where(inArray(stays.id, ids)),
    arrivals ?? arrivalDosesOf(db, ids),
  ]);
  return new Map(
    rows.map(({ stayId, plan, household }) => {
      const cats = Object.fromEntries(
        (plan?.cats ?? []).map((c) => {
          const counted = doses.find((a) => a.stayId === stayId && a.catId === c.catId)?.doses ?? [];
          // The desk counts one medication at a time, or one count for a plan that names none.
          const receivedOf = (name: string) =>
            counted.length === 0 ? null : (counted.find((d) => d.medication === name)?.count ?? (counted.length === 1 ? totalDoses(counted) : null));
          return [
            c.catId,
            {
              food: c.food,
              amountPerMeal: c.amountPerMeal,
              hidingAndFears: c.hidingAndFears,
              belongings: c.belongings,
              medications: c.medications.map((m) => ({ name: m.name, times: m.times, received: receivedOf(m.name) })),
            },
          ];
        }),
      );
      return [
        stayId,
        {
          cats,
          vetSpendLimitCents: plan?.vetSpendLimitCents ?? null,
          vet: { clinic: household?.vetClinic ?? null, phone: household?.vetPhone ?? null },
          owner: { name: household?.name ?? null, phone: household?.mobilePhone ?? null },
          emergency: {
            name: plan?.contactName ?? household?.emergencyContactName ?? null,
            phone: plan?.contactPhone ?? household?.emergencyContactPhone ?? null,
          },
        },
      ];
    }),
  );
}
