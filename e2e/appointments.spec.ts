import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./support/auth";
import { businessDayAhead } from "./support/dates";
import { uniqueEmail } from "./support/identities";
import { expectNoAxeViolations } from "./support/axe";

// Staff create appointments for a customer's e-mail; the customer signs in and manages them.
// Dates are weeks ahead of today (Los Angeles time), in the order the test needs them; the times are
// daytime, which no daylight-saving change skips or repeats. The journey runs at 1280 px; at 375 px a
// short test checks what the width changes: the customer's list is cards, not a table, and neither
// page spills sideways.

async function createAppointment(page: Page, a: { email: string; service: string; cats: string; date: string; time: string; phone?: string }) {
  await page.getByRole("button", { name: "New appointment" }).click();
  const dialog = page.getByRole("dialog", { name: "New appointment" });
  await dialog.getByLabel("Customer e-mail").fill(a.email);
  await dialog.getByLabel("Service").selectOption({ label: a.service });
  await dialog.getByLabel("Cat name(s)").fill(a.cats);
  await dialog.getByLabel("Date", { exact: true }).fill(a.date);
  await dialog.getByLabel("Time", { exact: true }).fill(a.time);
  if (a.phone) await dialog.getByLabel(/Mobile for reminders/).fill(a.phone);
  await dialog.getByRole("button", { name: "Create appointment" }).click();
  await expect(page.getByText("Appointment created").first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("staff create two appointments; the customer sees exactly those, reminds, reschedules and cancels", async ({ browser, signIn }, testInfo) => {
  test.slow();
  const customer = uniqueEmail(testInfo, "owner");
  const groom = businessDayAhead(30);
  const bath = businessDayAhead(49);

  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, { as: "admin", open: false });
  await staffPage.goto("/admin/bookings");
  await expect(staffPage.getByRole("heading", { name: "Appointments" })).toBeVisible();
  await createAppointment(staffPage, { email: customer, service: "Full Grooming", cats: "Miso", date: groom.iso, time: "10:30", phone: "(949) 555-2368" });
  await createAppointment(staffPage, { email: customer, service: "Bath & Brush", cats: "Miso and Tofu", date: bath.iso, time: "09:00" });
  // Overnight stays are stays: the form does not offer them, and says where staff book one.
  await staffPage.getByRole("button", { name: "New appointment" }).click();
  const form = staffPage.getByRole("dialog", { name: "New appointment" });
  await expect(form.getByLabel("Service").locator("option", { hasText: "Cat Boarding" })).toHaveCount(0);
  await expect(form.getByRole("link", { name: "Book a stay for a customer" })).toHaveAttribute("href", "/admin/stays/book");
  await staffPage.keyboard.press("Escape");
  await expect(form).toBeHidden();
  // The day view lists what starts that day, in Los Angeles time.
  await staffPage.goto(`/admin/bookings?day=${groom.iso}`);
  const staffItem = staffPage.getByRole("region", { name: "Appointments on this day" }).getByRole("listitem").filter({ hasText: customer });
  await expect(staffItem).toContainText("10:30 AM · Full Grooming · Miso");

  const page = await (await browser.newContext()).newPage();
  await page.goto("/appointments");
  await expect(page.getByRole("heading", { name: "Sign in to see your appointments" })).toBeVisible();
  await signInAs(page, customer);
  await page.goto("/appointments");

  const rows = page.locator("table tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Full Grooming");
  await expect(rows.nth(0)).toContainText(groom.label);
  await expect(rows.nth(0)).toContainText("10:30 AM");
  await expect(rows.nth(1)).toContainText("Bath & Brush");
  await expect(rows.nth(1)).toContainText(bath.label);
  await expect(rows.nth(1)).toContainText("9:00 AM");
  await expectNoAxeViolations(page);

  // Reminder by SMS (the simulated provider records it); a second within the hour is refused.
  await rows
    .nth(0)
    .getByRole("button", { name: /Send reminder/ })
    .click();
  const reminder = page.getByRole("dialog", { name: "Send a reminder" });
  await expect(reminder.getByLabel("Mobile number")).toHaveValue("(949) 555-2368");
  await reminder.getByRole("button", { name: "Send reminder" }).click();
  await expect(page.getByText("Reminder Sent")).toBeVisible();
  await rows
    .nth(0)
    .getByRole("button", { name: /Send reminder/ })
    .click();
  await reminder.getByRole("button", { name: "Send reminder" }).click();
  await expect(page.getByText(/A reminder was sent for this appointment recently/)).toBeVisible();

  // A new time is a request: Pending until staff confirm.
  await rows.nth(0).getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Request a different time" });
  await edit.getByLabel("New time").fill("14:00");
  await edit.getByRole("button", { name: "Request this time" }).click();
  await expect(rows.nth(0)).toContainText("Pending");
  await expect(rows.nth(0)).toContainText(`Requested: ${groom.label} at 2:00 PM`);

  // Cancel the bath after confirming.
  await rows
    .nth(1)
    .getByRole("button", { name: /^Cancel/ })
    .click();
  await page.getByRole("dialog", { name: "Cancel this appointment?" }).getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(rows.nth(1)).toContainText("Cancelled");

  // Staff find the request in the queue beside the day view, and the groom among the next 30 days;
  // the request opens its day, where they confirm it.
  await staffPage.goto("/admin/bookings");
  const requests = staffPage.getByRole("region", { name: /^Change requests/ });
  await expect(requests.getByRole("listitem").filter({ hasText: customer })).toContainText(`Customer asks for ${groom.label} at 2:00 PM`);
  await expect(
    staffPage
      .getByRole("region", { name: /^Next 30 days/ })
      .getByRole("listitem")
      .filter({ hasText: customer }),
  ).toContainText("Full Grooming");
  await expectNoAxeViolations(staffPage);
  await requests.getByRole("link").filter({ hasText: customer }).click();
  await expect(staffPage).toHaveURL(new RegExp(`day=${groom.iso}`));
  await expect(staffItem).toContainText(`Customer asks for ${groom.label} at 2:00 PM`);
  await staffItem.getByRole("button", { name: "Confirm new time" }).click();
  await expect(staffPage.getByText("New time confirmed")).toBeVisible();
  await page.goto("/appointments");
  await expect(rows.nth(0)).toContainText("2:00 PM");
  await expect(rows.nth(0)).toContainText("Confirmed");
});

test(
  "on a phone the customer's appointments are cards, and neither their page nor the staff's spills sideways",
  { tag: "@phone" },
  async ({ browser, signIn }) => {
    test.slow();
    const groom = businessDayAhead(30);
    const page = await (await browser.newContext()).newPage();
    const customer = await signIn(page, { open: false });
    const staffPage = await (await browser.newContext()).newPage();
    await signIn(staffPage, { as: "admin", open: false });
    await staffPage.goto("/admin/bookings");
    await createAppointment(staffPage, { email: customer, service: "Full Grooming", cats: "Miso", date: groom.iso, time: "10:30" });
    expect(await staffPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(staffPage);

    await page.goto("/appointments");
    const cards = page.locator("ul[aria-label='Upcoming appointments'] > li");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Full Grooming");
    await expect(cards.first()).toContainText(groom.label);
    await expect(cards.first()).toContainText("10:30 AM");
    await expect(page.getByRole("table")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  },
);

test("a visitor without a session cannot send reminders", async ({ request }) => {
  const res = await request.post("/api/appointments/send-sms-reminder", {
    data: { appointmentId: "00000000-0000-4000-8000-000000000000", phoneNumber: "+19495552368", message: "hi" },
  });
  expect(res.status()).toBe(401);
  expect((await res.json()).error.code).toBe("AUTH_REQUIRED");
});
