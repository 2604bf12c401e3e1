import crypto from "node:crypto";
import type { Db } from "../db/client";
import { rolesOf } from "../auth/roles";
import { AppError } from "../http/errors";
import { PERSONAL_TABLES, findSubject } from "./tables";
import { inTransaction } from "../db/transaction";

/**
 * Deletes a customer's account (ADR 0124), in one transaction: every table in PERSONAL_TABLES erases
 * the customer's rows its own way — leads, sign-in requests and rate-limit counters are deleted;
 * appointments, reminders and telephony records are kept for the business without personal data;
 * the account row goes last, and the household, cats, photos, vaccine records and documents,
 * sessions and roles go with it (foreign keys). Kept rows name the customer only by a placeholder
 * address that says nothing about them, the same on each of their rows, so the business can still
 * count one former customer's visits.
 */
export async function deleteAccount(db: Db, userId: string): Promise<{ email: string }> {
  const placeholder = `deleted-${crypto.randomBytes(6).toString("hex")}@deleted.invalid`;
  return inTransaction(db, async (tx) => {
    const subject = await findSubject(tx, userId);
    if (!subject) throw new AppError(404, "ACCOUNT_NOT_FOUND", "This account no longer exists.");
    // Staff addresses stay in what staff did (appointments made, records reviewed, care entries logged,
    // ADR 0156): a team member of any role leaves the team first (ADR 0185).
    const roles = await rolesOf(tx, userId);
    if (roles.isStaff) throw new AppError(409, "STAFF_ACCOUNT", "Team accounts can't be deleted here. Ask an Owner to remove you from the team first.");
    // The account row last: the other tables' rows cascade from it or are found through it.
    const { users: account, ...others } = PERSONAL_TABLES;
    for (const entry of Object.values(others)) await entry.erase?.(tx, subject, placeholder);
    await account!.erase!(tx, subject, placeholder);
    return { email: subject.email };
  });
}

/** What deleting the account would erase and keep, for the confirmation page. */
export async function deletionSummary(db: Db, userId: string): Promise<{ cats: number; vaccineRecords: number; appointments: number }> {
  const subject = await findSubject(db, userId);
  if (!subject) throw new AppError(404, "ACCOUNT_NOT_FOUND", "This account no longer exists.");
  return { cats: subject.catIds.length, vaccineRecords: subject.vaccineRecordIds.length, appointments: subject.appointmentIds.length };
}
