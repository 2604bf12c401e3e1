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

// A groom on a stay's departure day, and a groom staff book for a customer, on a server of its own
// (a fresh groomer's calendar): the customer books a Monday-to-Tuesday stay, follows "Add a groom on
// departure day" from the confirmation to Book a Groom with the day and cats chosen, and books the
// first time inside the pick-up hours; staff then book the customer's other cat from admin Grooming,
// and the customer finds both grooms on My Appointments; with online booking off the link is gone.
// Dates are relative to today.

/** The first Monday at least `days` days from today (arrivals are open Monday to Friday). */
function mondayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 1) return d;
}

test("a customer adds a groom on a stay's departure day; staff book the other cat's groom and the customer sees it", async ({
  browser,
  page: staff,
  signIn,
  ownServer,
}) => {
  test.setTimeout(300_000);
  const suffix = crypto.randomBytes(3).toString("hex");
  const [miso, tofu] = [`Miso ${suffix}`, `Tofu ${suffix}`];
  const monday = mondayAhead(14);
  const [checkIn, departure] = [businessDayAhead(monday), businessDayAhead(monday + 1)];
  await signIn(staff, { as: "admin", open: false });
  const customer = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [miso, tofu]);
  const ana = customer.page;

  // The stay: one night for both cats.
  await ana.goto("/book/stay");
  await ana.getByLabel("Check-in date").fill(checkIn.iso);
  await ana.getByLabel("Check-out date").fill(departure.iso);
  await ana.getByLabel(miso).check();
  await ana.getByLabel(tofu).check();
  await ana.getByRole("button", { name: "See available suites" }).click();
  await ana.getByRole("button", { name: "Review booking" }).click();
  await ana.getByRole("button", { name: "Confirm booking" }).click();
  const status = ana.getByRole("status").filter({ hasText: "Your stay is confirmed." });
  await expect(status).toBeVisible();
  // Each upcoming stay offers it too.
  const trip = ana.getByRole("listitem").filter({ hasText: `${miso}, ${tofu}` });
  await expect(trip.getByRole("link", { name: "Add a groom on departure day" })).toBeVisible();
  await screenshot(ana, "trips-add-groom");

  // From the confirmation: Book a Groom with the departure day and both cats chosen; the customer keeps one.
  await status.getByRole("link", { name: "Add a groom on departure day" }).click();
  await expect(ana).toHaveURL(/\/book\/groom\?stay=/);
  await expect(ana.getByText(`On the departure day of your stay: ${departure.label}.`)).toBeVisible();
  await expect(ana.getByText("Pick-up is 9:00 AM – 12:00 PM or 1:00 PM – 5:00 PM", { exact: false })).toBeVisible();
  await expect(ana.getByLabel(miso)).toBeChecked();
  await expect(ana.getByLabel(tofu)).toBeChecked();
  await expect(ana.getByLabel("Day")).toHaveCount(0);
  await expectNoAxeViolations(ana);
  await screenshot(ana, "book-groom-from-stay");
  await ana.getByLabel(tofu).uncheck();
  await ana.getByRole("button", { name: "See free times" }).click();
  await expect(ana.getByText(`Full Grooming · ${miso} · ${departure.label} · 1 h 30 min · $85.00`)).toBeVisible();
  // 90 minutes inside 9-12 or 1-5: 9:00 to 10:30, then 1:00 to 3:30 PM.
  const times = ana.getByRole("list", { name: "Free start times" }).getByRole("radio");
  await expect(times.first()).toHaveAccessibleName("9:00 AM , until 10:30 AM");
  await expect(times.last()).toHaveAccessibleName("3:30 PM , until 5:00 PM");
  await expectNoAxeViolations(ana);
  await screenshot(ana, "book-groom-from-stay-times");
  await ana.getByRole("button", { name: "Confirm booking" }).click();
  await expect(ana).toHaveURL(/\/appointments\?booked=.*&stay=/);
  await expect(ana.getByText(`Your groom is booked for ${departure.label} at 9:00 AM.`, { exact: false })).toContainText(
    "It is on the departure day of your stay, so your cat goes home freshly groomed. Pick-up that day is 9:00 AM – 12:00 PM or 1:00 PM – 5:00 PM.",
  );
  await screenshot(ana, "appointments-groom-from-stay");

  // Staff book Tofu's groom the same day from admin Grooming: 9:00 is taken, the first free time is 10:30.
  await staff.goto("/admin/grooming");
  await staff.getByRole("link", { name: "Book a groom for a customer" }).click();
  await expect(staff.getByRole("heading", { name: "Book a groom for a customer", level: 1 })).toBeVisible();
  await staff.getByLabel("Customer", { exact: true }).fill(customer.email);
  await staff.getByRole("button", { name: "Search" }).click();
  await staff
    .getByRole("list", { name: "Customers found" })
    .getByRole("link", { name: /^Book a groom for / })
    .click();
  await staff.getByLabel(tofu).check();
  await staff.getByLabel("Day").fill(departure.iso);
  await staff.getByRole("button", { name: "See free times" }).click();
  const staffTimes = staff.getByRole("list", { name: "Free start times" }).getByRole("radio");
  await expect(staffTimes.first()).toHaveAccessibleName("10:30 AM , until 12:00 PM");
  await expect(staff.getByRole("radio", { name: /^9:00 AM/ })).toHaveCount(0);
  await expectNoAxeViolations(staff);
  await screenshot(staff, "admin-book-groom");
  const bookedAt = Date.now() - 1000;
  await staff.getByRole("button", { name: /^Book for / }).click();
  await expect(
    staff.getByText(`Booked: Full Grooming for ${tofu} on ${departure.label} at 10:30 AM (Confirmed). The customer has been e-mailed the confirmation.`),
  ).toBeVisible();
  await screenshot(staff, "admin-book-groom-booked");
  // The customer's own groom mail came before; the newest one is the staff booking's.
  await expect.poll(async () => (await waitForMail(customer.email, bookedAt)).subject).toBe(`Your groom is booked: ${departure.label} at 10:30 AM`);

  // The customer's My Appointments lists it.
  await ana.goto("/appointments");
  await expect(ana.getByRole("region", { name: "Upcoming" }).getByText(tofu).filter({ visible: true })).toBeVisible();

  // With the content's online booking switched off, My Trips no longer offers the groom.
  const business = defaultEditableBusiness;
  await publishContent(staff.request, "business", { ...business, booking: { ...business.booking, online: false } });
  await ana.goto("/trips");
  await expect(trip).toBeVisible();
  await expect(ana.getByRole("link", { name: "Add a groom on departure day" })).toHaveCount(0);
});
