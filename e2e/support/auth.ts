import { type Page, type TestInfo, expect } from "@playwright/test";
import { signInDetails } from "../../server/testing/test-smtp";
import { waitForMail } from "./mail";

/** A fresh address for this test and project (one mail per address per minute). */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now().toString(36)}@e2e.test`.toLowerCase();
}

/** Asks for a sign-in mail for `email` without the UI and returns its link and code. */
export async function requestSignInMail(page: Page, email: string, redirectTo?: string) {
  const since = Date.now() - 1000;
  const res = await page.request.post("/api/auth/magic-link", { data: { email, redirectTo } });
  expect(res.status(), await res.text()).toBe(200);
  return signInDetails(await waitForMail(email, since));
}

/**
 * Signs `page`'s browser context in as `email` through the real flow (mail over SMTP, our verify
 * page, its button). Other suites can use this to reach pages that need a user or an admin
 * (see E2E_ADMIN_EMAILS). Resolves on the page the sign-in lands on.
 */
export async function signInAs(page: Page, email: string, redirectTo?: string) {
  const { link } = await requestSignInMail(page, email, redirectTo);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Signed In", { exact: true })).toBeVisible();
}
