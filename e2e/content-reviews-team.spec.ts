import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./support/own-server";
import { expectNoAxeViolations } from "./support/axe";

/**
 * Hiding a review and renaming a team member change what every visitor sees, and other specs
 * assert the 50 reviews and the three sample names on the shared server. So each attempt of this
 * spec runs its own server (same build, fresh embedded database, the shared test SMTP).
 */

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("an admin hides and reorders reviews and edits the team; visitors see it on the home and landing pages", async ({ page, browser, baseURL, signIn }) => {
  test.setTimeout(150_000);
  // Third-party embeds (map, video) are never fetched in tests.
  await page.route(/^https:\/\/(www\.google\.com|www\.youtube-nocookie\.com)\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "" }));
  await signIn(page, { as: "admin", open: false });
  const visitorContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const visitor = await visitorContext.newPage();
  await visitor.route(/^https:\/\/(www\.google\.com|www\.youtube-nocookie\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "" }),
  );

  try {
    // Reviews: hide the second (David R.), move the third (Sarah L.) up, publish.
    await page.goto("/admin/content?section=reviews");
    await expect(page.getByRole("heading", { name: "Reviews", level: 2 })).toBeVisible();
    await page.getByRole("button", { name: "Edit review 1 by Jennifer M." }).click();
    await expect(page.getByLabel("Review text")).toHaveValue(/^Mochi came home relaxed/);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    await page.getByRole("checkbox", { name: "Hide review 2 by David R." }).check();
    const moveUp = page.getByRole("button", { name: "Move up: review 3 by Sarah L." });
    await moveUp.click();
    // The moved review's button keeps the focus, under its new position.
    await expect(page.getByRole("button", { name: "Move up: review 2 by Sarah L." })).toBeFocused();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published — the public pages show it now")).toBeVisible();

    await visitor.goto("/");
    const carousel = visitor.getByRole("region", { name: "Customer reviews" });
    await expect(visitor.getByTestId("reviews-status")).toHaveText(/ of 49$/);
    await expect(carousel.locator("li").nth(0).locator("img")).toHaveAttribute("alt", /— Jennifer M\., Laguna Niguel$/);
    await expect(carousel.locator("li").nth(1).locator("img")).toHaveAttribute("alt", /— Sarah L\., Anaheim$/);
    await expect(carousel.locator('img[alt*="David R."]')).toHaveCount(0);
    await expect(visitor.getByText("49 reviews from families who trust us with their cats.")).toBeVisible();

    // Team: rename the second member, give the third a new photo, publish.
    await page.goto("/admin/content?section=team");
    const second = page.getByRole("group", { name: "Team member 2" });
    await second.getByLabel("Name").fill("James Carterson");
    const third = page.getByRole("group", { name: "Team member 3" });
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#d96d1f" } })
      .jpeg()
      .toBuffer();
    // A file that is not an image is refused with the server's words before anything changes.
    await third.getByLabel("Photo").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
    await expect(third.getByText("Only JPEG, PNG and WebP images can be uploaded; this file is none of them.")).toBeVisible();
    await third.getByLabel("Photo").setInputFiles({ name: "priya.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(third.getByText("Uploaded. Save a draft or publish to use it.")).toBeVisible();
    await expect(third.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}-160\.webp$/);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published — the public pages show it now")).toBeVisible();

    await visitor.goto("/cat-boarding-laguna-niguel");
    await expect(visitor.getByText("James Carterson", { exact: true })).toBeVisible();
    await expect(visitor.getByText("James Carter", { exact: true })).toHaveCount(0);
    const portrait = visitor.getByRole("img", { name: "Portrait of Priya Shah" });
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}-160\.webp$/);
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await visitorContext.close();
  }
});
