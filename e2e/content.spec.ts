import type { Page } from "@playwright/test";
import { expect, test } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { revertContent } from "./support/content";

// Other specs read the home page on the same server and assert the main phone number and the
// services' short descriptions, so this one edits texts nobody else asserts (the grooming phone
// and a long description), runs once (desktop), and always puts the original texts back.
test.describe.configure({ mode: "serial" });

const GROOMING_DEFAULT = "(949) 555-0101";
const GROOMING_NEW = "(949) 555-0177";
const ADOPTION_DEFAULT = "We partner with local rescues";
const ADOPTION_NEW = "Adoption days every Saturday with our rescue partners (e2e edit).";

const helpSection = (page: Page) => page.locator("#help");
const servicesSection = (page: Page) => page.locator("#services");

async function revertAll(page: Page) {
  for (const key of ["business", "services", "style"] as const) await revertContent(page.request, key);
}

test("an admin edits, previews, publishes and reverts; visitors see each published state at once", async ({ page, browser, signIn }) => {
  test.slow();
  const admin = await signIn(page, { as: "admin", open: false });
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  try {
    // The business profile: a draft, its preview (admin only), then publish.
    await page.goto("/admin/content");
    await expect(page.getByRole("heading", { name: "Business profile" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Grooming phone").fill(GROOMING_NEW);
    await page.getByRole("button", { name: "Save draft & preview" }).click();
    const previewLink = page.getByRole("link", {
      name: /^Preview draft #\d+$/,
    });
    await expect(previewLink).toBeVisible();
    const previewUrl = (await previewLink.getAttribute("href"))!;

    const previewPage = await page.context().newPage();
    await previewPage.goto(previewUrl);
    await expect(previewPage.getByText(/Preview of draft #\d+ — not published/)).toBeVisible();
    await expect(helpSection(previewPage).getByRole("link", { name: GROOMING_NEW })).toHaveAttribute("href", "tel:+19495550177");
    await previewPage.close();

    // The draft is not live, and a visitor cannot use the preview parameter.
    await visitor.goto(previewUrl);
    await expect(visitor.getByText(/Preview of draft/)).toHaveCount(0);
    await expect(helpSection(visitor).getByRole("link", { name: GROOMING_DEFAULT })).toBeVisible();

    await page.getByRole("button", { name: /^Publish draft #\d+$/ }).click();
    await expect(page.getByText("Draft published — the public pages show it now")).toBeVisible();
    await visitor.goto("/");
    await expect(helpSection(visitor).getByRole("link", { name: GROOMING_NEW })).toHaveAttribute("href", "tel:+19495550177");

    // A service's description, published straight from the form.
    await page.goto("/admin/content?section=services");
    await page.getByLabel("Cat Adoption: long description").fill(ADOPTION_NEW);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published — the public pages show it now")).toBeVisible();
    await visitor.goto("/");
    await expect(servicesSection(visitor).getByText(ADOPTION_NEW)).toBeVisible();

    // The history says who and when; reverting restores the original texts for visitors.
    await expect(page.getByRole("region", { name: "History" }).getByText(admin).first()).toBeVisible();
    await page.getByRole("button", { name: "Revert to original texts" }).click();
    await expect(page.getByLabel("Cat Adoption: long description")).toHaveValue(new RegExp(`^${ADOPTION_DEFAULT}`));
    await page.goto("/admin/content?section=business");
    await page.getByRole("button", { name: "Revert to original texts" }).click();
    await expect(page.getByLabel("Grooming phone")).toHaveValue(GROOMING_DEFAULT);
    await visitor.goto("/");
    await expect(helpSection(visitor).getByRole("link", { name: GROOMING_DEFAULT })).toBeVisible();
    await expect(servicesSection(visitor).getByText(ADOPTION_DEFAULT)).toBeVisible();
    await expect(servicesSection(visitor).getByText(ADOPTION_NEW)).toHaveCount(0);

    // The style editor refuses values outside the spec's bounds, in the form and at the API.
    await page.goto("/admin/content?section=style");
    const headings = page.getByRole("group", { name: "Section headings" });
    await headings.getByLabel(/Use a custom style/).check();
    await headings.getByLabel(/^Font size/).fill("80");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(headings.getByText("Font size must be between 10 and 72")).toBeVisible();
    await headings.getByLabel(/^Font size/).fill("40");
    await headings.getByLabel(/^Letter spacing/).fill("10.5");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(headings.getByText("Letter spacing must be between -2 and 10")).toBeVisible();
  } finally {
    await revertAll(page);
    await visitorContext.close();
  }
});
