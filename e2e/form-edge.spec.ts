import { expect, test } from "./support/auth";
import { screenshot } from "./support/screenshots";

// A hand-made post with a list far past its last row (issue #41): the cat page answers at once with
// the form, its error, and no more medication rows than the form takes.

// At 1280 px only: the refusal and the number of rows are the same at every width.
test("a cat page posted with medications[9999] shows the form with its error and at most 10 rows", async ({ page, signIn }) => {
  await signIn(page, { open: false });
  await page.goto("/cats/new");
  await page.getByLabel("Name", { exact: true }).fill("Miso");
  await page.getByLabel("Sex").selectOption({ label: "Female" });
  await page.getByLabel("Spayed or neutered").selectOption({ label: "Yes" });
  await page.getByRole("button", { name: "Add cat" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Miso is saved." })).toBeVisible();
  await page.getByRole("link", { name: "Edit Miso" }).click();
  await expect(page.getByRole("heading", { name: "Edit Miso" })).toBeVisible();

  // A form the page never renders, submitted natively: a document POST, as without JavaScript.
  const started = Date.now();
  await Promise.all([
    page.waitForLoadState("load"),
    page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = location.pathname;
      for (const [name, value] of [
        ["intent", "save"],
        ["name", "Miso"],
        ["medications[9999].name", "x"],
      ]) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name!;
        input.value = value!;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }),
  ]);
  const refusal = page.getByText("This form sent more rows than it takes (at most 10). Reload the page and try again.").first();
  await expect(refusal).toBeVisible();
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(await page.getByLabel(/^Medication \d+$/).count()).toBeLessThanOrEqual(10);
  await refusal.scrollIntoViewIfNeeded();
  await screenshot(page, "form-edge");
});
