import { signInDetails } from "../server/testing/test-smtp";
import { expect, isMobile, test } from "./home-fixtures";
import { formatPhoneDigits, freshPhoneDigits, uniqueEmail } from "./support/identities";
import { waitForMail } from "./support/mail";

/**
 * The public pages with JavaScript off (ADR 0117): the drawer and the dialogs are native dialogs the
 * browser opens, and the forms post to the page, whose action answers with the spec's messages.
 */
test.use({ javaScriptEnabled: false });

test("the menu opens as a drawer and its links lead to the sections (phone)", { tag: "@phone" }, async ({ home: page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Laguna Niguel Cat Hotel" });
  await expect(drawer.getByRole("link", { name: "Services" })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "My Appointments" })).toBeVisible();
  await drawer.getByRole("button", { name: "Close Menu" }).click();
  await expect(drawer).toHaveCount(0);

  await page.getByRole("button", { name: "Open menu" }).click();
  await drawer.getByRole("link", { name: "Reviews" }).click();
  await expect(page).toHaveURL(/#testimonials$/);
  await expect(drawer).toHaveCount(0);
});

test("the booking choices open from Book, through the customer-type question", async ({ home: page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Start booking" }).click();
  const customer = page.getByRole("dialog", { name: "Welcome!" });
  await customer.getByRole("button", { name: "New Customer" }).click();
  const booking = page.getByRole("dialog", { name: "Book Your Kitty Service" });
  await expect(booking.getByRole("link", { name: /Book a Cat Room/ })).toBeVisible();
  await expect(booking.getByRole("link", { name: /Book a Groom/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(booking).toHaveCount(0);
});

test("a callback request is placed and answered on the page", async ({ home: page }) => {
  await page.goto("/");
  const opener = page.getByRole("banner").getByRole("button", { name: /\(\d{3}\) \d{3}-\d{4}/ });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Talk to Our Cat Care Team" });
  await dialog.getByLabel("Your phone number").fill("12");
  await dialog.getByRole("button", { name: "Click To Connect Your Call" }).click();
  await expect(page.getByRole("alert")).toContainText("Please enter a valid 10-digit phone number");

  await opener.click();
  await dialog.getByLabel("Your phone number").fill(formatPhoneDigits(freshPhoneDigits()));
  await dialog.getByRole("button", { name: "Click To Connect Your Call" }).click();
  await expect(page.getByRole("status")).toContainText("Call Initiated!");
});

test("a free-night voucher request is sent and answered on the page", async ({ home: page }, testInfo) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Claim Your Free Night" }).first().click();
  const dialog = page.getByRole("dialog", { name: /free night/i });
  await dialog.getByLabel("Full name").fill("Nora No-Script");
  await dialog.getByLabel("Email", { exact: true }).fill(uniqueEmail(testInfo, "voucher"));
  await dialog.getByLabel("Phone").fill(formatPhoneDigits(freshPhoneDigits()));
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Send My Voucher" }).click();
  await expect(page.getByRole("status")).toContainText("Your free night voucher is on its way!");
});

test("a newsletter signup is stored, and a bad address gets the spec's message", async ({ home: page }, testInfo) => {
  await page.goto("/");
  const signup = page.locator("#signup");
  await signup.getByLabel("Email address").fill("no-at-sign");
  await signup.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email");

  await page.locator("#signup").getByLabel("Email address").fill(uniqueEmail(testInfo, "letter"));
  await page.locator("#signup").getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you for subscribing! — We'll keep you updated on all things cat-related.");
});

test("sign-in by e-mail link from the sign-in modal, back on the page it was asked from", { tag: "@both-widths" }, async ({ home: page }, testInfo) => {
  const email = uniqueEmail(testInfo, "noscript");
  await page.goto("/");
  if (isMobile(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Laguna Niguel Cat Hotel" }).getByRole("button", { name: "Sign In or Join" }).click();
  } else {
    await page.getByRole("button", { name: "Sign In or Join" }).click();
  }
  const dialog = page.getByRole("dialog", { name: "Log In or Create Account" });
  const since = Date.now() - 1000;
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("status")).toContainText("Check your email — We've sent you a magic link to sign in.");

  const { link } = signInDetails(await waitForMail(email, since));
  await page.goto(link);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "You're signed in" })).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL("/");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "cat_hotel_session")).toBeTruthy();
});
