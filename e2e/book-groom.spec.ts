import crypto from "node:crypto";
import { defaultEditableBusiness } from "../app/features/content/business-defaults";
import { weekdayOf } from "../app/domain/calendar";
import { expectNoAxeViolations } from "./support/axe";
import { customerWithVerifiedCats } from "./support/cats";
import { publishContent } from "./support/content";
import { businessDayAhead } from "./support/dates";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/own-server";
import { screenshot } from "./support/screenshots";

// Booking a groom end to end, on a server of its own (a fresh groomer's calendar): a customer books
// the first free time of a Tuesday, a second customer finds that time gone. Dates are relative to today.

/** The first Tuesday at least `days` days from today (the groomer works 9-5, lunch 12-1). */
function tuesdayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 2) return businessDayAhead(d);
}

test("a customer books a groom at the first free time; a second customer sees that time gone", async ({ browser, page: staff, signIn, ownServer }) => {
  test.setTimeout(240_000);
  const suffix = crypto.randomBytes(3).toString("hex");
  const [miso, pepper] = [`Miso ${suffix}`, `Pepper ${suffix}`];
  const day = tuesdayAhead(3);
  await signIn(staff, { as: "admin", open: false });
  // Staff see the services' durations and prices and the groomer's week in admin Grooming.
  await staff.goto("/admin/grooming");
  await expect(staff.getByRole("heading", { name: "Groomers and services", level: 1 })).toBeVisible();
  await expect(staff.getByRole("form", { name: "Full Grooming" }).getByLabel("Minutes per cat")).toHaveValue("90");
  await expect(staff.getByLabel("Tuesday break from")).toHaveValue("12:00");
  await expectNoAxeViolations(staff);
  const first = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [miso]);
  const second = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [pepper]);

  // From the booking modal on the home page: Book a Groom opens the page in this tab.
  const ana = first.page;
  await ana.goto("/");
  await ana.waitForSelector("html[data-hydrated]", { state: "attached" });
  await ana.getByRole("button", { name: "Start booking" }).click();
  await ana.getByRole("button", { name: "Returning Customer" }).click();
  await ana
    .getByRole("dialog", { name: "Book Your Kitty Service" })
    .getByRole("link", { name: /Book a Groom/ })
    .click();
  await expect(ana).toHaveURL(/\/book\/groom$/);
  await expect(ana.getByRole("heading", { name: "Book a Groom", level: 1 })).toBeVisible();
  await expect(ana.getByRole("radio", { name: /^Full Grooming/ })).toBeChecked();
  await expect(ana.getByText("$85.00 per cat · 1 h 30 min")).toBeVisible();
  await expect(ana.getByLabel(miso)).toBeChecked();
  await expectNoAxeViolations(ana);
  await screenshot(ana, "book-groom-choose");

  // A past day is refused with the reason.
  await ana.getByLabel("Day").fill(businessDayAhead(-1).iso);
  await ana.evaluate(() => document.querySelector("form")?.setAttribute("novalidate", ""));
  await ana.getByRole("button", { name: "See free times" }).click();
  await expect(ana.getByText("Choose today or a later day.")).toBeVisible();

  await ana.getByLabel("Day").fill(day.iso);
  await ana.getByRole("button", { name: "See free times" }).click();
  await expect(ana.getByRole("heading", { name: "Choose a time" })).toBeVisible();
  await expect(ana.getByText(`Full Grooming · ${miso} · ${day.label} · 1 h 30 min · $85.00`)).toBeVisible();
  const times = ana.getByRole("list", { name: "Free start times" }).getByRole("radio");
  await expect(times.first()).toBeChecked();
  await expect(times.first()).toHaveAccessibleName("9:00 AM , until 10:30 AM");
  // Its scan is groom-from-stay.spec.ts's (the same step, booked from a stay).
  await screenshot(ana, "book-groom-times");

  const bookedAt = Date.now() - 1000;
  await ana.getByRole("button", { name: "Confirm booking" }).click();
  await expect(ana).toHaveURL(/\/appointments\?booked=/);
  await expect(ana.getByText(`Your groom is booked for ${day.label} at 9:00 AM. We've e-mailed you the details and a calendar invitation.`)).toBeVisible();
  await expect(ana.getByRole("region", { name: "Upcoming" }).getByText("Full Grooming").filter({ visible: true })).toBeVisible();
  const confirmation = await waitForMail(first.email, bookedAt);
  expect(confirmation.subject).toBe(`Your groom is booked: ${day.label} at 9:00 AM`);
  expect(confirmation.attachments[0]?.filename).toBe("groom.ics");

  // The second customer: 9:00 is gone, and so is every time that would overlap it.
  const bo = second.page;
  await bo.goto("/book/groom");
  await bo.getByLabel("Day").fill(day.iso);
  await bo.getByRole("button", { name: "See free times" }).click();
  const left = bo.getByRole("list", { name: "Free start times" }).getByRole("radio");
  await expect(left.first()).toHaveAccessibleName("10:30 AM , until 12:00 PM");
  await expect(bo.getByRole("radio", { name: /^9:00 AM/ })).toHaveCount(0);

  // The first customer moves the groom to 1 pm among its free times, then cancels it: 9:00 frees up, then 1:00.
  await ana
    .getByRole("link", { name: `Move Full Grooming on ${day.label}` })
    .filter({ visible: true })
    .click();
  await expect(ana.getByRole("heading", { name: "Choose a new time" })).toBeVisible();
  await expect(ana.getByText(`Now booked for ${day.label} at 9:00 AM.`)).toBeVisible();
  await ana.getByRole("radio", { name: /^1:00 PM/ }).check();
  await ana.getByRole("button", { name: "Move to this time" }).click();
  await expect(ana.getByText(`Your groom has moved to ${day.label} at 1:00 PM. We've e-mailed you the new details.`)).toBeVisible();
  await bo.reload();
  await expect(left.first()).toHaveAccessibleName("9:00 AM , until 10:30 AM");
  await expect(bo.getByRole("radio", { name: /^1:00 PM/ })).toHaveCount(0);

  await ana
    .getByRole("button", { name: `Cancel Full Grooming on ${day.label}` })
    .filter({ visible: true })
    .click();
  await ana.getByRole("dialog", { name: "Cancel this appointment?" }).getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(ana.getByText("Appointment cancelled.")).toBeVisible();
  await bo.reload();
  await expect(bo.getByRole("radio", { name: /^1:00 PM/ })).toBeVisible();
});

