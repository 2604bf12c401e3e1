/**
 * The care tests' starting point (ADR 0157, 0165): a cat in the hotel with a profile that makes meals
 * and doses due, and a staff member who is not an admin.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { catForm } from "~/features/cats/schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { addStaffMember } from "../auth/roles";
import type { Db } from "../db/client";
import { stayCats, staySuites, stays, suites, users } from "../db/schema/index";
import { updateCat } from "../households/households";
import { testHousehold } from "./households";
import { testSuiteType } from "./suites";

/**
 * A household whose cat Miso (fed at 7am and 6pm, Methimazole at 8am and 8pm) is in a suite of its own,
 * its stay `status`, from `checkIn` (yesterday) to three days from now.
 */
export async function stayWithMiso(db: Db, status: "checked_in" | "confirmed" = "checked_in", checkIn?: string) {
  const today = businessDate(new Date());
  const home = await testHousehold(db, new Date());
  const catId = home.catIds[0]!;
  await updateCat(
    db,
    home.user.id,
    catId,
    catForm.parse({
      name: "Miso",
      sex: "female",
      spayedNeutered: "yes",
      feedingInstructions: "1/4 can at 7am and 6pm",
      medications: [{ name: "Methimazole", dose: "2.5 mg", times: "8am and 8pm" }],
    }),
    new Date(),
  );
  const dates = { checkIn: checkIn ?? addBusinessDays(today, -1), checkOut: addBusinessDays(today, 3) };
  const { stayId, suite } = await catInSuite(db, { householdId: home.householdId, catId, catName: "Miso", status, ...dates });
  return { stayId, catId, userId: home.user.id, email: home.user.email, householdId: home.householdId, suite };
}

/** A stay of one cat, in a suite of its own (a new suite type's), from `checkIn` to `checkOut`, as booking leaves it. */
export async function catInSuite(
  db: Db,
  guest: { householdId: string; catId: string; catName: string; status: "checked_in" | "confirmed"; checkIn: string; checkOut: string },
) {
  const { householdId, catId, catName, status, ...dates } = guest;
  const type = await testSuiteType(db, 1);
  const [suite] = await db.select().from(suites).where(eq(suites.suiteTypeId, type.id));
  const [stay] = await db
    .insert(stays)
    .values({ householdId, status, ...dates, totalCents: 10_000, priceLines: [], cancellationTiers: [] })
    .returning();
  const [room] = await db
    .insert(staySuites)
    .values({ stayId: stay!.id, suiteId: suite!.id, suiteTypeId: type.id, ...dates })
    .returning();
  await db.insert(stayCats).values({ stayId: stay!.id, staySuiteId: room!.id, catId, catName, ...dates });
  return { stayId: stay!.id, suite: suite!.name };
}

/** A staff member who is not an admin (the team's role, ADR 0156). */
export async function staffMember(db: Db, email = `maria.lopez.${crypto.randomUUID().slice(0, 8)}@example.com`) {
  await addStaffMember(db, email);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { userId: user!.id, email };
}
