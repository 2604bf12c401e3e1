import { type Page, test } from "@playwright/test";

/**
 * A full-page picture for a person to look at (no test reads it), saved in the test's output folder,
 * only when E2E_SCREENSHOTS is set: a loaded run spent a second or more on each, every run.
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
