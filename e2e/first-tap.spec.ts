import type { Page } from "@playwright/test";
import { expect, test } from "./home-fixtures";

/** Holds every script of the page until `release` is called: a slow phone's first seconds. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue().catch(() => {});
  });
  return { held, release };
}

/**
 * No lost taps (ADR 0117): on a slow phone the page is painted long before its script has run. The
 * CPU runs 4x slower and every script is held back until the test lets it through, so the tap
 * certainly lands before the page is hydrated; the browser itself opens the drawer.
 */
test("a tap on the menu button at the first paint opens the drawer, and it stays open once the script runs", { tag: "@phone" }, async ({ home: page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

  const { held: heldScripts, release: releaseScripts } = await holdScripts(page);

  await page.goto("/", { waitUntil: "commit" });
  const menuButton = page.getByRole("button", { name: "Open menu" });
  await expect(menuButton).toBeVisible();
  // The page is painted, its script not run.
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await menuButton.click();
  const drawer = page.getByRole("dialog", { name: "Laguna Niguel Cat Hotel" });
  await expect(drawer.getByRole("link", { name: "Services" })).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

  releaseScripts();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(heldScripts.length).toBeGreaterThan(0);
  // Hydration keeps the open drawer, and the script's own handlers now run in it.
  await expect(drawer).toBeVisible();
  await drawer.getByRole("link", { name: "Reviews" }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.locator("#testimonials")).toBeInViewport();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("a tap on Donate Now before the script has run is answered with the demo's words, not lost", { tag: "@phone" }, async ({ home: page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
  const { release: releaseScripts } = await holdScripts(page);

  await page.goto("/", { waitUntil: "commit" });
  const donate = page.getByRole("button", { name: "Donate Now" });
  await donate.scrollIntoViewIfNeeded();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await donate.click();
  // The tap posted the page's form: the page answers with what the demo's toasts say.
  const notice = page.getByRole("status").filter({ hasText: "Thank you for your donation! You will be redirected to our secure payment page." });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("This is a demo version. In production, you would be redirected to Stripe.");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

  releaseScripts();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // Once the script runs, the button runs the demo on the page again.
  await page.getByRole("button", { name: "Donate Now" }).click();
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
});

test("a tap on Share before the script has run opens the share dialog once it has, not lost", async ({ home: page }) => {
  const { release: releaseScripts } = await holdScripts(page);

  await page.goto("/", { waitUntil: "commit" });
  const share = page.getByRole("button", { name: "Share" });
  await expect(share).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await share.click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog).toHaveCount(0);

  releaseScripts();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(share).toBeFocused();
});