test("with online booking off, Book a Groom opens the outside page in a new tab and the close button steps back", async ({ page, signIn, context }) => {
  await signIn(page, { as: "admin", open: false });
  const business = defaultEditableBusiness;
  await publishContent(page.request, "business", { ...business, booking: { ...business.booking, online: false } });
  const groomUrl = business.booking.groomUrl;

  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByRole("button", { name: "Start booking" }).click();
  await page.getByRole("button", { name: "Returning Customer" }).click();
  const booking = page.getByRole("dialog", { name: "Book Your Kitty Service" });
  const groom = booking.getByRole("link", { name: /Book a Groom/ });
  await expect(groom).toHaveAttribute("href", groomUrl);
  await expect(groom).toHaveAttribute("target", "_blank");
  await expect(groom).toHaveAttribute("rel", /noopener/);
  // The outside site is beyond our walls: answer it at the network edge.
  await context.route(`${new URL(groomUrl).origin}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<title>booking</title>" }));
  const [popup] = await Promise.all([context.waitForEvent("page"), groom.click()]);
  expect(popup.url()).toBe(groomUrl);
  await popup.close();
  await expect(booking).toContainText("We opened the booking page");
  await booking.getByRole("button", { name: "Back to the service choice" }).click();
  await expect(booking.getByRole("link", { name: /Book a Groom/ })).toBeVisible();
});
