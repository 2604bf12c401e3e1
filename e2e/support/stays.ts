import { type Page, expect } from "@playwright/test";
import { weekdayOf } from "../../app/domain/calendar";
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

/** Books a stay for one cat on Book a Stay as its owner does, from day to day (ISO dates); answers the new stay's id from My Trips' address. */
export async function bookStayInBrowser(page: Page, cat: string, checkIn: string, checkOut: string): Promise<string> {
  await page.goto("/book/stay");
  await page.getByLabel("Check-in date").fill(checkIn);
  await page.getByLabel("Check-out date").fill(checkOut);
  await page.getByLabel(cat).check();
  await page.getByRole("button", { name: "See available suites" }).click();
  await page.getByRole("button", { name: "Review booking" }).click();
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { name: "My Trips", level: 1 })).toBeVisible();
  return new URL(page.url()).searchParams.get("booked")!;
}

/**
 * At the desk on the departure day: a manager's override releases the cat (the owner has no code), then
 * the stay checks out unpaid ("will pay by the card link tonight"). Answers the balance the desk showed.
 */
export async function releaseAndCheckOutUnpaid(staff: Page, stay: { id: string; cat: string; releaseReason: string; weightKg: string }) {
  await staff.goto(`/admin/stays/${stay.id}/check-out`);
  await staff.getByLabel("Release without a code (manager)").check();
  await staff.getByLabel("Reason", { exact: true }).fill(stay.releaseReason);
  await staff.getByRole("button", { name: "Release", exact: true }).click();
  await expect(staff.getByText(/Released without a code by a manager's override/)).toBeVisible();
  const balance = staff.getByRole("group", { name: `Balance: ${stay.cat} (Ana Ruiz)` });
  const due = /Balance due: (\$[\d,.]+)/.exec((await balance.getByText(/^Balance due:/).textContent())!)![1]!;
  await staff.getByLabel(`Weight at departure (kg) for ${stay.cat}`).fill(stay.weightKg);
  await staff.getByLabel("Reason to check out unpaid").fill("Unpaid, will pay by the card link tonight");
  await staff.getByRole("button", { name: "Check out", exact: true }).click();
  await expect(staff.getByText("Checked out; the receipt is e-mailed to the customer").first()).toBeVisible();
  return due;
}

/**
 * For a spec on a server of its own (`./own-server`): every day open for arrivals and departures,
 * all day, so a stay can arrive today, the only day the desk checks it in (ADR 0161).
 */
export async function openEveryDay(admin: Page) {
  const form: Record<string, string> = { intent: "windows" };
  for (const which of ["arrival", "departure"])
    for (let day = 0; day < 7; day++) Object.assign(form, { [`${which}[${day}][0].from`]: "00:00", [`${which}[${day}][0].to`]: "23:59" });
  const saved = await admin.request.post("/admin/rooms", { form });
  expect(saved.status(), "open every day").toBe(200);
}

/** The desk's check-in of a stay arriving today, as its page posts it: each cat weighed, no pills, the agreement signed on paper. */
export async function checkInAtDesk(admin: Page, stayId: string, catIds: string[]) {
  const form: Record<string, string> = { intent: "checkIn", overrideReason: "Signed on paper at the desk" };
  catIds.forEach((catId, i) => Object.assign(form, { [`cats[${i}].catId`]: catId, [`cats[${i}].weight`]: "4.2", [`cats[${i}].doses[0].count`]: "0" }));
  const checkedIn = await admin.request.post(`/admin/stays/${stayId}/check-in`, { form });
  expect(checkedIn.status(), "check the stay in at the desk").toBe(200);
}
