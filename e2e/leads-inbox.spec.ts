import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, isMobile, openHome, test } from "./home-fixtures";
import { NEWSLETTER_CONSENT_TEXT } from "../app/features/leads/schema";
import { formatPhoneDigits, freshClientIp, freshPhoneDigits } from "./support/identities";
import { waitForMail } from "./support/mail";

// A client address of our own (the server trusts X-Forwarded-For from loopback), so the per-IP
// hourly caps of other specs never refuse these requests.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClientIp() });
});

/** The lead as the inbox shows it: a card on a phone, a table row on a desktop. */
const leadItem = (page: Page, text: string): Locator => (isMobile(page) ? page.getByRole("listitem") : page.getByRole("row")).filter({ hasText: text });

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[+.]/g, "\\$&")}`));
}

test("leads from the home page reach the admin inbox, where staff set a status and a note", async ({ home: page, signIn }, testInfo) => {
  // The whole journey (three forms, a sign-in by mail, four inbox views, three axe scans) in one test,
  // at 1280 px; the inbox's cards on a phone are the next test's.
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const tag = `${project}-${Date.now().toString(36)}`;
  const digits = freshPhoneDigits("714");
  const e164 = `+1${digits}`;
  const voucherEmail = `voucher-${tag}@example.com`;
  const newsletterEmail = `news-${tag}@example.com`;

  // 1. A visitor asks for a callback, claims a free night and signs up for the newsletter.
  await openHome(page);
  await page.getByRole("button", { name: "(949) 555-0100" }).click();
  const callDialog = page.getByRole("dialog");
  await callDialog.getByLabel("Your phone number").fill(digits);
  await callDialog.getByRole("button", { name: "Click To Connect Your Call" }).click();
  await expect(callDialog.getByRole("heading", { name: "Call Initiated!" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(callDialog).toBeHidden();

  await page.getByRole("button", { name: "Claim Your Free Night" }).first().click();
  const voucher = page.getByRole("dialog", { name: "Claim Your Free Night" });
  await voucher.getByLabel("Full name").fill(`Inbox Tester ${tag}`);
  await voucher.getByLabel("Email", { exact: true }).fill(voucherEmail);
  await voucher.getByLabel("Phone").fill("(714) 249-7788");
  await voucher.getByRole("checkbox").check();
  const voucherSentAt = Date.now() - 1000;
  await voucher.getByRole("button", { name: "Send My Voucher" }).click();
  await expect(page.getByText("Your free night voucher is on its way!")).toBeVisible();
  // The toast is true: the voucher mail has arrived, with its code.
  const voucherMail = await waitForMail(voucherEmail, voucherSentAt);
  const voucherCode = /voucher (FN-[A-Z0-9]{6})$/.exec(voucherMail.subject)?.[1];
  expect(voucherCode, voucherMail.subject).toBeDefined();
  expect(voucherMail.text).toContain(`Hello Inbox Tester ${tag},`);

  const newsletter = page.getByRole("textbox", { name: "Email address" });
  await newsletter.scrollIntoViewIfNeeded();
  await newsletter.fill(newsletterEmail);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thank you for subscribing!")).toBeVisible();

  // 2. Staff open the inbox.
  await signIn(page, { as: "admin", open: false });
  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Leads inbox" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Calls are simulated" })).toContainText("Twilio is not configured");
  await expectNoAxeViolations(page);

  // The callback, with the simulated call and the number as stored.
  await search(page, digits);
  const callback = leadItem(page, e164);
  await expect(callback).toHaveCount(1);
  await expect(callback).toContainText("Callback request");
  await expect(callback).toContainText(formatPhoneDigits(digits));
  await expect(callback).toContainText("Call simulated");
  await expect(callback.getByRole("link", { name: /\(714\)/ })).toHaveAttribute("href", `tel:${e164}`);

  await callback.getByLabel("Status").selectOption("contacted");
  await callback.getByLabel("Note").fill("Called back, wants two nights in May");
  await callback.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Lead updated")).toBeVisible();

  // Kept: after a reload, and found by the status and outcome filters.
  await page.goto(`/admin/leads?kind=callback&staffStatus=contacted&callStatus=simulated&q=${digits}`);
  await expect(leadItem(page, e164).getByLabel("Status")).toHaveValue("contacted");
  await expect(leadItem(page, e164).getByLabel("Note")).toHaveValue("Called back, wants two nights in May");
  await expect(page.getByLabel("Type")).toHaveValue("callback");
  await expectNoAxeViolations(page);

  // The CSV of callbacks carries the filters and neutralises the leading +.
  const exportLink = page.getByRole("link", { name: "Callbacks" });
  const href = (await exportLink.getAttribute("href"))!;
  expect(href).toContain("kind=callback");
  expect(href).toContain("staffStatus=contacted");
  const csv = await (await page.request.get(href)).text();
  expect(csv.split("\r\n")).toHaveLength(3);
  expect(csv).toContain(`"'${e164}","simulated"`);
  expect(csv).toContain('"contacted","Called back, wants two nights in May"');

  // The voucher request: status and note too.
  await page.goto("/admin/leads");
  await search(page, voucherEmail);
  const voucherLead = leadItem(page, voucherEmail);
  await expect(voucherLead).toContainText("Free-night voucher");
  await expect(voucherLead).toContainText(`Inbox Tester ${tag}`);
  await expect(voucherLead).toContainText("+17142497788");
  await expect(voucherLead).toContainText("Voucher e-mailed");
  await expect(voucherLead).toContainText(voucherCode!);
  await voucherLead.getByLabel("Status").selectOption("booked");
  await voucherLead.getByLabel("Note").fill("Voucher sent by e-mail");
  await voucherLead.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Lead updated")).toBeVisible();
  await page.reload();
  await expect(leadItem(page, voucherEmail).getByLabel("Status")).toHaveValue("booked");

  // The newsletter signup.
  await search(page, newsletterEmail);
  await expect(leadItem(page, newsletterEmail)).toContainText("Newsletter signup");
  await expect(page.getByText(/^Showing 1 lead received /)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);

  // Nothing matches: the empty state.
  await search(page, `nobody-${tag}@example.com`);
  await expect(page.getByText("No leads match these filters.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("on a phone the inbox lists leads as cards, whose status and note staff save, and fits the width", { tag: "@phone" }, async ({ page, signIn }) => {
  // A callback as the home page's dialog asks for it (on a phone the header's number is a tel: link
  // instead: the phone itself calls); the journey above walks the forms.
  test.setTimeout(90_000);
  const digits = freshPhoneDigits("714");
  const e164 = `+1${digits}`;
  const res = await page.request.post("/api/callback", { data: { phoneNumber: digits, sourcePage: "/" } });
  expect(await res.json()).toMatchObject({ status: "simulated", callSid: expect.any(String) });

  await signIn(page, { as: "admin", open: false });
  await page.goto(`/admin/leads?q=${digits}`);
  const card = leadItem(page, e164);
  await expect(card).toHaveCount(1);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(card).toContainText("Callback request");
  await expect(card).toContainText("Call simulated");
  await expect(card.getByRole("link", { name: /\(714\)/ })).toHaveAttribute("href", `tel:${e164}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  await card.getByLabel("Status").selectOption("contacted");
  await card.getByLabel("Note").fill("Called back from the phone");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Lead updated")).toBeVisible();
  await page.reload();
  await expect(card.getByLabel("Status")).toHaveValue("contacted");
  await expect(card.getByLabel("Note")).toHaveValue("Called back from the phone");
});

