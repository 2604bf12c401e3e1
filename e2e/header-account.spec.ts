import type { Page } from "@playwright/test";
import { business } from "../app/content/business";
import { expect, expectNoAxeViolations, isMobile, openHome, test } from "./home-fixtures";

/** Where the account links are: the top bar on a desktop, the menu drawer on a phone. */
async function accountArea(page: Page) {
  if (!isMobile(page)) return page.getByRole("navigation", { name: "Account" });
  const drawer = page.getByRole("dialog", { name: business.name });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(drawer).toBeVisible();
  return drawer;
}

test(
  "a signed-in customer sees their account in the header, not 'Sign In or Join', and signs out there",
  { tag: "@both-widths" },
  async ({ home: page, signIn }) => {
    const email = await signIn(page, { open: false });
    await openHome(page);
    let area = await accountArea(page);
    await expect(area.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
    await expect(area.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(area.getByRole("button", { name: "Sign In or Join" })).toHaveCount(0);
    if (isMobile(page)) {
      await expect(area.getByText(`Signed in as ${email}`)).toBeVisible();
      await expect(area.getByRole("link", { name: "My Trips" })).toHaveAttribute("href", "/trips");
      await expect(area.getByRole("link", { name: "My Cats" })).toHaveAttribute("href", "/cats");
      await expect(area.getByRole("link", { name: "My Appointments" })).toHaveAttribute("href", "/appointments");
    } else {
      await expect(area.getByRole("link", { name: "Account" })).toHaveAttribute("title", `Signed in as ${email}`);
    }
    await expectNoAxeViolations(page);

    await area.getByRole("button", { name: "Sign out" }).click();
    if (isMobile(page)) await expect(page.getByRole("dialog", { name: business.name })).toBeHidden();
    await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
    await expect(page.getByText("You have been signed out successfully.")).toBeVisible();
    // The toast shows below the header, so its menus and buttons stay within a tap while it does (over
    // them, on a phone where a toast is as wide as the screen, a tap reached the toast, which then stayed).
    const header = (await page.getByRole("banner").boundingBox())!;
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Signed Out" });
    await expect.poll(async () => (await toast.boundingBox())?.y).toBeGreaterThanOrEqual(header.y + header.height);
    area = await accountArea(page);
    await expect(area.getByRole("button", { name: "Sign In or Join" })).toBeVisible();
    await expect(area.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    expect(await (await page.request.get("/api/auth/session")).json()).toMatchObject({ user: null });
  },
);

test("an admin also finds the admin area there", { tag: "@both-widths" }, async ({ home: page, signIn }) => {
  await signIn(page, { as: "admin", open: false });
  await openHome(page);
  const area = await accountArea(page);
  await expect(area.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  await area.getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("a visitor's page view asks the server nothing about a session", async ({ home: page }) => {
  const sessionRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auth/session") sessionRequests.push(request.url());
  });
  await openHome(page);
  const area = await accountArea(page);
  await expect(area.getByRole("button", { name: "Sign In or Join" })).toBeVisible();
  expect(sessionRequests).toEqual([]);
});
