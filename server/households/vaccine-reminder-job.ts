import { and, eq, gt, inArray, isNull, lte, ne, notExists, or, sql } from "drizzle-orm";
import { requiredVaccines } from "~/features/cats/vaccines";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { type VaccineReminderKind, cats, vaccineRecords, vaccineReminders } from "../db/schema/index";
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { recordExpiryMail } from "../mail/templates/vaccine-records";
import type { PeriodicJob } from "../periodic-job";
import { recordUploadUrl, recordsWithOwner } from "./vaccines";

type ReminderDeps = { db: Db; mailer: Mailer; env: Pick<Env, "PUBLIC_SITE_URL">; logger: Logger };

export const REMINDER_DAYS_AHEAD = 30;

/**
 * One pass of the expiry reminders for the vaccines the published policy requires (ADR 0122): a
 * mail when a current record has 30 days or fewer left, and one on the day it expires. Each is
 * claimed by inserting its row in `vaccine_reminders` before it is sent, so several processes
 * running this at once send it once; a mail that fails is unclaimed and tried again next run.
 */
export async function runVaccineReminders(deps: ReminderDeps, now = new Date()) {
  const { db } = deps;
  const content = await loadSiteContent(db, deps.logger);
  const required = requiredVaccines(content.vaccinePolicy);
  if (required.length === 0) return { due: 0, sent: 0 };
  const today = businessDate(now);
  const sentAlready = (kind: VaccineReminderKind) =>
    notExists(db.select({ one: sql`1` }).from(vaccineReminders).where(and(eq(vaccineReminders.recordId, vaccineRecords.id), eq(vaccineReminders.kind, kind))));
  const due = await recordsWithOwner(db, { recordId: vaccineRecords.id, vaccine: vaccineRecords.vaccine, expiresOn: vaccineRecords.expiresOn })
    .where(
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

  let sent = 0;
  for (const record of due) {
    const kind: VaccineReminderKind = record.expiresOn === today ? "on-the-day" : "30-days";
    const [claimed] = await db.insert(vaccineReminders).values({ recordId: record.recordId, kind, sentAt: now }).onConflictDoNothing().returning();
    if (!claimed) continue;
    try {
      await deps.mailer.send(
        recordExpiryMail({
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
      );
      sent++;
    } catch (err) {
      deps.logger.error({ err, recordId: record.recordId, kind }, "vaccine expiry reminder not sent; will retry");
      await db.delete(vaccineReminders).where(and(eq(vaccineReminders.recordId, record.recordId), eq(vaccineReminders.kind, kind)));
    }
  }
  return { due: due.length, sent };
}

/** Runs the expiry reminders every hour; what was sent is in the database, so restarts and several processes are safe. */
export const vaccineReminderJob: PeriodicJob = {
  name: "vaccine expiry reminders",
  everyMs: 60 * 60_000,
  async run(deps, now) {
    const { due, sent } = await runVaccineReminders(deps, now);
    if (due > 0) deps.logger.info({ due, sent }, "vaccine expiry reminders");
  },
};
