import type { Page } from "@playwright/test";
import { expect, test } from "./support/auth";
import { revertContent } from "./support/content";
import { startScripts } from "./support/hydration";
import { freshClientIp } from "./support/identities";

/**
 * A visitor far from Los Angeles, with another language: every page must hydrate into exactly what the
 * server sent (dates and times are printed in the business's zone and locale, never the browser's), so
 * no page may log an error or a hydration warning.
 */
test.use({ timezoneId: "Asia/Kolkata", locale: "de-DE" });

const PUBLIC_PAGES = ["/", "/cat-boarding-laguna-niguel", "/book-online", "/home-backup-27.05.25", "/privacy-policy", "/terms", "/cookie-policy", "/auth"];
const CUSTOMER_PAGES = ["/account", "/appointments", "/trips", "/cats", "/cats/new"];
const ADMIN_PAGES = ["/admin", "/admin/bookings", "/admin/leads", "/admin/content", "/admin/analytics", "/admin/integrations", "/admin-backup"];

/** Errors and warnings the page logs from now on (React reports a hydration mismatch as an error). */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" || /hydrat/i.test(text)) problems.push(`${page.url()}: ${text}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  // Documents without JavaScript have nothing to hydrate; every other page marks <html data-hydrated>.
  if (!["/privacy-policy", "/terms", "/cookie-policy"].includes(path)) await startScripts(page);
}

test.beforeEach(async ({ page }) => {
  // A client address of its own: the page-view beacon's per-address limit counts only this test's pages.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClientIp() });
  // Third-party embeds are never fetched in tests.
  await page.route(/^https:\/\/(www\.google\.com|www\.youtube-nocookie\.com)\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "" }));
});

test("public and customer pages hydrate without errors in India, in German", async ({ page, signIn }) => {
  test.slow();
  const problems = watchConsole(page);
  for (const path of PUBLIC_PAGES) await visit(page, path);
  await signIn(page);
  for (const path of CUSTOMER_PAGES) await visit(page, path);
  expect(problems).toEqual([]);
  // The account page shows its dates in Los Angeles time, in English.
  await page.goto("/account");
  await expect(page.getByText(/\(Pacific\)$/)).toBeVisible();
});

test("admin pages hydrate without errors in India, in German", async ({ page, signIn }) => {
  test.slow();
  const admin = await signIn(page, { as: "admin" });
  // A revision in the content history, so /admin/content prints a time (reverting to the defaults changes nothing visible).
  await revertContent(page.request, "style");
  const problems = watchConsole(page);
  for (const path of ADMIN_PAGES) await visit(page, path);
  expect(problems).toEqual([]);
  await page.goto("/admin/content?section=style");
  await expect(page.getByRole("region", { name: "History" }).getByText(admin).first()).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "History" })
      .getByText(/(AM|PM)/)
      .first(),
  ).toBeVisible();
});
