import crypto from "node:crypto";
import { weekdayOf } from "../app/domain/calendar";
import { expectNoAxeViolations } from "./support/axe";
import { ownerOfMedicatedCat } from "./support/care";
import { customerWithVerifiedCats } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { expect, test } from "./support/auth";
import { screenshot } from "./support/screenshots";

// Medication follows the cats (ADR 0194): the quote names the cat whose profile lists a medication
// and charges it per night; a cat with none is not charged. At a phone's width and a desktop's.

/** Days ahead of the first Tuesday at least `days` ahead (arrivals and departures are open Tuesday to Friday). */
function tuesdayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 2) return d;
}

test(
  "the quote charges medication for the cat whose profile lists one, and says so",
  { tag: "@both-widths" },
  async ({ browser, page: staff, signIn, baseURL }) => {
    test.setTimeout(180_000);
    await signIn(staff, { as: "admin", open: false });
    const { page, cat, catId } = await ownerOfMedicatedCat(browser, baseURL!, signIn, staff, "8am");
    const tuesday = tuesdayAhead(150 + crypto.randomInt(120));
    const [checkIn, checkOut] = [businessDayAhead(tuesday), businessDayAhead(tuesday + 3)];

    await page.goto(`/book/stay?checkIn=${checkIn.iso}&checkOut=${checkOut.iso}&catIds=${catId}`);
    await expect(page.getByRole("heading", { name: "Choose a suite" })).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^Medication given by our team for ${cat}, as ${cat}'s profile lists: \\$\\d+\\.\\d\\d per cat per night\\.`)),
    ).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /Medication/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Review booking" }).click();
    await expect(page.getByRole("heading", { name: "Review and confirm" })).toBeVisible();
    await expect(page.getByRole("cell", { name: /^Medication: 1 cat × 3 nights × \$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, "medication-quote");

    // A cat whose profile lists none: no medication line, and the page says how to add one. Nothing
    // here changes with the width: at 1280 px only.
    if (width < 1024) return;
    const plain = await customerWithVerifiedCats(browser, baseURL!, signIn, staff, [`Tofu ${crypto.randomBytes(3).toString("hex")}`]);
    await plain.page.goto("/book/stay");
    await plain.page.getByLabel("Check-in date").fill(checkIn.iso);
    await plain.page.getByLabel("Check-out date").fill(checkOut.iso);
    await plain.page.getByRole("checkbox").first().check();
    await plain.page.getByRole("button", { name: "See available suites" }).click();
    await expect(plain.page.getByText(/^No medication is listed in these cats' profiles\./)).toBeVisible();
    await plain.page.getByRole("button", { name: "Review booking" }).click();
    await expect(plain.page.getByRole("cell", { name: /^Medication:/ })).toHaveCount(0);
  },
);