test("staff page through a long inbox with Older and Newer links", async ({ page, signIn }, testInfo) => {
  // 26 sign-ups, one more than a page, each from a client address of its own (the hourly per-address cap).
  const tag = `pages-${testInfo.project.name}-${Date.now().toString(36)}`;
  const address = (i: number) => `${tag}-${i}@example.com`;
  for (let i = 0; i < 26; i++) {
    const res = await page.request.post("/api/leads/newsletter", {
      headers: { "x-forwarded-for": freshClientIp() },
      data: { email: address(i), consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: "/" },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(page, { as: "admin", open: false });
  await page.goto("/admin/leads");
  await search(page, tag);
  const pages = page.getByRole("navigation", { name: "Pages" });
  // Newest first: the 25 latest, and a way to the older one only.
  await expect(leadItem(page, tag)).toHaveCount(25);
  await expect(leadItem(page, address(25))).toHaveCount(1);
  await expect(leadItem(page, address(0))).toHaveCount(0);
  await expect(pages.getByRole("link", { name: "Newer leads" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Older leads" }).click();
  await expect(page).toHaveURL(/[?&]before=/);
  await expect(leadItem(page, tag)).toHaveCount(1);
  await expect(leadItem(page, address(0))).toContainText("Newsletter signup");
  await expect(page.getByText(/^Showing 1 lead received /)).toBeVisible();
  await expect(pages.getByRole("link", { name: "Older leads" })).toHaveCount(0);
  // The search stays with the pages.
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);

  await pages.getByRole("link", { name: "Newer leads" }).click();
  await expect(leadItem(page, tag)).toHaveCount(25);
  await expect(leadItem(page, address(25))).toHaveCount(1);
  await expect(pages.getByRole("link", { name: "Newer leads" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a visitor is sent to sign in, and the inbox's export refuses them", async ({ page }) => {
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fleads$/);
  expect((await page.request.get("/api/admin/leads/export.csv?kind=callback")).status()).toBe(401);
});
