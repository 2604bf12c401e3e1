import crypto from "node:crypto";
import { customerWithVerifiedCats, saveHouseholdByForm } from "./support/cats";
import { openEveryDay, reviewStay, tuesdayAhead } from "./support/stays";
import { expect, test } from "./support/own-server";

// A referral, walked once (ADR 0153): the referrer's link on /account, a friend who signs up through
// it and stays (checked in and out at the desk, on a server of its own whose every day is open), and
// the referrer's next booking, whose review has the "Referral credit". The rules (once per friend, returned, expired, self-referral) are tested
// on the database (server/referrals/referrals.db.test.ts).

test("a friend who signs up through the referral link and stays earns the referrer a credit on the next booking", async ({
  browser,
  page: staff,
  signIn,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const suffix = crypto.randomBytes(3).toString("hex");
  const [mochi, pepper] = [`Mochi ${suffix}`, `Pepper ${suffix}`];
  // The referrer's next booking is far ahead, inside the FVRCP's 300 days; the friend's stay arrives
  // today (this server opens every day), the only day the desk checks it in.
  const tuesday = tuesdayAhead(150 + crypto.randomInt(100));
  await signIn(staff, { as: "admin", open: false });
  await openEveryDay(staff);

  // The referrer's link, as text on /account.
  const referrer = await customerWithVerifiedCats(browser, baseURL!, signIn, staff, [mochi]);
  await referrer.page.goto("/account");
  const section = referrer.page.getByRole("region", { name: "Refer a friend" });
  await expect(section.getByRole("button", { name: "Copy link" })).toBeVisible();
  const link = (await section.getByTestId("referral-link").textContent())!.trim();
  expect(link).toMatch(/\/refer\/[0-9a-f]{16}$/);

  // The friend opens it, signs up, and has a household (a number of their own) and a cat.
  const friend = await customerWithVerifiedCats(
    browser,
    baseURL!,
    async (page) => {
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "A friend invited you" })).toBeVisible();
      return signIn(page);
    },
    staff,
    [pepper],
  );
  await saveHouseholdByForm(friend.page, { name: "Ben Ortiz", mobilePhone: "(949) 555-0142" });
  await (await reviewStay(friend.page, pepper, 0)).waitFor();
  await friend.page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(friend.page.getByRole("status").filter({ hasText: "Your stay is confirmed." })).toBeVisible();

  // The desk checks the friend in on arrival day, and out on departure day.
  await staff.goto("/admin/stays");
  await staff.getByRole("link", { name: `Check in: ${pepper} (Ben Ortiz)` }).click();
  await staff.getByLabel(`Weight (kg) for ${pepper}`).fill("4.2");
  await staff.getByLabel("Reason to check in without the signed agreement").fill("Signed on paper at the desk");
  await staff.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(staff.getByRole("link", { name: "Suite card" })).toBeVisible();
  await staff.getByRole("link", { name: "Check out" }).click();
  // The desk takes the balance first: a stay with a balance due checks out only with a reason.
  await staff
    .getByRole("group", { name: `Balance: ${pepper} (Ben Ortiz)` })
    .getByRole("button", { name: "Record cash" })
    .click();
  await expect(staff.getByText(/^Nothing is due/)).toBeVisible();
  // The friend collects Pepper without a code (this server's clock is not on the departure day's morning): a manager's release.
  await staff.getByLabel("Release without a code (manager)").check();
  await staff.getByLabel("Reason", { exact: true }).fill("The owner called; she collects in person");
  await staff.getByRole("button", { name: "Release", exact: true }).click();
  await expect(staff.getByText(/^Released without a code by a manager's override/)).toBeVisible();
  await staff.getByLabel(`Weight at departure (kg) for ${pepper}`).fill("4.2");
  await staff.getByRole("button", { name: "Check out", exact: true }).click();
  await expect(staff.getByText("Checked out; the receipt is e-mailed to the customer").first()).toBeVisible();

  // The referrer's next booking: one night off as its own line, worth the first night (as the new customer's first night free is).
  await referrer.page.goto("/account");
  await expect(section.getByTestId("referral-credits")).toContainText("Free nights earned: 1.");
  const price = await reviewStay(referrer.page, mochi, tuesday + 7);
  const amount = (label: string) => price.getByRole("row").filter({ hasText: label }).getByRole("cell").last();
  await expect(amount("Referral credit")).toHaveText(/^−\$\d+\.\d\d$/);
  await expect(amount("Referral credit")).toHaveText((await amount("First night free").textContent())!);
});
