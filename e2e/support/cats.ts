import { type APIResponse, type Browser, type Locator, type Page, expect } from "@playwright/test";
import { businessDayAhead } from "./dates";
import sharp from "sharp";
import { testPdf } from "../../server/testing/certificates";
import type { SignIn } from "./auth";
import { formToken } from "./form-token";

/** What a customer does on My Cats, for the specs that need cats with vaccine records. The files are made here. */

export const catPhoto = async (colour: string) => ({
  name: "cat.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 480, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer(),
});
export const certificate = (name: string) => ({ name, mimeType: "application/pdf", buffer: testPdf(name) });

export const catCard = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Your cats" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
export const recordOf = (page: Page, vaccine: string) =>
  page
    .getByRole("list", { name: "Vaccine records" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: vaccine }) });

/** Fills the household on /account (a name and a mobile are what a stay needs). */
export async function fillHousehold(page: Page) {
  await page.goto("/account");
  const household = page.getByRole("region", { name: "Household" });
  await household.getByLabel("Your name").fill("Ana Ruiz");
  await household.getByLabel("Mobile phone").fill("(949) 249-1234");
  await household.getByRole("button", { name: "Save household" }).click();
  await expect(page.getByText("Household saved")).toBeVisible();
}

/** Adds a cat from /cats, with a photo when a colour is given. */
export async function addCat(page: Page, name: string, colour?: string) {
  await page.getByRole("link", { name: "Add a cat" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Sex").selectOption({ label: "Female" });
  await page.getByLabel("Spayed or neutered").selectOption({ label: "Yes" });
  await page.getByLabel("Or approximate age (years)").fill("4");
  if (colour) await page.getByLabel("Photo (optional)").setInputFiles(await catPhoto(colour));
  await page.getByRole("button", { name: "Add cat" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} is saved.` })).toBeVisible();
  if (colour) await expect(catCard(page, name).locator("img")).toBeVisible();
}

/** Uploads an FVRCP certificate on the cat's page. */
export async function uploadFvrcp(page: Page, expiresOn: string, file: string) {
  const form = page.locator("#upload-record");
  await form.getByLabel("Vaccine").selectOption({ label: "FVRCP" });
  await form.getByLabel("Expiry date on the certificate").fill(expiresOn);
  await form.getByLabel("Certificate", { exact: true }).setInputFiles(certificate(file));
  await form.getByRole("button", { name: "Upload record" }).click();
  await expect(page.getByRole("status").filter({ hasText: "FVRCP record uploaded." })).toBeVisible();
  await expect(recordOf(page, "FVRCP").getByText("Awaiting review", { exact: true })).toBeVisible();
}

/** A record in the staff's Documents queue. */
export const queuedRecord = (page: Page, catName: string): Locator => page.getByRole("listitem", { name: `${catName}: FVRCP` });

/** A form action's answer, failing the test with the page's words when it is not `status`. */
export async function expectStatus(response: APIResponse, status: number, what: string) {
  expect(response.status(), `${what}: ${response.status()} ${(await response.text()).slice(0, 2000)}`).toBe(status);
}

/*
 * Set-up for the specs that test what comes after a household and its cats exist: the same route
 * actions the pages' forms post to, posted as those forms post them (field names, `intent`, a real
 * file), with the signed-in page's cookies, on the real server. Walking those pages cost seconds per
 * customer; my-cats.spec.ts and vaccine-records.spec.ts walk them.
 */

/** The household form of /account: a name and a mobile are what a stay needs. */
export async function saveHouseholdByForm(page: Page, household: { name: string; mobilePhone: string } = { name: "Ana Ruiz", mobilePhone: "(949) 249-1234" }) {
  await expectStatus(await page.request.post("/account", { form: household }), 200, "save the household");
}

/** Add a cat (/cats/new), as its form posts it; resolves with the new cat's id. */
export async function addCatByForm(page: Page, name: string): Promise<string> {
  // The action answers with a redirect to /cats?saved=<the new cat's id>.
  const added = await page.request.post("/cats/new", {
    multipart: { intent: "save", formToken: formToken(), name, sex: "female", spayedNeutered: "yes", approximateAge: "4" },
    maxRedirects: 0,
  });
  await expectStatus(added, 302, `add ${name}`);
  const catId = new URL(added.headers()["location"]!, "http://localhost").searchParams.get("saved");
  expect(catId, `the redirect after adding ${name}`).toBeTruthy();
  return catId!;
}

/**
 * A new customer in a browser context of their own (on `baseURL`, the staff page's viewport), with
 * their household and cats whose FVRCP records `staff` (signed in as admin) has verified: the
 * household form, Add a cat, the cat page's "Upload record" with a real PDF, the Documents queue's
 * Verify, each posted to its action (walking those pages cost 8-15 s per customer).
 */
export async function customerWithVerifiedCats(browser: Browser, baseURL: string, signIn: SignIn, staff: Page, names: string[]) {
  const context = await browser.newContext({ baseURL, viewport: staff.viewportSize() });
  const page = await context.newPage();
  // The page stays blank: every caller opens its own next.
  const email = await signIn(page, { open: false });
  await saveHouseholdByForm(page);
  const catIds: string[] = [];
  for (const name of names) {
    const catId = await addCatByForm(page, name);
    catIds.push(catId);
    // Upload answers with a redirect to the cat's page, whose record links name the record.
    const uploaded = await page.request.post(`/cats/${catId}`, {
      multipart: {
        intent: "upload-record",
        formToken: formToken(),
        vaccine: "fvrcp",
        expiresOn: businessDayAhead(300).iso,
        document: certificate(`${name}.pdf`),
      },
    });
    await expectStatus(uploaded, 200, `upload ${name}'s FVRCP`);
    const recordId = /\/vaccine-records\/([0-9a-f-]+)\/document/.exec(await uploaded.text())?.[1];
    expect(recordId, `${name}'s page links its record`).toBeDefined();
    const verified = await staff.request.post("/admin/documents", { form: { intent: "verify", recordId: recordId!, expiresOn: businessDayAhead(300).iso } });
    await expectStatus(verified, 200, `verify ${name}'s FVRCP`);
  }
  return { page, email, catIds };
}
