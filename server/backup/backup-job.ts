import { eq, sql } from "drizzle-orm";
import { businessDate, businessTime } from "~/lib/business-time";
import type { Db } from "../db/client";
import { backupRuns } from "../db/schema/index";
import type { PeriodicJob } from "../periodic-job";
import { backupSourceOf, pruneBackups, takeBackup } from "./backup";

/** The daily backup is taken at the first run from this business time on (at night in Los Angeles). */
export const DAILY_BACKUP_TIME = "03:00";
/** A claim this old with no finish belongs to a process that died while taking it: another may take over. */
const CLAIM_TAKEOVER = "1 hour";

/**
 * Claims the business day's backup for this process: one insert keyed by the day, so of several
 * processes on one database exactly one gets it. Answers false when another process has it.
 */
export async function claimDailyBackup(db: Db, day: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(backupRuns)
    .values({ day, startedAt: now })
    .onConflictDoUpdate({
      target: backupRuns.day,
      set: { startedAt: now, finishedAt: null, file: null, bytes: null, error: null },
      setWhere: sql`${backupRuns.finishedAt} is null and ${backupRuns.startedAt} < ${now}::timestamptz - ${CLAIM_TAKEOVER}::interval`,
    })
    .returning({ day: backupRuns.day });
  return claimed.length > 0;
}

/**
 * Once a business day, from 03:00 (or at the first run after it, when the server was down then),
 * one process takes a backup into its BACKUP_DIR and keeps the newest BACKUP_KEEP. A failure is
 * logged and recorded on the day's row; the server goes on serving. BACKUP_KEEP=0 turns it off.
 */
export const backupJob: PeriodicJob = {
  name: "daily backup",
  everyMs: 10 * 60_000,
  async run({ db, database, env, logger }, now) {
    if (env.BACKUP_KEEP === 0 || businessTime(now) < DAILY_BACKUP_TIME) return;
    const day = businessDate(now);
    if (!(await claimDailyBackup(db, day, now))) return;
    try {
      const { file, bytes, ms } = await takeBackup(backupSourceOf(database), env.BACKUP_DIR, now);
      const pruned = await pruneBackups(env.BACKUP_DIR, env.BACKUP_KEEP);
      await db.update(backupRuns).set({ finishedAt: new Date(), file, bytes }).where(eq(backupRuns.day, day));
      logger.info(
        { file, bytes, ms: Math.round(ms), pruned },
        `daily backup for ${day} written to ${file}${pruned.length ? `; removed ${pruned.length} older` : ""}`,
      );
    } catch (error) {
      logger.error({ err: error }, `daily backup for ${day} failed: ${(error as Error).message}`);
      await db
        .update(backupRuns)
        .set({ finishedAt: new Date(), error: (error as Error).message.slice(0, 2000) })
        .where(eq(backupRuns.day, day));
    }
  },
};
