import sharp from "sharp";
import { weekdayOf } from "../app/domain/calendar";
import { addCatByForm, saveHouseholdByForm } from "./support/cats";
import { expectNoAxeViolations } from "./support/axe";
import { businessDayAhead } from "./support/dates";
import { expect, test } from "./support/own-server";

// Staff give a suite type a photo and change the weekly arrival hours on admin Rooms; a customer
// booking a stay sees both. On a server of its own: the hours hold for every visitor.

const COZY = "5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a01";

/** Days ahead of the first Wednesday at least `days` days from today. */
function wednesdayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 3) return d;
}

test("staff set a suite type's photo and a weekday's arrival hours; a customer sees both when booking", async ({
  browser,
  page: staff,
  signIn,
  ownServer,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(staff, { as: "admin", open: false });
  await staff.goto("/admin/rooms");
  const cozy = staff.locator(`#suite-type-${COZY}`);
  await expect(cozy.getByText("No photo yet")).toBeVisible();

  // A file that is not a picture is refused under the field; a photo is taken.
  await cozy.getByLabel("Photo").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await cozy.getByRole("button", { name: "Save" }).click();
  await expect(cozy.getByLabel("Photo")).toHaveAccessibleDescription(/Only JPEG, PNG and WebP images can be uploaded; this file is none of them\./);
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2f9288" } })
    .jpeg()
    .toBuffer();
  await cozy.getByLabel("Photo").setInputFiles({ name: "cozy.jpg", mimeType: "image/jpeg", buffer: photo });
  await cozy.getByLabel("Nightly rate, first cat ($)").fill("47.50");
  await cozy.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText("Cozy Suite saved")).toBeVisible();
  // The form shows what was saved, ready for the next change.
  await expect(cozy.getByLabel("Nightly rate, first cat ($)")).toHaveValue("47.50");
  await expect(cozy.getByLabel("Replace the photo")).toHaveValue("");
  const adminPhoto = cozy.getByRole("img", { name: "Cozy Suite" });
  await expect(adminPhoto).toHaveAttribute("srcset", /\/media\/[0-9a-f-]+-600\.webp 600w, \/media\/[0-9a-f-]+-1200\.webp 1200w/);
  await expect.poll(() => adminPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Wednesday: one morning window for arrivals. A window that ends before it starts is refused first.
  const hours = staff.locator("section").filter({ has: staff.getByRole("heading", { name: "Arrival and departure hours" }) });
  await hours.getByText("Change the hours").click();
  const wednesday = hours.getByRole("group", { name: "Wednesday" });
  await wednesday.getByLabel("Wednesday arrivals, window 1, from").fill("11:30");
  await wednesday.getByLabel("Wednesday arrivals, window 1, to").fill("10:00");
  await wednesday.getByLabel("Wednesday arrivals, window 2, from").fill("");
  await wednesday.getByLabel("Wednesday arrivals, window 2, to").fill("");
  await hours.getByRole("button", { name: "Save arrival and departure hours" }).click();
  await expect(wednesday.getByLabel("Wednesday arrivals, window 1, to")).toHaveAccessibleDescription("The end must be after the start");
  await wednesday.getByLabel("Wednesday arrivals, window 1, from").fill("10:00");
  await wednesday.getByLabel("Wednesday arrivals, window 1, to").fill("11:30");
  await hours.getByRole("button", { name: "Save arrival and departure hours" }).click();
  await expect(staff.getByText("Arrival and departure hours saved")).toBeVisible();
  await expect(hours.getByRole("row", { name: /^Wednesday/ })).toContainText("10:00 AM – 11:30 AM");
  await expect(wednesday.getByLabel("Wednesday arrivals, window 1, from")).toHaveValue("10:00");
  await expect(wednesday.getByLabel("Wednesday arrivals, window 2, from")).toHaveValue("");
  await expectNoAxeViolations(staff);
  if (process.env.ROOMS_SCREENSHOT_DIR)
    await staff.screenshot({ path: `${process.env.ROOMS_SCREENSHOT_DIR}/admin-rooms-${testInfo.project.name}.png`, fullPage: true });

  // The customer: the week's hours while choosing dates, then the photo with its suite.
  const context = await browser.newContext({ baseURL: ownServer.url, viewport: staff.viewportSize() });
  const ana = await context.newPage();
  await signIn(ana, { open: false });
  await saveHouseholdByForm(ana);
  await addCatByForm(ana, "Miso");
  await ana.goto("/book/stay");
  await expect(ana.locator("dt", { hasText: /^Wednesday$/ }).locator("+ dd")).toHaveText(
    "Check-in: 10:00 AM – 11:30 AMCheck-out: 9:00 AM – 12:00 PM or 1:00 PM – 5:00 PM",
  );
  if (process.env.ROOMS_SCREENSHOT_DIR)
    await ana.screenshot({ path: `${process.env.ROOMS_SCREENSHOT_DIR}/book-stay-dates-${testInfo.project.name}.png`, fullPage: true });
  const checkIn = businessDayAhead(wednesdayAhead(14));
  const checkOut = businessDayAhead(wednesdayAhead(14) + 2);
  await ana.getByLabel("Check-in date").fill(checkIn.iso);
  await ana.getByLabel("Check-out date").fill(checkOut.iso);
  await ana.getByLabel("Miso").check();
  await ana.getByRole("button", { name: "See available suites" }).click();
  const suitePhoto = ana.getByRole("img", { name: "Cozy Suite" });
  await expect(suitePhoto).toBeVisible();
  await expect.poll(() => suitePhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // A type without a photo shows its words alone.
  await expect(ana.getByText("Deluxe Suite", { exact: true })).toBeVisible();
  await expect(ana.getByRole("img", { name: "Deluxe Suite" })).toHaveCount(0);
  if (process.env.ROOMS_SCREENSHOT_DIR)
    await ana.screenshot({ path: `${process.env.ROOMS_SCREENSHOT_DIR}/book-stay-suites-${testInfo.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(ana);
  await context.close();

  // Staff remove the photo again.
  await cozy.getByLabel("Remove the photo").check();
  await cozy.getByRole("button", { name: "Save" }).click();
  await expect(cozy.getByText("No photo yet")).toBeVisible();
  await expect(cozy.getByRole("img")).toHaveCount(0);
});

test("without JavaScript, staff save a weekday's hours and a suite type's photo", async ({ browser, page, signIn, ownServer }) => {
  await signIn(page, { as: "admin", open: false });
  const context = await browser.newContext({ baseURL: ownServer.url, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const staff = await context.newPage();
  await staff.goto("/admin/rooms");

  const hours = staff.locator("section").filter({ has: staff.getByRole("heading", { name: "Arrival and departure hours" }) });
  await hours.getByText("Change the hours").click();
  const friday = hours.getByRole("group", { name: "Friday" });
  await friday.getByLabel("Friday departures, window 2, from").fill("16:00");
  await friday.getByLabel("Friday departures, window 2, to").fill("15:00");
  await hours.getByRole("button", { name: "Save arrival and departure hours" }).click();
  // The page comes back with the editor open on the mistake, and nothing saved.
  await expect(friday.getByLabel("Friday departures, window 2, to")).toHaveAccessibleDescription("The end must be after the start");
  await expect(hours.getByRole("row", { name: /^Friday/ })).toContainText("1:00 PM – 5:00 PM");
  await friday.getByLabel("Friday departures, window 2, from").fill("15:00");
  await friday.getByLabel("Friday departures, window 2, to").fill("16:30");
  await hours.getByRole("button", { name: "Save arrival and departure hours" }).click();
  await expect(staff.getByText("Arrival and departure hours saved")).toBeVisible();
  await expect(hours.getByRole("row", { name: /^Friday/ })).toContainText("3:00 PM – 4:30 PM");

  const deluxe = staff.locator("#suite-type-5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a02");
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#d96d1f" } })
    .png()
    .toBuffer();
  await deluxe.getByLabel("Photo").setInputFiles({ name: "deluxe.png", mimeType: "image/png", buffer: photo });
  await deluxe.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText("Deluxe Suite saved")).toBeVisible();
  await expect.poll(() => deluxe.getByRole("img", { name: "Deluxe Suite" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await context.close();
});
