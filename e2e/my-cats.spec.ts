import type { Page } from "@playwright/test";
import { expect, test } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { businessDayAhead } from "./support/dates";

// A customer's household and cats: the household on /account, the cats on /cats. Birth dates are
// relative to today in Los Angeles, as the server reads it.

const catCard = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Your cats" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a signed-out visit to /cats is sent to sign in, with /cats as the way back", async ({ page }) => {
  await page.goto("/cats");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcats$/);
});

test("a new customer fills the household, adds two cats, edits one and archives the other", async ({ browser, page, signIn }) => {
  test.slow();
  await signIn(page, { open: false });
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  const household = page.getByRole("region", { name: "Household" });
  await household.getByLabel("Your name").fill("Ana Ruiz");
  await household.getByLabel("Mobile phone").fill("(949) 249-1234");
  await household.getByLabel("City").fill("Laguna Niguel");
  await household.getByLabel("State").fill("CA");
  await household.getByLabel("ZIP code").fill("92677");
  await household.getByLabel("Contact's name").fill("Luis Ruiz");
  await household.getByLabel("Contact's phone").fill("949.249.1234");
  await household.getByRole("button", { name: "Save household" }).click();
  await expect(household.getByText("Your emergency contact needs a phone number other than your own mobile")).toBeVisible();
  await household.getByLabel("Contact's phone").fill("949.249.5678");
  await household.getByLabel("Clinic", { exact: true }).fill("Niguel Cat Clinic");
  await household.getByRole("button", { name: "Save household" }).click();
  await expect(page.getByText("Household saved")).toBeVisible();
  await page.reload();
  await expect(household.getByLabel("Contact's phone")).toHaveValue("(949) 249-5678");
  await expect(household.getByLabel("Clinic", { exact: true })).toHaveValue("Niguel Cat Clinic");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "My Cats" }).click();
  await expect(page.getByRole("heading", { name: "My Cats", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No cats yet" })).toBeVisible();
  await page.getByRole("link", { name: "Add a cat" }).click();
  await expect(page.getByRole("heading", { name: "Add a cat" })).toBeVisible();

  // The first cat: a birth date tomorrow is refused by the server, then the real one saves.
  await page.getByLabel("Name", { exact: true }).fill("Miso");
  await page.getByLabel("Sex").selectOption({ label: "Female" });
  await page.getByLabel("Spayed or neutered").selectOption({ label: "Yes" });
  await page.getByLabel("Birth date").fill(businessDayAhead(1).iso);
  await page.getByLabel("Medication 1", { exact: true }).fill("Methimazole");
  await page.getByLabel("Dose of medication 1").fill("2.5 mg");
  await page.getByLabel("Times for medication 1").fill("8am and 8pm");
  await page.getByRole("button", { name: "Add another medication" }).click();
  await page.getByLabel("Medication 2", { exact: true }).fill("Probiotic");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Add cat" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The birth date can't be in the future." })).toBeVisible();
  await page.getByLabel("Birth date").fill(businessDayAhead(-800).iso);
  await page.getByRole("button", { name: "Add cat" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Miso is saved." })).toBeVisible();
  const miso = catCard(page, "Miso");
  await expect(miso).toContainText("Female · 2 years old");
  // No vaccine record yet, so no cat is shown as ready.
  await expect(miso.getByText("FVRCP record needed")).toBeVisible();
  await expect(page.getByText("Ready to book")).toHaveCount(0);

  // The second cat, with an approximate age and an unknown spay status.
  await page.getByRole("link", { name: "Add a cat" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Tofu");
  await page.getByLabel("Sex").selectOption({ label: "Male" });
  await page.getByLabel("Spayed or neutered").selectOption({ label: "Not sure" });
  await page.getByLabel("Or approximate age (years)").fill("3");
  await page.getByRole("button", { name: "Add cat" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tofu is saved." })).toBeVisible();
  const tofu = catCard(page, "Tofu");
  await expect(tofu).toContainText("Male · about 3 years old");
  await expect(tofu.getByText("Spayed/neutered status needed")).toBeVisible();
  await expectNoAxeViolations(page);

  // Edit Tofu: the form shows what was saved; the change shows on the list.
  await tofu.getByRole("link", { name: "Edit Tofu" }).click();
  await expect(page.getByRole("heading", { name: "Edit Tofu" })).toBeVisible();
  await expect(page.getByLabel("Or approximate age (years)")).toHaveValue("3");
  // Another customer who has the address of Tofu's page finds nothing there.
  const stranger = await (await browser.newContext()).newPage();
  await signIn(stranger, { open: false });
  expect((await stranger.goto(page.url()))?.status()).toBe(404);
  await stranger.context().close();
  await page.getByLabel("Spayed or neutered").selectOption({ label: "Yes" });
  await page.getByLabel("Breed (optional)").fill("Siamese");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tofu is saved." })).toBeVisible();
  await expect(catCard(page, "Tofu")).toContainText("Siamese · Male · about 3 years old");
  await expect(catCard(page, "Tofu").getByText("Spayed/neutered status needed")).toHaveCount(0);

  // Miso's medications were kept; then Miso is archived, with a confirmation first.
  await catCard(page, "Miso").getByRole("link", { name: "Edit Miso" }).click();
  await expect(page.getByLabel("Medication 1", { exact: true })).toHaveValue("Methimazole");
  await expect(page.getByLabel("Medication 2", { exact: true })).toHaveValue("Probiotic");
  await page.getByText("Archive Miso…").click();
  await page.getByRole("button", { name: "Yes, archive Miso" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Miso is archived. Past stays keep their record." })).toBeVisible();
  await expect(catCard(page, "Miso")).toHaveCount(0);
  await expect(catCard(page, "Tofu")).toHaveCount(1);
});

test("before JavaScript runs, the household and a new cat still save and say so", async ({ browser, page, signIn }) => {
  await signIn(page);
  const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto("/account");
  await noJs.getByLabel("Your name").fill("Sam Lee");
  await noJs.getByLabel("Mobile phone").fill("(714) 249-1234");
  await noJs.getByRole("button", { name: "Save household" }).click();
  await expect(noJs.getByRole("status").filter({ hasText: "Household saved" })).toBeVisible();
  await expect(noJs.getByLabel("Mobile phone")).toHaveValue("(714) 249-1234");

  await noJs.goto("/cats/new");
  await noJs.getByLabel("Name", { exact: true }).fill("Pepper");
  await noJs.getByLabel("Sex").selectOption({ label: "Male" });
  await noJs.getByLabel("Spayed or neutered").selectOption({ label: "Yes" });
  await noJs.getByLabel("Medication 1", { exact: true }).fill("Gabapentin");
  // The list's button is answered by the server: the page comes back with another row and what was typed.
  await noJs.getByRole("button", { name: "Add another medication" }).click();
  await expect(noJs.getByLabel("Name", { exact: true })).toHaveValue("Pepper");
  await noJs.getByLabel("Medication 2", { exact: true }).fill("Fish oil");
  await noJs.getByRole("button", { name: "Add cat" }).click();
  await expect(noJs.getByRole("status").filter({ hasText: "Pepper is saved." })).toBeVisible();
  await noJs.getByRole("link", { name: "Edit Pepper" }).click();
  await expect(noJs.getByLabel("Medication 2", { exact: true })).toHaveValue("Fish oil");
  await context.close();
});
