import type { Page } from "@playwright/test";
import { expect, test as base } from "./support/auth";
import { freshClientIp } from "./support/identities";

/**
 * The home page embeds a map and (after a click) a video from third parties. Tests never reach
 * the internet: those two origins are answered here with an empty page, at the network edge.
 * Each test comes from a client address of its own, so the lead forms' per-address hourly limits
 * count only its own requests.
 */
export const test = base.extend<{ home: Page }>({
  home: async ({ page }, use) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClientIp() });
    await page.route(/^https:\/\/(www\.google\.com|www\.youtube-nocookie\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>embed</title>" }),
    );
    await use(page);
  },
});
export { expect };
export { OPEN_DIALOG, expectNoAxeViolations } from "./support/axe";

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Opens the home page with the cookie notice already answered, unless asked otherwise. */
export async function openHome(page: Page, { cookiesAnswered = true } = {}) {
  if (cookiesAnswered) await page.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
  await page.goto("/");
  // Hydrated: the page marks <html data-hydrated> (app/islands/hydrated-marker.tsx).
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

/** Distance from the viewport top to a section's top, once scrolling has settled. */
export async function expectSectionAtOffset(page: Page, id: string, offset = 80) {
  await expect
    .poll(async () => Math.round(await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, id)), {
      timeout: 5000,
    })
    .toBe(offset);
}
