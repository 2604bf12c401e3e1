import type { Page } from "@playwright/test";
import { formatDay } from "../app/features/analytics/charts";
import { weekStart } from "../app/features/analytics/schema";
import { addBusinessDays, businessDate } from "../app/lib/business-time";
import { expect, test } from "./support/auth";
import { freshClientIp, freshPhoneDigits } from "./support/identities";
import { expectNoAxeViolations } from "./support/axe";

// The home page frames a map; tests never reach the internet, so that origin gets an empty page.
test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/(www\.google\.com|www\.youtube-nocookie\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>embed</title>" }),
  );
  // Own client address per attempt: the lead forms limit each address per hour.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClientIp() });
  await page.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
});

async function openHome(page: Page) {
  const beacon = page.waitForResponse((r) => r.url().endsWith("/api/page-views"));
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  expect((await beacon).status()).toBe(204);
}

/** The number in a table's row for `label`, column `column` (0 = the first number after the row header). */
async function cellNumber(page: Page, table: string, label: string | RegExp, column = 0): Promise<number> {
  const row = page.getByRole("table", { name: table }).getByRole("row", { name: label });
  return Number(await row.getByRole("cell").nth(column).innerText());
}

// The journey runs at 1280 px; at 375 px a short test checks what the width changes: the charts and
// tables of Analytics and Revenue fit the screen, nothing spilling sideways.

