/**
 * The customer the booking tests start from: a new account with a household and cats whose FVRCP
 * (the required vaccine) has a certificate, verified by staff unless asked otherwise.
 */
import crypto from "node:crypto";
import { catForm, householdForm } from "~/features/cats/schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { households, users } from "../db/schema/index";
import { createCat, saveHousehold } from "../households/households";
import { uploadVaccineRecord, verifyVaccineRecord } from "../households/vaccines";
import { testPdf } from "./certificates";
import { householdOf } from "../db/owned";

/** A certificate's bytes: a minimal PDF, which the upload's checks accept. */
export const TEST_PDF = testPdf();

export interface TestHouseholdOptions {
  /** The cats' names (default one cat, Miso). */
  cats?: string[];
  /** Which of them have a medication in their profile (a morning pill). */
  medicated?: string[];
  /** When their FVRCP expires (default 700 days from `now`). */
  fvrcpUntil?: string;
  /** false: the certificate waits for staff. */
  verified?: boolean;
  mobilePhone?: string;
  /** An account that exists already (one a sign-in created), instead of a new one. */
  user?: { id: string; email: string };
}

export async function testHousehold(db: Db, now: Date, options: TestHouseholdOptions = {}) {
  const [user] = options.user
    ? [options.user]
    : await db
        .insert(users)
        .values({ email: `${crypto.randomUUID()}@example.com` })
        .returning();
  await saveHousehold(db, user!.id, householdForm.parse({ name: "Ana Ruiz", mobilePhone: options.mobilePhone ?? "(949) 249-1234" }), now);
  const expiresOn = options.fvrcpUntil ?? addBusinessDays(businessDate(now), 700);
  const catIds: string[] = [];
  for (const name of options.cats ?? ["Miso"]) {
    const medications = options.medicated?.includes(name) ? [{ name: "Methimazole", dose: "2.5 mg", times: "8am" }] : [];
    const cat = await createCat(db, user!.id, catForm.parse({ name, sex: "female", spayedNeutered: "yes", felvFivStatus: "negative", medications }), now);
    const record = await uploadVaccineRecord(db, user!.id, cat.id, { vaccine: "fvrcp", expiresOn, document: { bytes: TEST_PDF, name: "fvrcp.pdf" } }, now);
    if (options.verified !== false) await verifyVaccineRecord(db, record.id, { expiresOn }, "staff@example.com", now);
    catIds.push(cat.id);
  }
  const [home] = await db.select({ id: households.id }).from(households).where(householdOf(user!.id));
  return { user: { id: user!.id, email: user!.email }, householdId: home!.id, catIds };
}
