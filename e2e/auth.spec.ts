import type { Page } from "@playwright/test";
import { ADMIN_SECTIONS } from "../app/routes/admin/shared";
import { signInDetails } from "../server/testing/test-smtp";
import { expect, signInAs, test } from "./support/auth";
import { claimAdminEmail, uniqueEmail } from "./support/identities";
import { waitForMail } from "./support/mail";
import { expectNoAxeViolations } from "./support/axe";
import { gotoHydrated } from "./support/hydration";

const sessionCookieOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "cat_hotel_session");

test("a visitor asks for a link on /auth, gets it by e-mail, and ends up signed in on / with 'Signed In'", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "visitor");
  await gotoHydrated(page, "/auth");
  await expect(page.getByRole("heading", { name: "Log In or Create Account" })).toBeVisible();
  await expect(page.getByText("Privacy Policy")).toBeVisible();
  await expectNoAxeViolations(page);

  const since = Date.now() - 1000;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("We've sent you a magic link to sign in.")).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await waitForMail(email, since);
  expect(mail.subject).toBe("Your sign-in link for Laguna Niguel Cat Hotel");
  const { link } = signInDetails(mail);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Finish signing in" })).toBeVisible();
  // Opening the link changed nothing: the browser is not signed in yet.
  expect(await sessionCookieOf(page)).toBeUndefined();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByText("Signed In", { exact: true })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${email}!`)).toBeVisible();
  const cookie = await sessionCookieOf(page);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  // Signed in, /auth sends a non-admin home.
  await page.goto("/auth");
  await expect(page).toHaveURL("/");
});

test("an admin who signs in lands on /admin and sees the dashboard", async ({ page }) => {
  const email = claimAdminEmail();
  await gotoHydrated(page, "/auth");
  const since = Date.now() - 1000;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const { link } = signInDetails(await waitForMail(email, since));

  await page.goto(link);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByText("Signed In", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${email}` })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const main = page.getByRole("main");
  for (const [tile, path] of [
    ["Bookings", "/admin/bookings"],
    ["Content", "/admin/content"],
    ["Analytics", "/admin/analytics"],
  ] as const) {
    await expect(main.getByRole("link", { name: new RegExp(tile) })).toHaveAttribute("href", path);
  }
  await expectNoAxeViolations(page);
  await expectEveryAdminSectionInSight(page);

  await main.getByRole("link", { name: /Bookings/ }).click();
  await expect(page).toHaveURL("/admin/bookings");
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();

  // Signed in, /auth sends an admin to /admin.
  await page.goto("/auth");
  await expect(page).toHaveURL("/admin");
});

/** Every admin section is in sight, on a phone too (none hidden off to the side). */
async function expectEveryAdminSectionInSight(page: Page) {
  const adminNav = page.getByRole("navigation", { name: "Admin" });
  for (const name of ["Dashboard", ...ADMIN_SECTIONS.map((s) => s.label)]) {
    await expect(adminNav.getByRole("link", { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
}

// At 375 px what changes is the dashboard's layout and its admin menu; signing in is the same at every width.
test("on a phone the admin dashboard shows every admin section, none off to the side", { tag: "@phone" }, async ({ page, signIn }) => {
  await signIn(page, { as: "admin", open: false });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  await expectEveryAdminSectionInSight(page);
  await expectNoAxeViolations(page);
});

test("a second request within 60 s shows the rate-limit texts", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "hasty");
  await gotoHydrated(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await page.getByRole("button", { name: "use a different email" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many email requests. Please wait a few minutes before trying again." })).toBeVisible();
  await expect(page.getByText("Email Rate Limit")).toBeVisible();
  await expect(page.getByText("You've sent too many emails. Please wait before trying again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Magic Link" })).toBeEnabled();
});

test("signing out shows 'Signed Out', tells the other tabs, and the old cookie is refused afterwards", async ({ page, context }, testInfo) => {
  const email = uniqueEmail(testInfo, "leaver");
  await signInAs(page, email);
  const oldCookie = (await sessionCookieOf(page))!;

  await gotoHydrated(page, "/account");
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("Joined")).toBeVisible();
  await expect(page.getByText("Last sign-in")).toBeVisible();
  await expectNoAxeViolations(page);

  const otherTab = await context.newPage();
  await gotoHydrated(otherTab, "/account");
  await expect(otherTab.getByText(email)).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  await expect(page.getByText("You have been signed out successfully.")).toBeVisible();

  // The other tab heard about it and left the account page.
  await expect(otherTab).toHaveURL(/\/auth/);
  await expect(otherTab.getByText("Signed Out", { exact: true })).toBeVisible();

  // The server deleted the session: the old cookie, replayed, opens nothing.
  const cookieHeader = { cookie: `${oldCookie.name}=${oldCookie.value}` };
  const session = await page.request.get("/api/auth/session", { headers: cookieHeader });
  expect(await session.json()).toMatchObject({ user: null, session: null, isAdmin: false });
  const account = await page.request.get("/account", { headers: cookieHeader, maxRedirects: 0 });
  expect(account.status()).toBe(302);
  expect(account.headers().location).toBe("/auth?redirectTo=%2Faccount");
});

test("the admin area is closed to visitors and to signed-in non-admins, on the server", async ({ page }, testInfo) => {
  for (const path of ["/admin", "/admin/bookings", "/admin/content", "/admin/analytics"]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
  }
  await page.goto("/admin");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin");

  await signInAs(page, uniqueEmail(testInfo, "customer"));
  for (const path of ["/admin", "/admin/bookings", "/admin/content", "/admin/analytics"]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location, path).toBe("/");
    // The data request a client-side navigation makes is guarded as well.
    const data = await page.request.get(`${path}.data`, { maxRedirects: 0 });
    expect(await data.text(), path).not.toContain("Welcome");
  }
  await page.goto("/admin/content");
  await expect(page).toHaveURL("/");
  expect((await page.request.get("/api/admin/me")).status()).toBe(403);
});

test("the code from the e-mail signs in another device, and spends the link", async ({ page, browser }, testInfo) => {
  const email = uniqueEmail(testInfo, "two-devices");
  await gotoHydrated(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const { code, link } = signInDetails(await waitForMail(email, Date.now() - 5000));

  await page.getByLabel(/6-digit code/).fill(code);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(`Welcome back, ${email}!`)).toBeVisible();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(link);
  await otherPage.getByRole("button", { name: "Sign In" }).click();
  await expect(otherPage.getByRole("alert").filter({ hasText: "This sign-in link has already been used. Please request a new one." })).toBeVisible();
  await expect(otherPage.getByRole("link", { name: "Request a new sign-in link" })).toHaveAttribute("href", "/auth");
  await other.close();
});
