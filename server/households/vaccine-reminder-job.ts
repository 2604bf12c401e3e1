import { and, eq, gt, inArray, isNull, lte, ne, notExists, or, sql } from "drizzle-orm";
import { requiredVaccines } from "~/domain/vaccines";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { type VaccineReminderKind, cats, vaccineRecords, vaccineReminders } from "../db/schema/index";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { queueMail } from "../mail/queue";
import { recordExpiryMail } from "../messages/catalogue";
import { queueingJob } from "../periodic-job";
import { recordUploadUrl, recordsWithOwner } from "./vaccines";
import { inTransaction } from "../db/transaction";

type ReminderDeps = { db: Db; env: Pick<Env, "PUBLIC_SITE_URL">; logger: Logger };

export const REMINDER_DAYS_AHEAD = 30;

/**
 * One pass of the expiry reminders for the vaccines the published policy requires (ADR 0122): a
 * mail when a current record has 30 days or fewer left, and one on the day it expires. Each is
 * claimed by inserting its row in `vaccine_reminders`, and its mail queued in the same transaction
 * (ADR 0143), so several processes running this at once queue it once; the mail queue's job, which
 * runs after this one, sends it and retries it until the mail server takes it.
 */
export async function runVaccineReminders(deps: ReminderDeps, now: Date) {
  const { db } = deps;
  const content = await loadSiteContent(db, deps.logger);
  const required = requiredVaccines(content.vaccinePolicy);
  if (required.length === 0) return { due: 0, queued: 0 };
  const today = businessDate(now);
  const sentAlready = (kind: VaccineReminderKind) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(vaccineReminders)
        .where(and(eq(vaccineReminders.recordId, vaccineRecords.id), eq(vaccineReminders.kind, kind))),
    );
  const due = await recordsWithOwner(db, { recordId: vaccineRecords.id, vaccine: vaccineRecords.vaccine, expiresOn: vaccineRecords.expiresOn }).where(
    and(
      isNull(vaccineRecords.replacedAt),
      isNull(cats.archivedAt),
      ne(vaccineRecords.status, "rejected"),
      inArray(vaccineRecords.vaccine, required),
      or(
        and(gt(vaccineRecords.expiresOn, today), lte(vaccineRecords.expiresOn, addBusinessDays(today, REMINDER_DAYS_AHEAD)), sentAlready("30-days")),
        and(eq(vaccineRecords.expiresOn, today), sentAlready("on-the-day")),
      ),
    ),
  );

  let queued = 0;
  for (const record of due) {
    const kind: VaccineReminderKind = record.expiresOn === today ? "on-the-day" : "30-days";
    const claimed = await inTransaction(db, async (tx) => {
      const [claim] = await tx.insert(vaccineReminders).values({ recordId: record.recordId, kind, sentAt: now }).onConflictDoNothing().returning();
      if (!claim) return false;
      await queueMail(
        tx,
        {
          dedupeKey: `vaccine-reminder:${record.recordId}:${kind}`,
          message: recordExpiryMail({
            to: record.email,
            name: record.householdName,
            catName: record.catName,
            vaccine: record.vaccine,
            expiresOn: record.expiresOn,
            onTheDay: kind === "on-the-day",
            uploadUrl: recordUploadUrl(deps.env.PUBLIC_SITE_URL, record.catId, record.vaccine),
            business: content.business,
            siteUrl: deps.env.PUBLIC_SITE_URL,
          }),
        },
        now,
      );
      return true;
    });
    if (claimed) queued++;
  }
  return { due: due.length, queued };
}

/** Runs the expiry reminders every hour; what was sent is in the database, so restarts and several processes are safe. */
export const vaccineReminderJob = queueingJob("vaccine expiry reminders", 60 * 60_000, runVaccineReminders);
