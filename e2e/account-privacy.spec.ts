import crypto from "node:crypto";
import fs from "node:fs";
import { type Browser, type Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { type SignIn, expect, test } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { addCatByForm, saveHouseholdByForm } from "./support/cats";
import { formatPhoneDigits, freshPhoneDigits } from "./support/identities";
import { waitForMail } from "./support/mail";

// A customer's own data (ADR 0124): the export from /account, the deletion behind its second step, and
// what staff see of it in Customers afterwards.

const tag = () => crypto.randomBytes(3).toString("hex");

/** The household (through its form's action) and one cat: the customer staff will look for. */
async function setUpHousehold(page: Page, name: string, phoneDigits: string, catName: string) {
  await saveHouseholdByForm(page, { name, mobilePhone: formatPhoneDigits(phoneDigits) });
  await addCatByForm(page, catName);
}

async function adminPage(browser: Browser, signIn: SignIn) {
  const admin = await (await browser.newContext()).newPage();
  // Its caller opens the page it needs.
  await signIn(admin, { as: "admin", open: false });
  return admin;
}

test("a customer downloads everything stored about the household, deletes the account without JavaScript, and is gone", async ({ browser, page, signIn }) => {
  test.slow();
  const email = await signIn(page, { open: false });
  const name = `Ines Okafor ${tag()}`;
  const phone = freshPhoneDigits();
  const catName = `Biscuit ${tag()}`;
  await setUpHousehold(page, name, phone, catName);

  // The export: one zip with the JSON of every table and the household, the cat in it.
  await page.goto("/account");
  const yourData = page.getByRole("region", { name: "Your data" });
  await expect(yourData).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), yourData.getByRole("link", { name: "Download your data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cat-hotel-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(fs.readFileSync((await download.path())!));
  const data = JSON.parse(new TextDecoder().decode(files["data.json"])) as { account: string; tables: Record<string, Record<string, unknown>[]> };
  expect(data.account).toBe(email);
  expect(data.tables.households).toMatchObject([{ name, mobile_phone: `+1${phone}` }]);
  expect(data.tables.cats).toMatchObject([{ name: catName, sex: "female" }]);
  expect(data.tables.users).toMatchObject([{ email }]);

  // The second step, in a browser without JavaScript: a wrong word is refused, the right one deletes.
  const noJsContext = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  const noJs = await noJsContext.newPage();
  await noJs.goto("/account");
  await noJs.getByRole("link", { name: "Delete my account…" }).click();
  await expect(noJs.getByRole("heading", { name: "Delete your account", level: 1 })).toBeVisible();
  await expect(noJs.getByText("1 cat with its photos")).toBeVisible();
  await noJs.getByLabel("Type DELETE to confirm").fill("delete it");
  await noJs.getByRole("button", { name: "Delete my account" }).click();
  await expect(noJs.getByText("Type DELETE to confirm.", { exact: true })).toBeVisible();
  const since = Date.now() - 1000;
  await noJs.getByLabel("Type DELETE to confirm").fill("DELETE");
  await noJs.getByRole("button", { name: "Delete my account" }).click();
  await expect(noJs.getByRole("heading", { name: "Your account is deleted" })).toBeVisible();
  expect((await noJsContext.cookies()).filter((c) => c.name.includes("cat_hotel_s"))).toEqual([]);
  await noJsContext.close();
  expect((await waitForMail(email, since)).subject).toMatch(/account was deleted$/);

  // The JavaScript browser's session went with the account: it is signed out too.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount$/);

  // Staff find neither the name, the address nor the number any more.
  const admin = await adminPage(browser, signIn);
  for (const q of [name, email, formatPhoneDigits(phone)]) {
    await admin.goto(`/admin/customers?q=${encodeURIComponent(q)}`);
    await expect(admin.getByText(`No customer matches “${q}”.`)).toBeVisible();
  }
  await admin.context().close();
});

test("the deletion page asks before it deletes and says what is kept; the deleted page passes axe", async ({ page, signIn }) => {
  await signIn(page, { open: false });
  await page.goto("/account/delete");
  await expect(page.getByRole("heading", { name: "What we keep" })).toBeVisible();
  await expect(page.getByText("Nothing: you have no appointments with us.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Type DELETE to confirm.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Keep my account" }).click();
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await page.goto("/account/deleted");
  await expect(page.getByRole("heading", { name: "Your account is deleted" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("staff search Customers by a mobile typed another way and open the household with its cat", async ({ browser, page, signIn }) => {
  test.slow();
  await signIn(page, { open: false });
  const name = `Marta Lindqvist ${tag()}`;
  const phone = freshPhoneDigits("714");
  const catName = `Juniper ${tag()}`;
  await setUpHousehold(page, name, phone, catName);

  const admin = await adminPage(browser, signIn);
  await admin.goto("/admin");
  await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" }).click();
  await expect(admin.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await expectNoAxeViolations(admin);
  // Saved as (714) …; searched as 714.xxx.xxxx.
  await admin.getByRole("searchbox", { name: "Search" }).fill(`${phone.slice(0, 3)}.${phone.slice(3, 6)}.${phone.slice(6)}`);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin.getByText("Showing 1 customer matching")).toBeVisible();
  await admin.getByRole("link", { name }).click();
  await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Contact", exact: true })).toContainText(formatPhoneDigits(phone));
  await expect(admin.getByRole("list", { name: "Cats" }).getByRole("heading", { name: catName })).toBeVisible();
  await expect(admin.getByText("None uploaded.")).toBeVisible();
  await expect(admin.getByRole("region", { name: "Bookings" })).toContainText("No appointments yet.");
  await expectNoAxeViolations(admin);

  // An id that is no household's is the page that does not exist.
  expect((await admin.goto(`/admin/customers/${crypto.randomUUID()}`))?.status()).toBe(404);
  await admin.context().close();
});
