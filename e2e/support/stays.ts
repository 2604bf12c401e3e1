import type { Page } from "@playwright/test";
import { weekdayOf } from "../../app/features/stays/model";
import { businessDayAhead } from "./dates";

/** Days ahead of the first Tuesday at least `days` ahead (arrivals and departures are open Tuesday to Friday). */
export function tuesdayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 2) return d;
}

/** Book a Stay's steps up to the review, for one cat, Tuesday to Friday: three nights. Returns the price table. */
export async function reviewStay(page: Page, cat: string, tuesday: number) {
  await page.goto("/book/stay");
  await page.getByLabel("Check-in date").fill(businessDayAhead(tuesday).iso);
  await page.getByLabel("Check-out date").fill(businessDayAhead(tuesday + 3).iso);
  await page.getByLabel(cat).check();
  await page.getByRole("button", { name: "See available suites" }).click();
  await page.getByRole("button", { name: "Review booking" }).click();
  return page.getByRole("table", { name: "Price" });
}
