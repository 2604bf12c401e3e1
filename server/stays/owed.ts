import { type SQL, and, asc, eq, lte, sql } from "drizzle-orm";
import { customerLabel } from "~/domain/stay-wording";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import { households, stayEvents, stays, users } from "../db/schema/index";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { queueMail } from "../mail/queue";
import { owedReminderMail } from "../messages/catalogue";
import { queueingJob } from "../periodic-job";
import { dueCentsSql } from "./balance";
import { catNamesByStay } from "./guests";
import { householdOf } from "../db/owned";
import { inTransaction } from "../db/transaction";

/**
 * What a household owes (ADR 0182): the ledger of each stay checked out, its price after offers and
 * credits (`total_cents`, whose lines carry the charges, the extra nights of an overdue pickup
 * included) less every paid payment net of what was given back and less the satisfaction guarantee,
 * summed by `dueCentsSql`, as `balancesOf` reads it for one stay. A stay checked out with money left is "owed"; it stays collectable (a card link from My
 * Trips or the desk, cash or a check at the desk) until that is zero.
 */

/** What the stay in the row still owes (negative when more was paid than it costs): the balance's own sum. */
const dueOfStay = dueCentsSql(stays.id, stays.totalCents);

export interface OwedStay {
  id: string;
  householdId: string | null;
  /** Who owes it: the household's name, else the account's e-mail. */
  household: string;
  email: string | null;
  checkIn: string;
  checkOut: string;
  catNames: string[];
  totalCents: number;
  dueCents: number;
}

/** Stays checked out with money still owed, oldest departure first. */
async function owedStays(db: Db, where?: SQL): Promise<OwedStay[]> {
  const rows = await db
    .select({
      id: stays.id,
      householdId: stays.householdId,
      name: households.name,
      email: users.email,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      totalCents: stays.totalCents,
      dueCents: dueOfStay,
    })
    .from(stays)
    .leftJoin(households, eq(households.id, stays.householdId))
    .leftJoin(users, eq(users.id, households.userId))
    .where(and(eq(stays.status, "checked_out"), sql`${dueOfStay} > 0`, where))
    .orderBy(asc(stays.checkOut), asc(stays.createdAt));
  if (rows.length === 0) return [];
  const guests = await catNamesByStay(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    householdId: r.householdId,
    household: customerLabel(r.householdId ? { name: r.name, email: r.email } : null),
    email: r.email,
    checkIn: r.checkIn,
    checkOut: r.checkOut,
    catNames: (guests.get(r.id) ?? []).map((name) => name ?? "A cat"),
    totalCents: r.totalCents,
    dueCents: Number(r.dueCents),
  }));
}

export interface HouseholdOwed {
  /** The household's one balance: what all its checked-out stays still owe. */
  totalCents: number;
  stays: OwedStay[];
}

const summed = (list: OwedStay[]): HouseholdOwed => ({ totalCents: list.reduce((sum, s) => sum + s.dueCents, 0), stays: list });

/** What a household owes, by its id (the customer's admin page). */
export const householdOwed = async (db: Db, householdId: string): Promise<HouseholdOwed> => summed(await owedStays(db, eq(stays.householdId, householdId)));

/** What the signed-in customer's household owes (My Trips). */
export const ownOwed = async (db: Db, userId: string): Promise<HouseholdOwed> => summed(await owedStays(db, householdOf(userId)));

/** Every stay owed, for the desk: oldest first, the longest unpaid on top. */
export const owedAtDesk = (db: Db): Promise<OwedStay[]> => owedStays(db);

// ---- the reminder ------------------------------------------------------------------------------

/** The reminder goes this many days after check-out, once. */
export const OWED_REMINDER_DAYS = 3;

type OwedReminderDeps = { db: Db; env: Pick<Env, "PUBLIC_SITE_URL">; logger: Logger };

/**
 * One pass of the owed reminders: each stay still owed three days after its check-out, whose
 * household has an account, gets one e-mail pointing to My Trips. It is claimed by writing the stay's
 * `owed_reminder` event (one a stay: `stay_events_once`) in the transaction that queues the mail, so
 * several processes running this at once send it once.
 */
export async function runOwedReminders(deps: OwedReminderDeps, now: Date): Promise<{ due: number; queued: number }> {
  const { db } = deps;
  const lastCheckOut = addBusinessDays(businessDate(now), -OWED_REMINDER_DAYS);
  const due = (
    await owedStays(
      db,
      and(
        lte(stays.checkOut, lastCheckOut),
        sql`not exists (select 1 from ${stayEvents} where ${stayEvents.stayId} = ${stays.id} and ${stayEvents.kind} = 'owed_reminder')`,
      ),
    )
  ).filter((s) => s.email);
  if (due.length === 0) return { due: 0, queued: 0 };
  const { business } = await loadSiteContent(db, deps.logger);
  let queued = 0;
  for (const stay of due) {
    const claimed = await inTransaction(db, async (tx) => {
      const [claim] = await tx
        .insert(stayEvents)
        .values({ stayId: stay.id, kind: "owed_reminder", actor: "system:owed", detail: { dueCents: stay.dueCents }, at: now })
        .onConflictDoNothing()
        .returning({ id: stayEvents.id });
      if (!claim) return false;
      await queueMail(
        tx,
        {
          dedupeKey: `owed-reminder:${stay.id}`,
          stayId: stay.id,
          message: owedReminderMail({ to: stay.email!, amountCents: stay.dueCents, stay, business, siteUrl: deps.env.PUBLIC_SITE_URL }),
        },
        now,
      );
      return true;
    });
    if (claimed) queued++;
  }
  return { due: due.length, queued };
}

/** Sends the owed reminders every hour; what was sent is in the database, so restarts and several processes are safe. */
export const owedReminderJob = queueingJob("owed reminders", 60 * 60_000, runOwedReminders);
