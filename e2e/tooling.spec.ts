import { expect, test } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";

/**
 * The admin testing tools: /admin-backup (four panels) and /admin/integrations, as a visitor, a
 * customer and an admin. WordPress is an address our SSRF filter refuses at once (192.0.2.1, a
 * documentation range): the real-WordPress path is covered by the runner's integration tests.
 */

test("a visitor: /admin/integrations sends them to /auth; /admin-backup's panels say sign-in is needed", async ({ page }) => {
  await page.goto("/admin/integrations");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fintegrations/);

  await page.goto("/admin-backup");
  await expect(page.getByRole("heading", { name: "Testing Dashboard" })).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");

  const status = page.getByTestId("auth-status-panel");
  await expect(status.getByLabel("Email")).toHaveValue("hello@example.com");
  await expect(status.getByRole("button", { name: "Send Magic Link" })).toBeEnabled();
  await expect(status.getByText("signs you in without a password")).toBeVisible();
  await status.getByLabel("Email").fill("");
  await expect(status.getByRole("button", { name: "Send Magic Link" })).toBeDisabled();

  const save = page.getByTestId("save-validator");
  await expect(save.getByRole("link", { name: "Sign In to Continue" })).toHaveAttribute("href", "/auth");
  await expect(save.getByRole("button", { name: "Check Auth Status" })).toBeVisible();
  await expect(page.getByTestId("wordpress-auth-notice")).toBeVisible();
  await expectNoAxeViolations(page);

  const runner = page.getByTestId("auth-test-runner");
  await runner.getByRole("button", { name: "Run Authentication Tests" }).click();
  await expect(runner.getByTestId("auth-report")).toBeVisible();
  await expect(runner.getByTestId("test-message").filter({ hasText: "No active session found - user is not authenticated" })).toBeVisible();
  await expect(runner.getByTestId("test-message").filter({ hasText: "User validation failed - no authenticated user found" })).toBeVisible();
  await expect(runner.getByTestId("test-message").filter({ hasText: "Invalid or expired token: Authentication required. Please sign in." })).toBeVisible();
  await expect(runner.getByTestId("test-message").filter({ hasText: "Auth state shows no authenticated user" })).toBeVisible();
  await expect(runner.getByTestId("summary")).toContainText("0%");
  await expect(runner.getByTestId("auth-report")).toHaveValue(/Success rate: 0%/);

  // Signed out, the run stops at the fifth check.
  await save.getByRole("button", { name: "Run All Tests" }).click();
  await expect(save.getByTestId("save-validator-banner")).toContainText("Authentication required", { timeout: 10_000 });
  await expect(save.locator('[data-testid="test-item"][data-status="failed"]')).toHaveCount(5);
  await expect(save.locator('[data-testid="test-item"][data-status="pending"]')).toHaveCount(2);

  // Saving the WordPress settings: the spec's 'Authentication Required' toast.
  await page.getByLabel("WordPress Site URL", { exact: true }).fill("https://192.0.2.1");
  await page.getByLabel("Username", { exact: true }).fill("admin");
  await page.getByLabel("Application Password", { exact: true }).fill("abcd efgh");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Please sign in to save your WordPress settings.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a customer: kept out of /admin; on /admin-backup the token is valid but the admin-only checks fail", async ({ page, signIn }) => {
  const email = await signIn(page, { redirectTo: "/admin-backup", open: false });
  await page.goto("/admin/integrations");
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/admin-backup");
  const status = page.getByTestId("auth-status-panel");
  await expect(status.getByText(email)).toBeVisible();
  await expect(status.getByText("AUTHENTICATED")).toBeVisible();
  await expect(page.getByTestId("save-validator-signed-in")).toContainText(email);

  // The save validator runs by itself a second after sign-in and goes to the end.
  const save = page.getByTestId("save-validator");
  await expect(save.getByTestId("save-validator-banner")).toContainText("Please check the failed tests' details", { timeout: 15_000 });
  await expect(save.getByTestId("test-message").filter({ hasText: "Database error: This needs an admin account." })).toBeVisible();
  await expect(save.locator('[data-testid="test-item"][data-status="passed"]')).toHaveCount(2);
  await expect(save.locator('[data-testid="test-item"][data-status="failed"]')).toHaveCount(5);

  const runner = page.getByTestId("auth-test-runner");
  await runner.getByRole("button", { name: "Run Authentication Tests" }).click();
  await expect(runner.getByTestId("auth-report")).toHaveValue(/Success rate: 100%/);
  await expect(page.getByTestId("wordpress-auth-notice")).toContainText("not an admin");
  await expectNoAxeViolations(page);
});

