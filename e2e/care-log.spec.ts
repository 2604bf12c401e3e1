import { businessTime } from "../app/lib/business-time";
import { expectNoAxeViolations } from "./support/axe";
import { catCheckedIn, teamMember } from "./support/care";
import { catPhoto } from "./support/cats";
import { gotoHydrated } from "./support/hydration";
import { expect, test } from "./support/auth";

// The stay itself (issue 32): an admin adds a team member, who is not an admin; on a phone she opens
// Today, logs the cat's breakfast (half eaten), a dose given and a photo; the owner reads both on the stay's
// Care log. A customer and a visitor get no access to Today. The rules (windows, corrections, who
// reads) are tested on the database: server/care/care.db.test.ts.

test(
  "staff log a meal, a dose and a photo on Today, and the owner reads them on the Care log",
  { tag: "@phone" },
  async ({ browser, page: admin, signIn, baseURL }) => {
    test.setTimeout(180_000);
    // The dose is due now (business time): logged within its window, it needs no remark.
    await signIn(admin, { as: "admin" });
    const { owner, page: ana, cat } = await catCheckedIn(browser, baseURL!, signIn, admin, businessTime(new Date()));
    const { team, page: maria } = await teamMember(browser, baseURL!, signIn, admin);

    // She opens Today on her phone and logs breakfast, half eaten, and the dose, given.
    await gotoHydrated(maria, "/staff/today");
    await expect(maria.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    const card = maria.getByRole("listitem", { name: cat });
    const breakfast = card.getByRole("listitem").filter({ hasText: "Breakfast" });
    await breakfast.getByRole("button", { name: "Half" }).click();
    await expect(breakfast.getByRole("status")).toContainText("Breakfast: half eaten");
    const dose = card.getByRole("region", { name: "Medication" }).getByRole("listitem").first();
    await dose.getByRole("button", { name: "Given" }).click();
    await expect(dose.getByRole("status")).toContainText("Methimazole 2.5 mg");
    await expect(dose.getByRole("status")).toContainText("given");
    const photos = card.getByRole("region", { name: "Water, play, photos and notes" });
    await photos.getByLabel(`Photo of ${cat}`).setInputFiles(await catPhoto("#c08040"));
    await photos.getByRole("button", { name: `Add photo of ${cat}` }).click();
    await expect(card.getByText("Logged today (3)")).toBeVisible();
    expect(await maria.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(maria);
    // She is not an admin: the admin area sends her home.
    await maria.goto("/admin/stays");
    await expect(maria).toHaveURL(/\/$/);

    // The owner follows My Trips to the stay's Care log.
    await ana.goto("/trips");
    await ana.getByRole("link", { name: /^Care log/ }).click();
    await expect(ana.getByRole("heading", { name: "Care log" })).toBeVisible();
    const log = ana.getByRole("region", { name: "Care log" });
    await expect(log).toContainText("Breakfast: half eaten");
    await expect(log).toContainText(/Methimazole 2\.5 mg \(.+ dose\): given · [A-Z]{1,2}/);
    const photo = log.getByRole("img", { name: new RegExp(`^${cat}, `) });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth), "the photo is served to the owner").toBeGreaterThan(0);
    await expectNoAxeViolations(ana);

    // A customer and a visitor get no access to Today.
    await ana.goto("/staff/today");
    await expect(ana).toHaveURL(/\/$/);
    const visitor = await browser.newContext({ baseURL });
    const nobody = await visitor.newPage();
    await nobody.goto("/staff/today");
    await expect(nobody).toHaveURL(/\/auth\?redirectTo=%2Fstaff%2Ftoday/);
    await Promise.all([owner.close(), team.close(), visitor.close()]);
  },
);
