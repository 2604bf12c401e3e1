import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { loadSiteContent } from "../content/content";
import type { PeriodicJob } from "../periodic-job";
import { dayBeforeReminderText } from "../messages/catalogue";
import { type SmsSender, runAutomaticReminders } from "./appointments";

export { dayBeforeReminderText };

type ReminderDeps = { db: Db; sms: SmsSender; logger: Logger };

/** One pass of the day-before reminders, worded with the business details published at that moment. */
export async function runDayBeforeReminders(deps: ReminderDeps, now: Date) {
  const { business } = await loadSiteContent(deps.db, deps.logger);
  return runAutomaticReminders(deps.db, deps.sms, dayBeforeReminderText(business), now);
}

/**
 * Runs the day-before reminders every few minutes. What was sent is in the database, so a restart
 * neither skips nor repeats a reminder; several server processes may run this at once.
 */
export const dayBeforeReminderJob: PeriodicJob = {
  name: "day-before reminders",
  everyMs: 10 * 60_000,
  async run(deps, now) {
    const { due, sent } = await runDayBeforeReminders({ db: deps.db, sms: deps.telephony, logger: deps.logger }, now);
    if (due > 0) deps.logger.info({ due, sent }, "day-before reminders");
  },
};