test("leads, sign-ins and page views of today show in the admin's charts and tables", async ({ page, signIn }, testInfo) => {
  test.slow();
  const project = testInfo.project.name;
  const callbackDigits = freshPhoneDigits();
  await openHome(page);

  // A callback request, through the dialog the header offers (a phone's header dials directly).
  await page.getByRole("button", { name: "(949) 555-0100" }).click();
  const callback = page.getByRole("dialog");
  await callback.getByLabel("Your phone number").fill(callbackDigits);
  await callback.getByRole("button", { name: "Click To Connect Your Call" }).click();
  await expect(callback.getByRole("heading", { name: "Call Initiated!" })).toBeVisible();
  await page.keyboard.press("Escape");

  // A free-night voucher.
  await page.getByRole("button", { name: "Claim Your Free Night" }).first().click();
  const voucher = page.getByRole("dialog", { name: "Claim Your Free Night" });
  await voucher.getByLabel("Full name").fill("Ana Cat");
  await voucher.getByLabel("Email", { exact: true }).fill(`ana+${project}${Date.now()}@example.com`);
  await voucher.getByLabel("Phone").fill("(949) 555-0142");
  await voucher.getByRole("checkbox").check();
  await voucher.getByRole("button", { name: "Send My Voucher" }).click();
  await expect(page.getByText("Your free night voucher is on its way!")).toBeVisible();
  await expect(voucher).toHaveCount(0);

  // A newsletter sign-up.
  const field = page.getByRole("textbox", { name: "Email address" });
  await field.scrollIntoViewIfNeeded();
  await field.fill(`kitty+${project}${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thank you for subscribing!")).toBeVisible();

  // Two more pages.
  for (const path of ["/cat-boarding-laguna-niguel", "/book-online"]) {
    const beacon = page.waitForResponse((r) => r.url().endsWith("/api/page-views"));
    await page.goto(path);
    expect((await beacon).status()).toBe(204);
  }

  await signIn(page, { as: "admin", redirectTo: "/admin" });
  let adminBeacons = 0;
  page.on("request", (r) => r.url().endsWith("/api/page-views") && adminBeacons++);
  await page.goto("/admin");
  await page
    .getByRole("link", { name: /Analytics/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/days=7/);
  const today = new RegExp(`^${formatDay(businessDate(new Date()))}\\b`);
  const leads = "Leads per day by kind";
  expect(await cellNumber(page, leads, today, 0)).toBeGreaterThanOrEqual(1); // callbacks
  expect(await cellNumber(page, leads, today, 1)).toBeGreaterThanOrEqual(1); // vouchers
  expect(await cellNumber(page, leads, today, 2)).toBeGreaterThanOrEqual(1); // sign-ups
  expect(await cellNumber(page, "Callback requests by call outcome", "Simulated")).toBeGreaterThanOrEqual(1);
  expect(await cellNumber(page, "Sign-ins per day", today)).toBeGreaterThanOrEqual(1);
  expect(await cellNumber(page, "Page views per day", today)).toBeGreaterThanOrEqual(3);
  for (const path of ["/", "/cat-boarding-laguna-niguel", "/book-online"]) {
    expect(await cellNumber(page, "Most viewed pages", new RegExp(`^${path} \\d`))).toBeGreaterThanOrEqual(1);
  }
  // Staff pages are never counted, not even sent.
  await expect(page.getByRole("table", { name: "Most viewed pages" }).getByRole("row", { name: /^\/admin/ })).toHaveCount(0);
  expect(adminBeacons).toBe(0);
  await expect(page.getByText("No leads in this period.")).toHaveCount(0);

  await expectNoAxeViolations(page);
  // Nothing spills sideways at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (process.env.ANALYTICS_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.ANALYTICS_SCREENSHOT_DIR}/analytics-${project}.png`, fullPage: true });

  // By week, then a custom range with nothing in it, then one that is refused.
  await page.getByLabel("Group by").selectOption("week");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("table", { name: "Leads per week by kind" })).toBeVisible();
  await page.getByRole("textbox", { name: "From", exact: true }).fill("2020-01-01");
  await page.getByRole("textbox", { name: "To", exact: true }).fill("2020-01-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("No leads in this period.")).toBeVisible();
  await expect(page.getByText("No page views in this period.").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/analytics?from=2026-01-10&to=2026-01-01");
  await expect(page.getByRole("alert")).toContainText("The start date must be on or before the end date.");

  // A year asked for by day is drawn and tabled by week, today's leads in this week's row.
  const todayIso = businessDate(new Date());
  await page.goto(`/admin/analytics?from=${addBusinessDays(todayIso, -364)}&to=${todayIso}&group=day`);
  await expect(page.getByText("(ranges over 90 days are shown by week)", { exact: false })).toBeVisible();
  expect(await cellNumber(page, "Leads per week by kind", new RegExp(`^Week of ${formatDay(weekStart(todayIso))}\\b`), 0)).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole("table", { name: "Leads per week by kind" }).getByRole("row")).toHaveCount(1 + 53);

  // Revenue, opened from Analytics: the last 12 months, a year, and its CSV.
  await page.goto("/admin/analytics");
  await page.getByRole("link", { name: "Open revenue" }).click();
  await expect(page.getByRole("heading", { name: "Revenue", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 12 months" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: "Bookings and completions by month and service" }).getByRole("row")).toHaveCount(1 + 12 + 1);
  const year = todayIso.slice(0, 4);
  await page.getByRole("link", { name: year, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`year=${year}`));
  await expect(
    page.getByRole("table", { name: "Gross, offers, deposits, balances, refunds and net by month" }).getByRole("row", { name: /^Total/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (process.env.ANALYTICS_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.ANALYTICS_SCREENSHOT_DIR}/revenue-${project}.png`, fullPage: true });
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = "";
    for await (const chunk of stream) text += String(chunk);
    return text;
  });
  expect((await download).suggestedFilename()).toBe(`revenue-${year}.csv`);
  expect(csv.split("\r\n")[0]).toMatch(/^"Month","Service","Booked",.*"Net","Owed at month end"$/);
});

test("on a phone Analytics and Revenue fit the screen, nothing spilling sideways", { tag: "@phone" }, async ({ page, signIn }) => {
  test.slow();
  // Today has a lead at least, so the tables have a row for today.
  const res = await page.request.post("/api/callback", { data: { phoneNumber: freshPhoneDigits(), sourcePage: "/" } });
  expect(res.status(), await res.text()).toBe(200);
  await signIn(page, { as: "admin", open: false });
  await page.goto("/admin/analytics?days=7");
  await expect(page.getByRole("table", { name: "Leads per day by kind" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.goto(`/admin/analytics/revenue?year=${businessDate(new Date()).slice(0, 4)}`);
  await expect(
    page.getByRole("table", { name: "Gross, offers, deposits, balances, refunds and net by month" }).getByRole("row", { name: /^Total/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
});

test("a browser that sends Do-Not-Track or Global Privacy Control sends no beacon", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  let beacons = 0;
  page.on("request", (r) => r.url().endsWith("/api/page-views") && beacons++);
  // An island page, a page the router hydrates, and a document whose beacon is an inline script.
  for (const path of ["/", "/auth"]) {
    await page.goto(path);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  }
  await page.goto("/privacy-policy", { waitUntil: "load" });
  await page.waitForTimeout(300);
  expect(beacons).toBe(0);
});

test("the analytics API answers a visitor 401 and a customer 403", async ({ page, signIn }) => {
  expect((await page.request.get("/api/admin/analytics")).status()).toBe(401);
  await signIn(page, { open: false });
  expect((await page.request.get("/api/admin/analytics?days=7")).status()).toBe(403);
  await page.goto("/admin/analytics");
  await expect(page).toHaveURL(/\/$/);
});
