/**
 * `npm run seed:demo`: a demo customer (demo@example.com) with a few appointments, so a
 * newcomer who signs in with that address sees a filled table. Safe to run twice (it replaces them).
 * Uses DATABASE_URL if set, else the PGlite folder DATA_DIR (./data); stop the server first on PGlite.
 */
import { eq } from "drizzle-orm";
import { createAppointment } from "../server/appointments/appointments";
import { type Database, openDatabase } from "../server/db/client";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { appointments } from "../server/db/schema/index";
import { businessDate, nextBusinessDate } from "../app/lib/business-time";
import { createFilesPrivately } from "../server/db/private-files";

const DEMO_EMAIL = "demo@example.com";
const staff = { email: "demo-seed", isAdmin: true } as const;

// The embedded database's files (and a backup, a restored folder) are this account's alone (ADR 0176).
createFilesPrivately();
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
let database: Database;
try {
  database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: process.env.DATA_DIR?.trim() || "./data" });
} catch (error) {
  console.error(
    error instanceof DataDirLockedError
      ? `${error.message}\nThe embedded database allows one process at a time: stop the server, seed, then start it again.`
      : `Cannot open the database: ${(error as Error).message}`,
  );
  process.exit(1);
}

const now = new Date();
const daysFromToday = (n: number) => {
  let day = businessDate(now);
  for (let i = 0; i < n; i++) day = nextBusinessDate(day);
  return day;
};

try {
  await database.db.delete(appointments).where(eq(appointments.customerEmail, DEMO_EMAIL));
  const base = { customerEmail: DEMO_EMAIL, notes: "Demo data", autoReminder: false, reminderPhone: "+19495550123" };
  await createAppointment(database.db, staff, { ...base, serviceId: "full-grooming", catNames: "Miso", date: daysFromToday(3), time: "10:30" }, now);
  await createAppointment(
    database.db,
    staff,
    {
      ...base,
      serviceId: "medication-administration",
      catNames: "Miso",
      date: daysFromToday(14),
      time: "09:00",
      autoReminder: true,
    },
    now,
  );
  await createAppointment(database.db, staff, { ...base, serviceId: "bath-and-brush", catNames: "Tofu", date: daysFromToday(30), time: "14:00" }, now);
  console.log(`Seeded 3 appointments for ${DEMO_EMAIL}. Sign in with that address to see them on /appointments.`);
} finally {
  await database.close();
}
