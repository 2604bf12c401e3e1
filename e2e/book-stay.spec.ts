import crypto from "node:crypto";
import { weekdayOf } from "../app/domain/calendar";
import { customerWithVerifiedCats } from "./support/cats";
import { expectNoAxeViolations } from "./support/axe";
import { businessDayAhead } from "./support/dates";
import { takeOutOfService } from "./support/rooms";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/own-server";

// Booking a stay end to end, on a server of its own: staff leave one suite in service and make a
// peak weekend; a customer books it for two cats (minimum nights and surcharge shown), changes the
// dates and the cats and cancels inside the fee window; another customer finds the nights full, waits, and gets
// the freed suite offered; staff see both on the desk. Dates are relative to today. axe scans the page
// states no other spec scans (the dates step with a peak, the change of cats, the waitlist, the desk's
// day); admin-rooms.spec.ts scans Suites and rules and the suites step, medication-quote.spec.ts the
// review, my-trips.spec.ts My Trips.

/** The first Friday at least `days` days from today. */
function fridayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 5) return d;
}

type Day = ReturnType<typeof businessDayAhead>;
const money = (dollars: number) => `${dollars < 0 ? "−" : ""}$${Math.abs(dollars).toFixed(2)}`;

test("a customer books a peak weekend, changes and cancels it; the next on the waitlist gets the suite", async ({
  browser,
  page: staff,
  signIn,
  ownServer,
}) => {
  test.setTimeout(360_000);
  const suffix = crypto.randomBytes(3).toString("hex");
  const [miso, tofu, pepper] = [`Miso ${suffix}`, `Tofu ${suffix}`, `Pepper ${suffix}`];
  const friday = fridayAhead(21);
  const [fri, sat, sun, mon, tue] = [0, 1, 2, 3, 4].map((n) => businessDayAhead(friday + n)) as [Day, Day, Day, Day, Day];
  const peakName = `Harvest Weekend ${suffix}`;

  // Staff: one suite left in service, and a peak weekend with its own terms.
  await signIn(staff, { as: "admin", open: false });
  await staff.goto("/admin/rooms");
  await expect(staff.getByRole("heading", { name: "Suites and rules", level: 1 })).toBeVisible();
  // One suite by its button (the notice, and the list showing the new state), the other ten by their forms' posts.
  await staff.getByRole("button", { name: "Take out of service: Cozy 1", exact: true }).click();
  await expect(staff.getByText("Cozy 1 is out of service")).toBeVisible();
  await expect(staff.getByRole("button", { name: "Put back in service: Cozy 1", exact: true })).toBeVisible();
  await takeOutOfService(staff, ["Cozy 2", "Cozy 3", "Cozy 4", "Cozy 5", "Cozy 6", "Deluxe 2", "Deluxe 3", "Deluxe 4", "Loft 1", "Loft 2"]);
  const rule = staff.locator("#add-rule");
  await rule.getByLabel("Name (shown to customers)").fill(peakName);
  await rule.getByLabel("First day").fill(fri.iso);
  await rule.getByLabel("Last day").fill(sun.iso);
  await rule.getByLabel("Surcharge (%)").fill("20");
  await rule.getByLabel("Minimum nights").fill("3");
  await rule.getByLabel("Free cancellation until (days before)").fill("60");
  await rule.getByLabel("Fee after that (% of price)").fill("50");
  await rule.getByRole("button", { name: "Add to the calendar" }).click();
  await expect(staff.getByText(`${peakName} added to the calendar`)).toBeVisible();

  const first = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [miso, tofu]);
  const second = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [pepper]);

  // The first customer: the peak's minimum nights, then the suite for both cats with the surcharge.
  const ana = first.page;
  await ana.goto("/book/stay");
  await expect(ana.getByRole("heading", { name: "Book a Stay", level: 1 })).toBeVisible();
  await expect(ana.getByRole("listitem", { name: new RegExp(`^${fri.label}: peak: ${peakName}`) })).toBeVisible();
  await expectNoAxeViolations(ana);
  await ana.getByLabel("Check-in date").fill(fri.iso);
  await ana.getByLabel("Check-out date").fill(sat.iso);
  await ana.getByLabel(miso).check();
  await ana.getByLabel(tofu).check();
  await ana.getByRole("button", { name: "See available suites" }).click();
  await expect(ana.getByText(`Stays over ${peakName} are at least 3 nights.`)).toBeVisible();
  await ana.getByLabel("Check-out date").fill(mon.iso);
  await ana.getByRole("button", { name: "See available suites" }).click();
  await expect(ana.getByRole("heading", { name: "Choose a suite" })).toBeVisible();
  const shared = ana.getByRole("radio", { name: /^Deluxe Suite/ });
  await expect(shared).toBeChecked();
  await expect(ana.getByText("Both cats share one suite.")).toBeVisible();
  await ana.getByRole("button", { name: "Review booking" }).click();
  await expect(ana.getByRole("heading", { name: "Review and confirm" })).toBeVisible();
  // When to come and collect them: the house's hours of those two days.
  await expect(ana.getByText(`${fri.label}, 9:00 AM – 12:00 PM or 1:00 PM – 5:00 PM`)).toBeVisible();
  await expect(ana.getByText(`${mon.label}, 9:00 AM – 12:00 PM or 1:00 PM – 5:00 PM`)).toBeVisible();
  // Two cats sharing: $65 + $30 a night for 3 nights, 20% on the 3 peak nights, and a new customer's
  // first night's room free; half of it from today if cancelled.
  await expect(ana.getByRole("row", { name: `Deluxe Suite, 2 cats: 3 nights × ${money(95)} ${money(285)}` })).toBeVisible();
  await expect(ana.getByRole("row", { name: `${peakName} surcharge, 20%: 3 nights ${money(57)}` })).toBeVisible();
  await expect(ana.getByRole("row", { name: `First night free ${money(-95)}` })).toBeVisible();
  await expect(ana.getByRole("row", { name: `Total ${money(247)}` })).toBeVisible();
  await expect(ana.getByText(`Cancelling costs ${money(123.5)}.`)).toBeVisible();
  const bookedAt = Date.now() - 1000;
  await ana.getByRole("button", { name: "Confirm booking" }).click();
  await expect(ana.getByText("Your stay is confirmed. We've e-mailed you the details and a calendar invitation.")).toBeVisible();
  const confirmation = await waitForMail(first.email, bookedAt);
  expect(confirmation.subject).toBe(`Your stay is confirmed: ${fri.label} – ${mon.label}`);
  expect(confirmation.text).toContain(`First night free: ${money(-95)}`);
  expect(confirmation.attachments[0]?.filename).toBe("stay.ics");
  expect(confirmation.attachments[0]?.content).toContain(`DTSTART;VALUE=DATE:${fri.iso.replaceAll("-", "")}`);

  // One more night: the new price first, then the change.
  const trip = ana.getByRole("listitem").filter({ hasText: `${miso}, ${tofu}` });
  await trip.getByText("Change dates").click();
  await trip.getByLabel("New check-out").fill(tue.iso);
  await trip.getByRole("button", { name: "Check new dates" }).click();
  await expect(ana.getByRole("status").filter({ hasText: `new total ${money(342)} (${money(95)} more)` })).toBeVisible();
  await ana.getByRole("button", { name: "Confirm new dates" }).click();
  await expect(ana.getByText(`Your stay now runs from ${fri.label} to ${tue.label}.`, { exact: false })).toBeVisible();

  // Tofu stays home after all, then comes along again: the new price first each time.
  const stayCard = ana.getByRole("list", { name: "Upcoming stays" }).locator("> li");
  await stayCard.getByText("Change cats").click();
  await stayCard.getByLabel(tofu).uncheck();
  await stayCard.getByRole("button", { name: "Check new price" }).click();
  // One cat: $65 a night for 4 nights, 20% on the 3 peak nights, and the first night's room free.
  await expect(ana.getByRole("status").filter({ hasText: `${miso}: new total ${money(234)} (${money(108)} less)` })).toBeVisible();
  await expectNoAxeViolations(ana);
  await ana.getByRole("button", { name: "Confirm new cats" }).click();
  await expect(ana.getByText(`Your stay is now for ${miso}. We've e-mailed you the details.`)).toBeVisible();
  await stayCard.getByText("Change cats").click();
  await stayCard.getByLabel(tofu).check();
  await stayCard.getByRole("button", { name: "Check new price" }).click();
  await expect(ana.getByRole("status").filter({ hasText: `${miso}, ${tofu}: new total ${money(342)} (${money(108)} more)` })).toBeVisible();
  await ana.getByRole("button", { name: "Confirm new cats" }).click();
  await expect(ana.getByText(`Your stay is now for ${miso} and ${tofu}.`, { exact: false })).toBeVisible();

  // The second customer finds the nights full and joins the waitlist.
  const ben = second.page;
  await ben.goto("/book/stay");
  await ben.getByLabel("Check-in date").fill(fri.iso);
  await ben.getByLabel("Check-out date").fill(mon.iso);
  await ben.getByLabel(pepper).check();
  await ben.getByRole("button", { name: "See available suites" }).click();
  await expect(ben.getByText("No suite is free for every one of those nights.")).toBeVisible();
  await expectNoAxeViolations(ben);
  await ben.getByLabel("How flexible are your dates?").selectOption({ label: "These dates only" });
  await ben.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(ben.getByText(`You're on the waitlist for ${fri.label} to ${mon.label}.`, { exact: false })).toBeVisible();

  // Staff see the stay on the desk for its arrival day, and in the grid.
  await staff.goto(`/admin/stays?date=${fri.iso}`);
  const arrivals = staff.locator("section").filter({ has: staff.getByRole("heading", { name: `Arrivals · ${fri.label}` }) });
  await expect(arrivals.getByText(`${miso} & ${tofu} · Ana Ruiz`)).toBeVisible();
  await expect(
    staff
      .getByRole("row", { name: /^Deluxe 1/ })
      .getByText(`${miso} & ${tofu} (Ana Ruiz)`)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(staff);

  // The first customer cancels inside the fee window and is told the fee; the suite goes to the waitlist.
  const offeredAt = Date.now() - 1000;
  await trip.getByText("Cancel this stay").click();
  await expect(trip.getByText(`Cancelling today costs ${money(171)}.`)).toBeVisible();
  await trip.getByRole("button", { name: "Yes, cancel stay" }).click();
  await expect(ana.getByText(`Stay cancelled. — A cancellation fee of ${money(171)} applies.`)).toBeVisible();

  const offer = await waitForMail(second.email, offeredAt, 30_000);
  expect(offer.subject).toBe(`A suite is free for your dates: ${fri.label} – ${mon.label}`);
  await ben.goto("/trips");
  await expect(ben.getByText("Offer waiting for you")).toBeVisible();
  await ben.getByRole("button", { name: "Accept offer" }).click();
  await expect(ben.getByText("Your stay is confirmed. We've e-mailed you the details and a calendar invitation.")).toBeVisible();

  await staff.goto(`/admin/stays?date=${fri.iso}`);
  await expect(arrivals.getByText(`${pepper} · Ana Ruiz`)).toBeVisible();
  await expect(arrivals.getByText(`${miso} & ${tofu}`)).toHaveCount(0);
});
