import { and, eq } from "drizzle-orm";
import { dateProblems } from "~/domain/calendar";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { households, stays } from "../db/schema/index";
import { withExclusionRetry } from "../db/exclusion-retry";
import { householdOf } from "../db/owned";
import type { Tx } from "../db/transaction";
import type { CatCoverage } from "../households/vaccines";
import { AppError } from "../http/errors";
import { loadStayTerms } from "./calendar";

// What booking, cancelling and changing a stay share: its row, its refusals, the household's own stay.

export type Stay = typeof stays.$inferSelect;

/** What a change of dates or of cats quoted anew: the columns it rewrites on the stay. */
interface Requote {
  status: Stay["status"];
  medication: Stay["medication"];
  price: { totalCents: number; lines: Stay["priceLines"]; firstNightFreeCents: number; referralCreditCents: number };
  tiers: Stay["cancellationTiers"];
}
export const requotedColumns = (plan: Requote, now: Date) => ({
  status: plan.status,
  medication: plan.medication,
  totalCents: plan.price.totalCents,
  priceLines: plan.price.lines,
  firstNightFreeCents: plan.price.firstNightFreeCents,
  referralCreditCents: plan.price.referralCreditCents,
  cancellationTiers: plan.tiers,
  updatedAt: now,
});

export const STAY_NOT_FOUND = () => new AppError(404, "STAY_NOT_FOUND", "We couldn't find that stay.");
export const STAY_NOT_CHANGEABLE = () => new AppError(409, "STAY_NOT_CHANGEABLE", "This stay can no longer be changed online. Please call us.");
export const NO_SUITE_FREE = () =>
  new AppError(409, "NO_SUITE_FREE", "That suite is no longer free for those nights. Please choose another suite or other dates.");

/** The rules for the dates, or a 400 naming the field each broken rule belongs to. */
export async function checkedDates(db: Db, checkIn: string, checkOut: string, today: string) {
  const { settings, rules } = await loadStayTerms(db, checkIn, checkOut);
  const problems = dateProblems(settings, rules, checkIn, checkOut, today);
  return { settings, rules, problems };
}

export const datesRefused = (problems: { field: string; message: string }[]) =>
  new AppError(400, "DATES_NOT_BOOKABLE", problems[0]!.message, { fields: Object.fromEntries(problems.map((p) => [p.field, p.message])) });

/** Runs `attempt` in a transaction, again (up to 5 times) when the exclusion constraint refused its suite. */
export const withSuiteRetry = <T>(db: Db, attempt: (tx: Tx) => Promise<T>): Promise<T> => withExclusionRetry(db, attempt, NO_SUITE_FREE);

export function coverageRefusal(coverage: CatCoverage[]) {
  const problems = coverage.filter((c) => c.state === "not-covered").flatMap((c) => c.problems.map((p) => `${c.catName}: ${p}`));
  return new AppError(409, "VACCINES_NOT_COVERED", `Before we can book this stay: ${problems.join(" ")}`, { problems });
}

/** The household's stay by id (404 for anyone else's), with its suites and cats. */
export async function ownStay(db: Db, userId: string, stayId: string): Promise<Stay> {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [row] = await db
    .select({ stay: stays })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .where(and(eq(stays.id, stayId), householdOf(userId)));
  if (!row) throw STAY_NOT_FOUND();
  return row.stay;
}

/** The stays a customer may still change or cancel online: held, and not yet started. */
export const changeable = (stay: Pick<Stay, "status" | "checkIn">, today: string) =>
  ["confirmed", "pending_review"].includes(stay.status) && stay.checkIn > today;
