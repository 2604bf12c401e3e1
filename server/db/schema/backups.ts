import { bigint, date, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The daily backups (ADR 0139): one row per business day, inserted by the process that takes that
 * day's backup, so two server processes on one database never both take it (the primary key decides).
 */
export const backupRuns = pgTable("backup_runs", {
  /** The business day (Los Angeles) the backup is for. */
  day: date("day", { mode: "string" }).primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  /** Unset while the backup is being taken; a claim left unfinished for an hour may be taken over. */
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** The file's name in that process's BACKUP_DIR. */
  file: text("file"),
  bytes: bigint("bytes", { mode: "number" }),
  error: text("error"),
});
