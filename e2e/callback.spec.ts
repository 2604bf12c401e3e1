import { type Page, expect, test } from "@playwright/test";
import { freshClientIp, freshPhoneDigits } from "./support/identities";
import { OPEN_DIALOG, expectNoAxeViolations } from "./support/axe";

// Each attempt gets its own client address and numbers, so the per-IP hourly cap and the 15-minute
// per-number rule refuse only what a test asks them to.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClientIp() });
});

async function openDialog(page: Page) {
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByRole("button", { name: "(949) 555-0100" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Call Now To Book An Appointment")).toBeVisible();
  return dialog;
}

test("keeps digits only, formats them, and enables the button at exactly 10 digits", async ({ page }) => {
  const dialog = await openDialog(page);
  const input = dialog.getByLabel("Your phone number");
  const button = dialog.getByRole("button", { name: "Click To Connect Your Call" });
  await expect(input).toHaveAttribute("maxlength", "14");

  await input.pressSequentially("(949) abc-24.9 12x3");
  await expect(input).toHaveValue("(949) 249-123");
  await expect(button).toBeDisabled();

  await input.pressSequentially("4");
  await expect(input).toHaveValue("(949) 249-1234");
  await expect(button).toBeEnabled();

  await input.pressSequentially("5678");
  await expect(input).toHaveValue("(949) 249-1234");

  // Closing resets the number.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "(949) 555-0100" }).click();
  await expect(page.getByRole("dialog").getByLabel("Your phone number")).toHaveValue("");
});

test("a call is initiated, then the same number is refused within 15 minutes", async ({ page }) => {
  test.slow();
  const digits = freshPhoneDigits();
  let dialog = await openDialog(page);
  await dialog.getByLabel("Your phone number").fill(digits);
  await dialog.getByRole("button", { name: "Click To Connect Your Call" }).click();

  await expect(dialog.getByRole("heading", { name: "Call Initiated!" })).toBeVisible();
  await expect(dialog.getByText("Your phone will ring shortly.", { exact: false })).toBeVisible();
  // The e2e server has no Twilio settings: the visitor is told that no phone rings.
  await expect(dialog.getByRole("note", { name: "Demo mode" })).toContainText("no phone will ring");
  await expect(dialog.getByRole("link", { name: "(949) 555-0100" })).toHaveAttribute("href", "tel:+19495550100");
  await expect(page.getByText("Call Request Received")).toBeVisible();
  await expect(page.getByText("We're connecting your call now. Please wait for your phone to ring.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  dialog = await openDialog(page);
  await dialog.getByLabel("Your phone number").fill(digits);
  await dialog.getByRole("button", { name: "Click To Connect Your Call" }).click();
  await expect(dialog.getByRole("alert")).toContainText("We already received a call request for this number in the last 15 minutes");
  await expect(page.getByText("Call Error")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Call Initiated!" })).toBeHidden();
  await expectNoAxeViolations(page, { within: OPEN_DIALOG });
});

test("'Book Appointment Online' opens the sign-in modal", async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByLabel("Your phone number").fill(freshPhoneDigits());
  await dialog.getByRole("button", { name: "Click To Connect Your Call" }).click();
  await dialog.getByRole("button", { name: "Book Appointment Online" }).click();
  await expect(page.getByRole("dialog", { name: "Log In or Create Account" })).toBeVisible();
});

test("a number that is not a real North American number is refused with the spec's message", async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByLabel("Your phone number").fill("9495550123");
  await dialog.getByRole("button", { name: "Click To Connect Your Call" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid 10-digit phone number");
  await expect(page.getByText("Call Error")).toBeVisible();
});

test("the open dialog passes axe", async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByLabel("Your phone number").fill("949249");
  await expectNoAxeViolations(page, { within: OPEN_DIALOG });
});

test("shows 'Connecting...' while the request is in flight and cannot be closed until it ends", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the real request back (it still reaches our server), to observe the busy state.
  await page.route("**/api/callback", async (route) => {
    await held;
    await route.continue();
  });
  const dialog = await openDialog(page);
  await dialog.getByLabel("Your phone number").fill(freshPhoneDigits());
  await dialog.getByRole("button", { name: "Click To Connect Your Call" }).click();

  const busy = dialog.getByRole("button", { name: "Connecting..." });
  await expect(busy).toBeDisabled();
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(busy).toBeVisible();

  release();
  await expect(dialog.getByRole("heading", { name: "Call Initiated!" })).toBeVisible();
});

test("the open dialog fits a 375 px phone screen and passes axe there", async ({ page }) => {
  const dialog = await openDialog(page);
  await page.setViewportSize({ width: 375, height: 812 });
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expect(dialog.getByRole("button", { name: "Click To Connect Your Call" })).toBeInViewport();
  await expectNoAxeViolations(page, { within: OPEN_DIALOG });
});
