import crypto from "node:crypto";
import { customerWithVerifiedCats } from "./support/cats";
import { reviewStay, tuesdayAhead } from "./support/stays";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/auth";

// The first night free and its voucher, walked once (ADR 0150): a new customer claims the voucher,
// books three nights and sees "First night free" with the voucher accepted; the same household's next
// booking has no free night, and the same code is refused. The rules (one per household under a race,
// unknown, expired and another's codes) are tested on the database (server/stays/first-night-free.db.test.ts).

test("a new customer's first night is free once, and the voucher is accepted once", async ({ browser, page: staff, signIn, baseURL }) => {
  test.setTimeout(90_000);
  const cat = `Mochi ${crypto.randomBytes(3).toString("hex")}`;
  // Far ahead and spread out, so other tests' stays leave suites free; inside the FVRCP's 300 days.
  const tuesday = tuesdayAhead(150 + crypto.randomInt(100));
  await signIn(staff, { as: "admin", open: false });
  const { page, email } = await customerWithVerifiedCats(browser, baseURL!, signIn, staff, [cat]);

  // The voucher, claimed on the home page with the customer's own address.
  const claimedAt = Date.now() - 1000;
  await page.goto("/");
  await page.getByRole("button", { name: "Claim Your Free Night" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Claim Your Free Night" });
  await dialog.getByLabel("Full name").fill("Ana Ruiz");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Phone").fill("(949) 555-0142");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Send My Voucher" }).click();
  await expect(page.getByText("Your free night voucher is on its way!")).toBeVisible();
  const code = /FN-[A-Z0-9]{6}/.exec((await waitForMail(email, claimedAt)).text)![0];

  // The first booking: the first night's room free, the voucher quoted with it.
  const price = await reviewStay(page, cat, tuesday);
  const amount = (label: string) => price.getByRole("row").filter({ hasText: label }).getByRole("cell").last();
  await expect(amount("First night free")).toHaveText(/^−\$\d+\.\d\d$/);
  const free = (await amount("First night free").textContent())!;
  await page.getByLabel("Voucher code (optional)").fill(code);
  const bookedAt = Date.now() - 1000;
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your stay is confirmed." })).toBeVisible();
  expect((await waitForMail(email, bookedAt)).text).toContain(`First night free: ${free}`);

  // The next booking of the same household: no free night, and the code is refused, nothing booked.
  const again = await reviewStay(page, cat, tuesday + 7);
  await expect(again.getByRole("row").filter({ hasText: "Total" })).toBeVisible();
  await expect(again.getByRole("row").filter({ hasText: "First night free" })).toHaveCount(0);
  await page.getByLabel("Voucher code (optional)").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByText("That voucher has been used already.")).toBeVisible();
  await page.goto("/trips");
  await expect(page.getByRole("list", { name: "Upcoming stays" }).locator("> li")).toHaveCount(1);
});
