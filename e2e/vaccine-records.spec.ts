import crypto from "node:crypto";
import { expect, test } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { weekdayOf } from "../app/domain/calendar";
import { businessDayAhead } from "./support/dates";
import { addCat, catCard, certificate, fillHousehold, queuedRecord as queued, recordOf, uploadFvrcp } from "./support/cats";
import { waitForMail } from "./support/mail";

// A customer's cats with photos and FVRCP certificates; staff verify one and reject the other in
// the Documents queue; the customer sees both outcomes and uploads again.

test("a customer uploads certificates, staff verify one and reject the other, the customer sees both and uploads again", async ({ browser, page, signIn }) => {
  test.slow();
  const suffix = crypto.randomBytes(3).toString("hex");
  const [miso, tofu] = [`Miso ${suffix}`, `Tofu ${suffix}`];
  const email = await signIn(page, { open: false });

  await fillHousehold(page);

  await page.goto("/cats");
  await addCat(page, miso, "#c08040");
  await addCat(page, tofu, "#404040");
  // My Cats' list of cards is scanned in my-cats.spec.ts.
  await expect(catCard(page, miso).getByText("FVRCP record needed")).toBeVisible();

  // Miso: a date ten years out is refused before anything is sent; a real one is accepted.
  await catCard(page, miso)
    .getByRole("link", { name: `Edit ${miso}` })
    .click();
  await expect(page.getByRole("heading", { name: miso, level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: miso, exact: true })).toBeVisible();
  await expect(recordOf(page, "FVRCP").getByText("No record", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const form = page.locator("#upload-record");
  await form.getByLabel("Expiry date on the certificate").fill(businessDayAhead(3650).iso);
  await form.getByLabel("Certificate", { exact: true }).setInputFiles(certificate("miso-fvrcp.pdf"));
  await form.getByRole("button", { name: "Upload record" }).click();
  await expect(form.getByText(/Vaccines last at most 3 years/)).toBeVisible();
  // A record on the cat's page is scanned below, rejected with its reason.
  await uploadFvrcp(page, businessDayAhead(300).iso, "miso-fvrcp.pdf");

  await page.getByRole("link", { name: "My Cats" }).click();
  await catCard(page, tofu)
    .getByRole("link", { name: `Edit ${tofu}` })
    .click();
  await uploadFvrcp(page, businessDayAhead(200).iso, "tofu-fvrcp.pdf");
  await page.getByRole("link", { name: "My Cats" }).click();
  await expect(catCard(page, miso).getByText("FVRCP awaiting review")).toBeVisible();
  await expect(catCard(page, tofu).getByText("FVRCP awaiting review")).toBeVisible();

  // Planning a stay that ends after Tofu's certificate does: shown as not covering it (a record awaiting review counts for planning).
  let checkIn = 190;
  while (weekdayOf(businessDayAhead(checkIn).iso) !== 1) checkIn++;
  await page.goto("/book/stay");
  await page.getByLabel("Check-in date").fill(businessDayAhead(checkIn).iso);
  await page.getByLabel("Check-out date").fill(businessDayAhead(checkIn + 14).iso);
  await page.getByLabel(miso).check();
  await page.getByLabel(tofu).check();
  await page.getByRole("button", { name: "See available suites" }).click();
  await expect(page.getByRole("alert").getByText(new RegExp(`^${tofu}: FVRCP expires .*, before check-out\\.`))).toBeVisible();
  await expect(page.getByRole("alert").getByText(new RegExp(`^${miso}:`))).toHaveCount(0);
  await page.goto("/cats");

  // Staff: verify Miso's certificate, reject Tofu's with a reason (required).
  const staffContext = await browser.newContext({ viewport: page.viewportSize() });
  const staff = await staffContext.newPage();
  await signIn(staff, { as: "admin", open: false });
  await staff.goto("/admin");
  await staff.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Vaccine records" }).click();
  await expect(staff.getByRole("heading", { name: "Vaccine records", level: 1 })).toBeVisible();
  await expect(queued(staff, miso).locator("iframe")).toHaveAttribute("src", /\/vaccine-records\/[0-9a-f-]+\/document$/);
  await expectNoAxeViolations(staff);
  await queued(staff, miso)
    .getByRole("button", { name: `Verify ${miso}'s FVRCP record` })
    .click();
  await expect(staff.getByText(`${miso}'s FVRCP record is verified`)).toBeVisible();
  await expect(queued(staff, miso)).toHaveCount(0);
  await queued(staff, tofu)
    .getByRole("button", { name: `Reject ${tofu}'s FVRCP record` })
    .click();
  await expect(queued(staff, tofu).getByText("Tell the customer why the record can't be accepted")).toBeVisible();
  const rejectedAt = Date.now() - 1000;
  await queued(staff, tofu).getByLabel(`Reason for rejecting ${tofu}'s FVRCP record`).fill("The certificate is for another cat.");
  await queued(staff, tofu)
    .getByRole("button", { name: `Reject ${tofu}'s FVRCP record` })
    .click();
  await expect(staff.getByText(`${tofu}'s FVRCP record is rejected`)).toBeVisible();
  await expect(queued(staff, tofu)).toHaveCount(0);
  // The vaccine policy lives in Content, beside the texts that state it.
  await staff.goto("/admin/content?section=vaccines");
  await expect(staff.getByLabel("FVRCP")).toHaveValue("required");
  await expectNoAxeViolations(staff);
  await staffContext.close();

  // The customer hears of the rejection, with the reason and the way back to the form.
  const mail = await waitForMail(email, rejectedAt);
  expect(mail.subject).toBe(`${tofu}'s FVRCP record needs another look`);
  expect(mail.text).toContain("The certificate is for another cat.");
  const uploadLink = /https?:\/\/\S+\/cats\/[0-9a-f-]+\?vaccine=fvrcp#upload-record/.exec(mail.text)?.[0];
  expect(uploadLink).toBeDefined();

  await page.reload();
  await expect(catCard(page, miso).getByText("Ready to book")).toBeVisible();
  await expect(catCard(page, tofu).getByText("FVRCP record needed")).toBeVisible();
  await catCard(page, miso)
    .getByRole("link", { name: `Edit ${miso}` })
    .click();
  await expect(recordOf(page, "FVRCP").getByText("Verified", { exact: true })).toBeVisible();

  await page.goto(new URL(uploadLink!).pathname + new URL(uploadLink!).search);
  await expect(recordOf(page, "FVRCP").getByText("Rejected", { exact: true })).toBeVisible();
  await expect(recordOf(page, "FVRCP")).toContainText("Not accepted: The certificate is for another cat.");
  await expectNoAxeViolations(page);
  await uploadFvrcp(page, businessDayAhead(250).iso, "tofu-fvrcp-again.pdf");
  await expect(recordOf(page, "FVRCP")).not.toContainText("Not accepted");
});