test("an admin: from the dashboard to the WordPress tools; settings saved, tested, validated in stages, a test run", async ({ page, signIn }) => {
  // Fake timers from the start (they run with real time until paused), so the validator's stages can be stepped.
  await page.clock.install();
  await signIn(page, { as: "admin", redirectTo: "/admin", open: false });
  await page.goto("/admin");
  await page
    .getByRole("link", { name: /WordPress API Testing/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
  await expect(page.getByRole("heading", { name: "WordPress API Testing", level: 1 })).toBeVisible();
  await expect(page.getByTestId("test-configurations")).toBeVisible();
  // Opening the page seeds nothing: the defaults the validator uses are listed as not saved yet
  // (another run may have seeded them already).
  await expect(page.getByTestId("test-configurations").locator("li")).toHaveCount(6);

  const test_ = page.getByRole("button", { name: "Test Connection" });
  // The other project's run may have saved a connection already: empty a field either way.
  await expect(page.getByLabel("Username", { exact: true })).toBeEditable();
  await page.getByLabel("Username", { exact: true }).fill("");
  await expect(test_).toBeDisabled();
  await page.getByLabel("WordPress Site URL", { exact: true }).fill("https://192.0.2.1");
  await page.getByLabel("Username", { exact: true }).fill("admin");
  await page.getByLabel("Application Password", { exact: true }).fill("abcd efgh ijkl mnop");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings Saved", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Application Password", { exact: true })).toHaveValue("••••••••••••••••");
  await expect(page.getByTestId("connection-info")).toContainText("Not tested yet");

  await test_.click();
  await expect(page.getByText("Connection Failed", { exact: true })).toBeVisible();
  await expect(page.getByTestId("connection-result")).toContainText("Could not reach the WordPress site");
  await expect(page.getByTestId("connection-info")).toContainText("failed");

  // The stages follow the server and stay on screen at least 0.8 s each: the page's clock is held
  // still, so each stage stays until the test moves time on, however busy the machine is.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  const validator = page.getByTestId("settings-validator");
  // Cancel, while it runs, stops it.
  await validator.getByRole("button", { name: "Validate Settings" }).click();
  await expect(page.getByTestId("validator-stage")).toHaveText("Validating credentials...");
  await validator.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("validator-stage")).toHaveText("Validation cancelled");
  await expect(validator.getByText("Validation cancelled.")).toBeVisible();
  await expect(validator.getByRole("button", { name: "Cancel" })).toHaveCount(0);

  await page.getByRole("button", { name: "Validate Settings" }).click();
  await expect(page.getByTestId("validator-stage")).toHaveText("Validating credentials...");
  await expect(page.getByTestId("validator-progress")).toHaveText("17%");
  await page.clock.runFor(800);
  await expect(page.getByTestId("validator-stage")).toHaveText("Testing API endpoints...");
  await expect(page.getByTestId("validator-progress")).toHaveText("33%");
  await page.clock.runFor(4 * 800);
  await expect(page.getByTestId("validator-stage")).toHaveText("Generating report...");
  await page.clock.resume();
  await expect(page.getByTestId("validator-progress")).toHaveText("100%", { timeout: 30_000 });
  await expect(page.getByTestId("overall-score")).toHaveAttribute("data-tone", "red");
  await expect(page.getByTestId("overall-score")).toHaveClass(/text-red-700/);
  // The checks that need the site did not run, and say why.
  await expect(validator.getByText(/^\d+ not run$/)).toBeVisible();
  await expect(validator.getByText(/^Not run: Could not reach the WordPress site: Refused to connect to 192\.0\.2\.1/).first()).toBeVisible();

  await page.getByRole("button", { name: "Run API Root" }).click();
  await expect(page.getByText("Test Failed", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/API Root failed in \d+ms/)).toBeVisible();

  // Run All stops at the first test with the one finding about the site, the rest not run.
  const apiTests = page.getByTestId("api-tests");
  await apiTests.getByRole("button", { name: "Run All Tests" }).click();
  await expect(apiTests.getByTestId("api-tests-stopped")).toContainText("Refused to connect to 192.0.2.1", { timeout: 20_000 });
  await expect(apiTests.getByTestId("api-tests-summary")).toHaveText("0 passed, 1 failed, 32 not run, 1 of 33 run");
  await expectNoAxeViolations(page);
});

test("an admin on /admin-backup: every auth test passes and the save round trip works", async ({ page, signIn }) => {
  await signIn(page, { as: "admin", redirectTo: "/admin-backup", open: false });
  await page.goto("/admin-backup");
  // Give the saved connection something to round-trip.
  const dashboard = page.getByTestId("wordpress-dashboard");
  await dashboard.getByLabel("WordPress Site URL", { exact: true }).fill("https://192.0.2.1");
  await dashboard.getByLabel("Username", { exact: true }).fill("admin");
  await dashboard.getByLabel("Application Password", { exact: true }).fill("abcd efgh ijkl mnop");
  await dashboard.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings Saved", { exact: true })).toBeVisible();

  const save = page.getByTestId("save-validator");
  await save.getByRole("button", { name: "Run All Tests" }).click();
  await expect(save.getByTestId("save-validator-banner")).toContainText("All tests passed", { timeout: 15_000 });
  await expect(save.locator('[data-testid="test-item"][data-status="passed"]')).toHaveCount(7);

  const runner = page.getByTestId("auth-test-runner");
  await runner.getByRole("button", { name: "Run Authentication Tests" }).click();
  await expect(runner.getByTestId("auth-report")).toHaveValue(/Passed: 4\nFailed: 0\nTotal: 4\nSuccess rate: 100%/);
  await runner.getByRole("button", { name: "Reset Tests" }).click();
  await expect(runner.getByTestId("auth-report")).toHaveCount(0);
  await expect(runner.getByText("Not started")).toHaveCount(4);

  await page.getByTestId("auth-status-panel").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("You have been signed out successfully.")).toBeVisible();
  await expect(page.getByTestId("auth-status-panel").getByRole("button", { name: "Send Magic Link" })).toBeVisible();
  await expectNoAxeViolations(page);
});
