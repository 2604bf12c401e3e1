import crypto from "node:crypto";
import { weekdayOf } from "../app/domain/calendar";
import { expectNoAxeViolations } from "./support/axe";
import { customerWithVerifiedCats } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/auth";
import { screenshot } from "./support/screenshots";

// Staff take a booking on the phone: they find the customer, book a stay through Book a Stay's
// steps, and the customer gets the confirmation and finds the stay on My Trips. The page is the
// desk's, and a tablet or phone at the desk must fit it: at 375 px a second test reaches the review
// step (the widest of the page's steps) and checks its layout, without the booking after it.

/** Days ahead of the first Tuesday at least `days` ahead (arrivals and departures are open Tuesday to Friday). */
function tuesdayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 2) return d;
}

test("staff book a stay for a customer, who finds it on My Trips", async ({ browser, page: staff, signIn, baseURL }) => {
  test.setTimeout(180_000);
  const cat = `Biscuit ${crypto.randomBytes(3).toString("hex")}`;
  // Far ahead, and spread out, so other tests' stays leave suites free; inside the FVRCP's 300 days.
  const tuesday = tuesdayAhead(150 + crypto.randomInt(120));
  const [checkIn, checkOut] = [businessDayAhead(tuesday), businessDayAhead(tuesday + 3)];
  await signIn(staff, { as: "admin", open: false });
  const customer = await customerWithVerifiedCats(browser, baseURL!, signIn, staff, [cat]);

  await staff.goto("/admin/stays");
  await staff.getByRole("link", { name: "Book a stay for a customer" }).click();
  await expect(staff.getByRole("heading", { name: "Book a stay for a customer", level: 1 })).toBeVisible();
  await staff.getByLabel("Customer", { exact: true }).fill(customer.email);
  await staff.getByRole("button", { name: "Search" }).click();
  await staff.getByRole("link", { name: "Book a stay for Ana Ruiz" }).click();

  await staff.getByLabel("Check-in date").fill(checkIn.iso);
  await staff.getByLabel("Check-out date").fill(checkOut.iso);
  await expect(staff.getByLabel(cat)).toBeChecked();
  await staff.getByRole("button", { name: "See available suites" }).click();
  await expect(staff.getByRole("radio").first()).toBeChecked();
  await staff.getByRole("button", { name: "Review booking" }).click();
  await expect(staff.getByRole("heading", { name: "Review and book" })).toBeVisible();
  await expect(staff.getByRole("table", { name: "Price" })).toContainText("1 cat: 3 nights");
  expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(staff);
  await screenshot(staff, "admin-stay-review");

  const since = Date.now() - 1000;
  await staff.getByRole("button", { name: "Book for Ana Ruiz" }).click();
  const booked = staff.getByRole("status").filter({ hasText: "Booked:" });
  await expect(booked).toContainText(`Booked: ${cat}, ${checkIn.label} to ${checkOut.label}`);
  await expect(booked).toContainText("Confirmed");

  const mail = await waitForMail(customer.email, since, 30_000);
  expect(mail.subject).toMatch(/^Your stay is confirmed/);
  await customer.page.goto("/trips");
  const trip = customer.page.getByRole("listitem").filter({ hasText: cat });
  await expect(trip).toContainText(`${checkIn.label} – ${checkOut.label}`);
  await expect(trip).toContainText("Confirmed");
});

test("at a phone's width the desk's review step fits, nothing spilling sideways", { tag: "@phone" }, async ({ browser, page: staff, signIn, baseURL }) => {
  test.slow();
  const cat = `Biscuit ${crypto.randomBytes(3).toString("hex")}`;
  const tuesday = tuesdayAhead(150 + crypto.randomInt(120));
  await signIn(staff, { as: "admin", open: false });
  const customer = await customerWithVerifiedCats(browser, baseURL!, signIn, staff, [cat]);
  await customer.page.context().close();

  // The search's answer links the household's booking page; its steps are the form's GETs.
  await staff.goto(`/admin/stays/book?q=${encodeURIComponent(customer.email)}`);
  await staff.getByRole("link", { name: "Book a stay for Ana Ruiz" }).click();
  await staff.getByLabel("Check-in date").fill(businessDayAhead(tuesday).iso);
  await staff.getByLabel("Check-out date").fill(businessDayAhead(tuesday + 3).iso);
  await staff.getByRole("button", { name: "See available suites" }).click();
  await staff.getByRole("button", { name: "Review booking" }).click();
  await expect(staff.getByRole("table", { name: "Price" })).toContainText("1 cat: 3 nights");
  expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(staff);
  await screenshot(staff, "admin-stay-review-phone");
});
