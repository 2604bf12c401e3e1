import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/hydration";
import { type ExtraServer, startExtraServer } from "./support/server";

let server: ExtraServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test("without any configuration, a newcomer signs in through the local outbox on /dev/outbox", async ({ page }) => {
  test.setTimeout(150_000);
  // Started the way the README's `npm start` does: no mail server, no site URL, no admins.
  server = await startExtraServer({ env: { SMTP_URL: "", ADMIN_EMAILS: "" } });
  const base = server.url;

  await gotoHydrated(page, `${base}/auth`);
  await page.getByLabel("Email").fill("newcomer@example.com");
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await page.goto(`${base}/dev/outbox`);
  await expect(page.getByRole("heading", { name: "Local outbox" })).toBeVisible();
  await expect(page.getByText("To: newcomer@example.com")).toBeVisible();
  await page.getByRole("link", { name: "Open the sign-in link" }).first().click();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByText("Welcome back, newcomer@example.com!")).toBeVisible();
});
