import type { Page } from "@playwright/test";

/**
 * Opens `url` and waits until its script has taken over (`<html data-hydrated>`): for a test of
 * what the page does with JavaScript. A page's scripts start after its first paint, and its forms
 * work before then without them (route actions), so a tap in between takes the other path.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}
