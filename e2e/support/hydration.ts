import type { Page } from "@playwright/test";

/**
 * Opens `url` and waits until its script has taken over (`<html data-hydrated>`): for a test of
 * what the page does with JavaScript. A page's scripts start after its first paint (an island's once
 * the page is idle, or at the first tap, key or scroll: ADR 0204), and its forms work before then
 * without them (route actions), so a tap in between takes the other path.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await startScripts(page);
}

/** Starts the page's script as a visitor does (a key: Shift changes nothing), and waits until it has taken over. */
export async function startScripts(page: Page) {
  await page.keyboard.press("Shift");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}
