import type { Page } from "@playwright/test";
import sharp from "sharp";
import { readFileSync } from "node:fs";
import { defaultEditableBusiness } from "../app/features/content/business-defaults";
import { team } from "../app/content/team";
import { expect, test } from "./support/own-server";
import { expectNoAxeViolations } from "./support/axe";
import { publishContent } from "./support/content";

/**
 * Replacing the placeholders changes what every visitor sees, and other specs assert the sample
 * phone numbers and the poster-only video on the shared server. So each attempt of this spec runs
 * its own server (same build, fresh embedded database, the shared test SMTP).
 */

/** Third-party embeds (map, video) are never fetched in tests: answered here, at the network edge. */
const answerEmbeds = (page: Page) =>
  page.route(/^https:\/\/(www\.google\.com|www\.youtube-nocookie\.com)\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "" }));

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

const VIDEO_ID = "a1B2c3D4e5F";

test("launch readiness lists the placeholders visitors see and shrinks as an admin replaces them", async ({ page, browser, baseURL, signIn }) => {
  test.setTimeout(150_000);
  await answerEmbeds(page);
  const visitorContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const visitor = await visitorContext.newPage();
  await answerEmbeds(visitor);

  try {
    // With no playroom video in the content, visitors see the poster alone: nothing to play, no player.
    await visitor.goto("/");
    const videoSection = visitor.locator("#video");
    await videoSection.scrollIntoViewIfNeeded();
    await expect(videoSection.getByRole("img", { name: "Cats relaxing in the playroom" })).toBeVisible();
    await expect(videoSection.getByRole("button")).toHaveCount(0);
    await expect(videoSection.locator("iframe")).toHaveCount(0);

    await signIn(page, { as: "admin", open: false });
    await page.goto("/admin");
    const panel = page.getByRole("region", { name: "Launch readiness" });
    const placeholders = panel.getByRole("list", { name: "Placeholders still shown" });
    await expect(placeholders.getByRole("listitem")).toHaveCount(14);
    await expect(panel.getByText("14 left")).toBeVisible();
    for (const shown of ["28000 Placeholder Pkwy, Suite 100", "(949) 555-0100", "hello@example.com", "XX-XXXXXXX", "https://www.facebook.com/"])
      await expect(placeholders.getByText(shown, { exact: true })).toBeVisible();
    await expect(placeholders.getByRole("link", { name: "50 of 50 reviews shown are samples" })).toHaveAttribute("href", "/admin/content?section=reviews");
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    // Each item opens the field that replaces it, scrolled into view (this one is below the fold).
    await placeholders.getByRole("link", { name: "No playroom video" }).click();
    await expect(page).toHaveURL(/\/admin\/content\?section=business#field-playroomVideo$/);
    const video = page.getByLabel("Playroom video");
    await expect(video).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(video).toHaveValue("");
    await page.getByLabel("Main phone (boarding)").fill("(949) 831-2270");
    await video.fill("https://vimeo.com/123456789");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.locator("#field-playroomVideo-error")).toHaveText("Playroom video must be a YouTube link or an 11-character video id");
    await video.fill(`https://www.youtube.com/watch?v=${VIDEO_ID}&t=5s`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published — the public pages show it now")).toBeVisible();

    await page.goto("/admin");
    await expect(placeholders.getByRole("listitem")).toHaveCount(12);
    await expect(panel.getByText("12 left")).toBeVisible();
    await expect(placeholders.getByRole("link", { name: "Main phone is a fictional 555 number" })).toHaveCount(0);
    await expect(placeholders.getByRole("link", { name: "No playroom video" })).toHaveCount(0);
    await expect(placeholders.getByRole("link", { name: "Grooming phone is a fictional 555 number" })).toBeVisible();

    // The video is now the playroom's: a poster with a play button, then the player without autoplay.
    const playerRequests: string[] = [];
    visitor.on("request", (request) => {
      if (request.url().includes("youtube")) playerRequests.push(request.url());
    });
    await visitor.goto("/");
    await videoSection.scrollIntoViewIfNeeded();
    // The player is not loaded before a tap (no third party on the page until the visitor asks).
    const frame = videoSection.locator("iframe");
    await expect(frame).toBeHidden();
    expect(playerRequests).toEqual([]);
    await videoSection.getByText("Play video").click();
    await expect(frame).toBeVisible();
    await expect.poll(() => playerRequests.length).toBeGreaterThan(0);
    await expect(frame).toHaveAttribute("src", `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=0&controls=1&rel=0`);
    const box = (await frame.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);

    // The rest at once through the Content page's action (what its form posts): the list empties.
    // This spec's own server starts from the content modules' texts.
    const content = {
      business: defaultEditableBusiness,
      reviews: (JSON.parse(readFileSync("app/content/reviews.json", "utf8")) as { id: string }[]).map((r) => ({ ...r, hidden: false, imageId: null })),
      team: team.map(({ id, name, role }) => ({ id, name, role, imageId: null })),
    };
    const publish = (key: "business" | "reviews" | "team", value: unknown) => publishContent(page.request, key, value);
    const upload = async (purpose: "review" | "team") => {
      const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#2f9288" } })
        .jpeg()
        .toBuffer();
      const res = await page.request.post(`/api/admin/media?purpose=${purpose}`, { data: photo, headers: { "content-type": "image/jpeg" } });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { image: { id: string } }).image.id;
    };
    await publish("business", {
      ...content.business,
      // What the form published above.
      phone: "(949) 831-2270",
      playroomVideo: VIDEO_ID,
      groomingPhone: "(949) 831-2271",
      email: "stay@lagunacathotel.com",
      address: { ...content.business.address, street: "27331 La Paz Rd, Suite 4" },
      taxId: "Tax ID 33-1234567",
      booking: { online: true, roomUrl: "https://book.lagunacathotel.com/rooms", groomUrl: "https://book.lagunacathotel.com/grooming" },
      social: [{ name: "Facebook", url: "https://www.facebook.com/lagunacathotel" }],
      reviewPageUrl: "https://g.page/r/laguna-niguel-cat-hotel/review",
    });
    const reviewImage = await upload("review");
    await publish(
      "reviews",
      content.reviews.map((r: { id: string }, i: number) => (i === 0 ? { ...r, imageId: reviewImage } : { ...r, hidden: true })),
    );
    const teamImage = await upload("team");
    await publish(
      "team",
      content.team.map((m: { id: string }) => ({ ...m, imageId: teamImage })),
    );

    await page.goto("/admin");
    await expect(panel.getByText("Ready for launch")).toBeVisible();
    await expect(panel.getByText("Ready", { exact: true })).toBeVisible();
    await expect(placeholders).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    await visitorContext.close();
  }
});
