import { type Page, expect, test as base } from "@playwright/test";
import { landingPath } from "../../app/domain/sign-in-redirect";
import { signInDetails } from "../../server/testing/test-smtp";
import { gotoHydrated } from "./hydration";
import { claimAdminEmail, uniqueEmail } from "./identities";
import { waitForMail } from "./mail";

/** Asks for a sign-in mail for `email` without the UI and returns its link and code. */
export async function requestSignInMail(page: Page, email: string, redirectTo?: string) {
  const since = Date.now() - 1000;
  const res = await page.request.post("/api/auth/magic-link", { data: { email, redirectTo } });
  expect(res.status(), await res.text()).toBe(200);
  return signInDetails(await waitForMail(email, since));
}

/**
 * Signs `page`'s browser context in as `email` through the real flow (mail over SMTP, our verify
 * page, its button). Resolves on the page the sign-in lands on.
 */
export async function signInAs(page: Page, email: string, redirectTo?: string) {
  const { link } = await requestSignInMail(page, email, redirectTo);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Signed In", { exact: true })).toBeVisible();
}

export interface SignInOptions {
  /** An admin (an address from the server's ADMIN_EMAILS) or a customer (default). */
  as?: "admin" | "customer";
  /** Where the link leads after signing in. */
  redirectTo?: string;
  /**
   * Open the page where the sign-in lands (default). false leaves the page where it is, for set-up
   * whose next step opens a page of its own or posts: loading and hydrating the landing page (the home
   * page, for a customer) cost seconds a sign-in on a loaded machine.
   */
  open?: boolean;
}

/** Signs a page in as a new identity and resolves with its e-mail address. */
export type SignIn = (page: Page, options?: SignInOptions) => Promise<string>;

/**
 * The one way a test signs in when sign-in is not what it tests: a fresh identity on every call (so a
 * retry or a repeat never meets the one-mail-per-minute rule), through the real mail and the verify
 * page's own action, posted as its form posts it; then the page opens where the sign-in lands (not
 * with `open: false`). The verify page itself is walked by auth.spec.ts (`signInAs`); rendering it for
 * every sign-in of the suite cost more than a minute of the run.
 */
export const test = base.extend<{ signIn: SignIn }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  signIn: async ({}, use, testInfo) => {
    await use(async (page, { as = "customer", redirectTo, open = true } = {}) => {
      const email = as === "admin" ? claimAdminEmail() : uniqueEmail(testInfo, "customer");
      const { link } = await requestSignInMail(page, email, redirectTo);
      const verified = await page.request.post(link, { form: { token: new URL(link).searchParams.get("token")! } });
      expect(verified.status(), await verified.text()).toBe(200);
      if (open) await gotoHydrated(page, landingPath(redirectTo ?? null, as === "admin"));
      return email;
    });
  },
});
export { expect };
