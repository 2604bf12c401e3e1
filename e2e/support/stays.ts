import { type Page, expect } from "@playwright/test";
import { weekdayOf } from "../../app/domain/calendar";
import { expectStatus } from "./cats";
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

/**
 * Books a stay for the signed-in owner's cats (ids), from day to day (ISO dates), for set-up where
 * booking is not what the test checks: the suite step as the server renders it (its first suite is the
 * one chosen unless the owner picks another), then the review step's form posted as it posts it (ADR
 * 0125). Walking the three steps in the browser cost seconds per stay; book-stay.spec.ts walks them.
 * Answers the new stay's id, from the address My Trips is opened at.
 */
export async function bookStayByForm(page: Page, catIds: string[], checkIn: string, checkOut: string): Promise<string> {
  const dates = new URLSearchParams({ checkIn, checkOut });
  for (const catId of catIds) dates.append("catIds", catId);
  const suites = await page.request.get(`/book/stay?${dates}`);
  await expectStatus(suites, 200, "Book a Stay's suite step");
  const html = await suites.text();
  const option = /name="option" value="([0-9a-f-]+):(\w+)"/.exec(html);
  expect(option, `a suite free from ${checkIn} to ${checkOut}`).not.toBeNull();
  const form = new FormData();
  for (const [name, value] of dates) form.append(name, value);
  form.append("suiteTypeId", option![1]!);
  form.append("arrangement", option![2]!);
  const booked = await page.request.post("/book/stay", { form, maxRedirects: 0 });
  await expectStatus(booked, 302, "book the stay");
  const location = new URL(booked.headers()["location"]!, "http://localhost");
  expect(location.pathname, "a stay confirmed without a deposit opens My Trips").toBe("/trips");
  return location.searchParams.get("booked")!;
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
