import { entryText } from "~/domain/care-wording";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { type StayCarePlan, carePlansOf } from "../stays/care-plans";
import type { CareEntryView, CareToday, DueDoseItem, DueItem, TodayCat } from "./care";

/**
 * What Today's page carries of `careToday` (ADR 0201, 0207): every card closed but one. A closed card
 * draws a line a thing due, so it carries each logged entry as its line and its id (a correction
 * names it), not the entry; the opened card alone carries its "Logged today" and its stay's care plan.
 * The page's data is serialized into its HTML, so what no card draws is left out here.
 */

/** A logged entry as Today draws it: its line, and its id for the correction form. */
export interface LoggedLine {
  id: string;
  text: string;
}

type Drawn<T extends { done: CareEntryView | null }> = Omit<T, "done"> & { done: LoggedLine | null };

export interface TodayCard extends Pick<TodayCat, "stayId" | "catId" | "name" | "checkOut" | "feedingInstructions" | "arrivedAt" | "lastDosesAtHome"> {
  meals: Drawn<DueItem>[];
  doses: Drawn<DueDoseItem>[];
  litter: Drawn<DueItem>[];
  weighIn: Drawn<NonNullable<TodayCat["weighIn"]>> | null;
}

/** The card opened by `?cat=<stay>.<cat>`: today's entries (latest first) and its stay's care plan and phones. */
export interface OpenedCard {
  stayId: string;
  catId: string;
  logged: LoggedLine[];
  carePlan: StayCarePlan | null;
}

export interface TodayPage extends Pick<CareToday, "day" | "arriving"> {
  suites: { suite: string; cats: TodayCard[] }[];
  opened: OpenedCard | null;
}

/** The card a `?cat=` value (`cardKey`) names, if it names one at all: anything else opens none (never a 500). */
export function parseCardKey(value: string | null): { stayId: string; catId: string } | null {
  const [stayId, catId, ...rest] = (value ?? "").split(".");
  return stayId && catId && rest.length === 0 && isUuid(stayId) && isUuid(catId) ? { stayId, catId } : null;
}

/** The care plan of the stay `?cat=` names, read beside `careToday`; none when no card is opened. */
export async function openedCarePlan(db: Db, opened: string | null): Promise<StayCarePlan | null> {
  const card = parseCardKey(opened);
  return card ? ((await carePlansOf(db, [card.stayId])).get(card.stayId) ?? null) : null;
}

/** A logged entry's line on a closed card: "Breakfast: half eaten · 7:10 AM · Maria Lopez". */
export const doneLine = (e: CareEntryView): LoggedLine => ({ id: e.id, text: `${entryText(e)} · ${e.time} · ${e.by}` });

const drawn = <T extends { done: CareEntryView | null }>(item: T): Drawn<T> => ({ ...item, done: item.done && doneLine(item.done) });

/** Today as the page draws it, with the card `opened` names (a `?cat=` value) open. */
export function todayPage(today: CareToday, opened: string | null, carePlan: StayCarePlan | null): TodayPage {
  const open = parseCardKey(opened);
  let openedCard: OpenedCard | null = null;
  const suites = today.suites.map(({ suite, cats }) => ({
    suite,
    cats: cats.map(({ entries, meals, doses, litter, weighIn, ...cat }): TodayCard => {
      if (open && cat.stayId === open.stayId && cat.catId === open.catId)
        openedCard = { ...open, carePlan, logged: entries.map((e) => ({ id: e.id, text: `${e.time} · ${entryText(e)} · ${e.by}` })) };
      return { ...cat, meals: meals.map(drawn), doses: doses.map(drawn), litter: litter.map(drawn), weighIn: weighIn && drawn(weighIn) };
    }),
  }));
  return { day: today.day, arriving: today.arriving, suites, opened: openedCard };
}
