import { backupJob } from "./backup/backup-job";
import { dayBeforeReminderJob } from "./appointments/reminder-job";
import { callbackRecoveryJob } from "./callback/recovery-job";
import { careAlertsJob } from "./care/alerts";
import { diaryJob } from "./care/diary";
import { checkInReminderJob } from "./stays/check-in";
import { pickupCodesJob } from "./stays/pickup";
import { overduePickupsJob } from "./stays/overdue";
import { owedReminderJob } from "./stays/owed";
import { vaccineReminderJob } from "./households/vaccine-reminder-job";
import { formSubmissionsJob } from "./http/form-once";
import { mailQueueJob } from "./mail/queue";
import { paymentsJob } from "./payments/payments";
import type { PeriodicJob } from "./periodic-job";
import { rateLimitPruningJob } from "./rate-limit/prune-job";
import { referralCreditsJob } from "./referrals/referrals";
import { reviewRequestJob } from "./stays/review-request";
import { staysJob } from "./stays/waitlist";
import { smsQueueJob } from "./telephony/sms-queue";
import { textRetentionJob, unansweredTextsJob } from "./texts/texts";

/**
 * Every periodic job the server runs (started and stopped by server/main.ts). Order matters for
 * `runAll`: what releases or offers a suite runs before the queues that send its mail and texts.
 * A job defined elsewhere and left out of this list fails server/jobs.test.ts.
 */
export const periodicJobs: readonly PeriodicJob[] = [
  paymentsJob,
  staysJob,
  referralCreditsJob,
  dayBeforeReminderJob,
  vaccineReminderJob,
  checkInReminderJob,
  diaryJob,
  pickupCodesJob,
  overduePickupsJob,
  owedReminderJob,
  reviewRequestJob,
  callbackRecoveryJob,
  careAlertsJob,
  unansweredTextsJob,
  mailQueueJob,
  smsQueueJob,
  rateLimitPruningJob,
  formSubmissionsJob,
  textRetentionJob,
  backupJob,
];
