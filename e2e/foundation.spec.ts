import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

test("the home page is served and passes axe", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an unknown path shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  await expectNoAxeViolations(page);
});

test("pages hydrate under the CSP: inline scripts carry the nonce", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const response = await page.goto("/");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'self'");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.goto("/missing");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  expect(violations).toEqual([]);
});
