import { business } from "~/content/business";
import { serviceTitle } from "~/features/appointments/service-catalogue";
import { formatBusinessTime } from "~/lib/business-time";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { startPeriodicJob } from "../periodic-job";
import { type Appointment, type SmsSender, runAutomaticReminders } from "./appointments";

export const dayBeforeReminderText = (a: Appointment) =>
  `Reminder from ${business.name}: ${serviceTitle(a.serviceId)}${a.catNames ? ` for ${a.catNames}` : ""} tomorrow at ` +
  `${formatBusinessTime(a.startsAt)}. Questions? Call ${business.phone.display}.`;

/**
 * Runs the day-before reminders every few minutes. What was sent is in the database, so a restart
 * neither skips nor repeats a reminder; several server processes may run this at once.
 */
export function startReminderJob(deps: { db: Db; sms: SmsSender; logger: Logger }, everyMs = 10 * 60_000) {
  const run = async () => {
    const { due, sent } = await runAutomaticReminders(deps.db, deps.sms, dayBeforeReminderText);
    if (due > 0) deps.logger.info({ due, sent }, "day-before reminders");
  };
  return startPeriodicJob(run, { everyMs, logger: deps.logger, failureMessage: "day-before reminder run failed" });
}
