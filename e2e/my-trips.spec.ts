import crypto from "node:crypto";
import { addCatByForm, certificate, expectStatus, saveHouseholdByForm } from "./support/cats";
import { expectNoAxeViolations } from "./support/axe";
import { weekdayOf } from "../app/domain/calendar";
import { businessDayAhead } from "./support/dates";
import { expect, test } from "./support/auth";
import { formToken } from "./support/form-token";

// My Trips for a household whose only item is a waitlist entry: the entry is there after a reload,
// with the way to leave it; and a household's stays in the order it will take them, the cancelled
// ones apart. At a phone's width and a desktop's (the lists reflow into columns).

/** Days ahead of the first Tuesday at least `days` ahead (arrivals and departures are open Tuesday to Friday). */
function tuesdayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 2) return d;
}

test("a household on the waitlist only keeps its entry on My Trips and can leave it", { tag: "@both-widths" }, async ({ page, signIn }) => {
  const cat = `Juniper ${crypto.randomBytes(3).toString("hex")}`;
  // A Tuesday to a Friday, about five months ahead: open for arrivals and departures.
  const tuesday = tuesdayAhead(150);
  const [checkIn, checkOut] = [businessDayAhead(tuesday), businessDayAhead(tuesday + 3)];
  await signIn(page, { open: false });
  await saveHouseholdByForm(page);
  const catId = await addCatByForm(page, cat);

  // The waitlist form of Book a Stay, as the browser posts it (the form shows only when the nights are full).
  const joined = await page.request.post("/book/stay", {
    form: { intent: "waitlist", formToken: formToken(), checkIn: checkIn.iso, checkOut: checkOut.iso, catIds: catId, flexDays: "2" },
    maxRedirects: 0,
  });
  expect(joined.status(), "joining the waitlist redirects to My Trips").toBe(302);
  await page.goto(joined.headers()["location"]!);
  await expect(page.getByRole("status").filter({ hasText: `You're on the waitlist for ${checkIn.label} to ${checkOut.label}.` })).toBeVisible();

  // A later visit: the entry, not "your reservations will appear here".
  await page.goto("/trips");
  const waitlist = page.getByRole("region", { name: "Waitlist" });
  const entry = waitlist.getByRole("listitem").filter({ hasText: `${checkIn.label} – ${checkOut.label}` });
  await expect(entry).toContainText("Up to 2 days earlier or later");
  await expect(page.getByText("Your upcoming and past reservations will appear here.")).toBeHidden();
  await expectNoAxeViolations(page);

  await entry.getByRole("button", { name: "Leave the waitlist" }).click();
  await expect(page.getByText("You've left the waitlist.")).toBeVisible();
  await expect(waitlist).toBeHidden();
  await page.reload();
  await expect(page.getByText("Your upcoming and past reservations will appear here.")).toBeVisible();
});

test("My Trips lists the next stay first and a cancelled one apart", { tag: "@both-widths" }, async ({ page, signIn }) => {
  const cat = `Basil ${crypto.randomBytes(3).toString("hex")}`;
  // Two stays months apart, far enough ahead that other tests' bookings leave suites free.
  const sooner = tuesdayAhead(170 + crypto.randomInt(60));
  const later = sooner + 14;
  await signIn(page, { open: false });
  await saveHouseholdByForm(page);
  const catId = await addCatByForm(page, cat);
  // A record awaiting review is enough to book: the suite is held until staff check it.
  const uploaded = await page.request.post(`/cats/${catId}`, {
    multipart: {
      intent: "upload-record",
      formToken: formToken(),
      vaccine: "fvrcp",
      expiresOn: businessDayAhead(later + 30).iso,
      document: certificate(`${cat}.pdf`),
    },
  });
  await expectStatus(uploaded, 200, `upload ${cat}'s FVRCP`);

  // The later stay is booked first, then the sooner one, then a third is booked and cancelled.
  for (const from of [later, sooner, sooner + 7]) {
    await page.goto(`/book/stay?checkIn=${businessDayAhead(from).iso}&checkOut=${businessDayAhead(from + 2).iso}&catIds=${catId}`);
    await page.getByRole("button", { name: "Review booking" }).click();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByRole("heading", { name: "My Trips", level: 1 })).toBeVisible();
  }
  const stayOn = (list: string, from: number) =>
    page
      .getByRole("list", { name: `${list} stays` })
      .locator("> li")
      .filter({ hasText: businessDayAhead(from).label });
  await stayOn("Upcoming", sooner + 7)
    .getByText("Cancel this stay")
    .click();
  await stayOn("Upcoming", sooner + 7)
    .getByRole("button", { name: "Yes, cancel stay" })
    .click();
  await expect(page.getByText("Stay cancelled.", { exact: false })).toBeVisible();

  await page.goto("/trips");
  const upcoming = page.getByRole("list", { name: "Upcoming stays" }).locator("> li");
  await expect(upcoming).toHaveCount(2);
  await expect(upcoming.first()).toContainText(businessDayAhead(sooner).label);
  await expect(upcoming.last()).toContainText(businessDayAhead(later).label);
  await expect(stayOn("Cancelled", sooner + 7).getByText("Cancelled", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
