import crypto from "node:crypto";
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { businessLocalToUtc } from "../app/lib/business-time";
import { expectNoAxeViolations } from "./support/axe";
import { customerWithVerifiedCats, expectStatus } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { waitForMail } from "./support/mail";
import { bookStayByForm, checkInAtDesk, openEveryDay } from "./support/stays";
import { expect, test } from "./support/own-server";
import { screenshot } from "./support/screenshots";
import type { SignIn } from "./support/auth";

// Check-out is an invoice (ADR 0192), on a server of its own (every day open, the groomer every day;
// TEST_CLOCK, so the test moves its clock to the departure day): a one-night stay with a groom on its
// departure day; at check-out the desk adds the groom and a late-pickup fee to the bill (and removes a
// tip added by mistake), takes the balance in cash and checks out; the receipt (its mail and its PDF) lists both lines. The rules are
// tested in server/stays/bill.db.test.ts.

test.use({ ownServerEnv: { TEST_CLOCK: "1" } });

/** The groomer seeded with the site (migration 0009). */
const GROOMER = "7c2e4a10-3b5d-4f6e-8a71-2e1f0d3c4b01";

/** A one-night stay, today to tomorrow, booked by a new customer (with a groom on the departure day when asked), checked in, the clock moved to the departure day's evening. */
async function stayOnItsDepartureDay(browser: Browser, staff: Page, signIn: SignIn, url: string, { groom }: { groom: boolean }) {
  const [today, leaving] = [businessDayAhead(0), businessDayAhead(1)];
  await signIn(staff, { as: "admin", open: false });
  await openEveryDay(staff);
  if (groom) {
    const week: Record<string, string> = { intent: "week", groomerId: GROOMER };
    for (let d = 0; d < 7; d++) Object.assign(week, { [`from${d}`]: "00:00", [`to${d}`]: "23:30" });
    await expectStatus(await staff.request.post("/admin/grooming", { form: week }), 200, "the groomer works every day");
  }

  const cat = `Miso ${crypto.randomBytes(3).toString("hex")}`;
  const customer = await customerWithVerifiedCats(browser, url, signIn, staff, [cat]);
  const page = customer.page;
  const stayId = await bookStayByForm(page, customer.catIds, today.iso, leaving.iso);
  if (groom) {
    await page.goto(`/book/groom?stay=${stayId}`);
    await page.getByRole("button", { name: "See free times" }).click();
    await page.getByRole("list", { name: "Free start times" }).getByRole("radio").first().check();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page).toHaveURL(/\/appointments\?booked=/);
  }

  const deskPage = await (await staff.request.get(`/admin/stays/${stayId}/check-in`)).text();
  const catId = /name="cats\[0\]\.catId" value="([0-9a-f-]{36})"/.exec(deskPage)![1]!;
  await checkInAtDesk(staff, stayId, [catId]);

  // The departure day, after the groom.
  const moved = await staff.request.post("/test/clock", {
    data: { advanceMinutes: Math.ceil((businessLocalToUtc(leaving.iso, "23:00").getTime() - Date.now()) / 60_000) },
  });
  await expectStatus(moved, 200, "move the clock to the departure day");
  return { cat, customer, stayId, leaving };
}

test("the desk adds a late-pickup fee and the stay's groom to the bill; the receipt shows them", async ({ browser, page: staff, signIn, ownServer }) => {
  test.setTimeout(240_000);
  const { cat, customer, stayId, leaving } = await stayOnItsDepartureDay(browser, staff, signIn, ownServer.url, { groom: true });
  const page = customer.page;

  await staff.goto(`/admin/stays/${stayId}/check-out`);
  const bill = staff.locator("section", { has: staff.getByRole("heading", { name: "Bill", exact: true }) });
  await expect(bill.getByRole("heading", { name: "Grooms during the stay" })).toBeVisible();
  await bill.getByRole("button", { name: "Add the groom to the bill" }).click();
  await expect(staff.getByText(/^Groom: Full Grooming, .*: \$85\.00 added to the bill$/).first()).toBeVisible();
  await expect(bill.getByText("On the bill")).toBeVisible();

  await bill.getByLabel("Kind of line").selectOption({ label: "Late pickup" });
  await bill.getByLabel(/^Description/).fill("Collected after closing");
  await bill.getByLabel(/^Amount/).fill("-25");
  await bill.getByRole("button", { name: "Add to the bill" }).click();
  await expect(bill.getByText("Enter the amount in dollars, like 25 or 25.50")).toBeVisible();
  await bill.getByLabel(/^Amount/).fill("25");
  await bill.getByRole("button", { name: "Add to the bill" }).click();
  await expect(staff.getByText("Late pickup: Collected after closing: $25.00 added to the bill").first()).toBeVisible();
  const table = bill.getByRole("table", { name: "Bill" });
  await expect(table.getByRole("row", { name: /Late pickup: Collected after closing \$25\.00/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Groom: Full Grooming/ })).toBeVisible();
  // A line added by mistake is removed before check-out (ADR 0199).
  await bill.getByLabel("Kind of line").selectOption({ label: "Tip" });
  await bill.getByLabel(/^Description/).fill("");
  await bill.getByLabel(/^Amount/).fill("5");
  await bill.getByRole("button", { name: "Add to the bill" }).click();
  await expect(staff.getByText("Tip: $5.00 added to the bill").first()).toBeVisible();
  await bill.getByRole("button", { name: "Remove Tip from the bill" }).click();
  await expect(staff.getByText("Tip: $5.00 removed from the bill").first()).toBeVisible();
  await expect(table.getByRole("row", { name: /^Tip/ })).toHaveCount(0);
  await expectNoAxeViolations(staff);
  await screenshot(staff, "check-out-bill");
  // Nothing spills sideways.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Released by a manager, the balance in cash (the lines included), weighed, checked out.
  await staff.getByLabel("Release without a code (manager)").check();
  await staff.getByLabel("Reason", { exact: true }).fill("The owner came with ID");
  await staff.getByRole("button", { name: "Release", exact: true }).click();
  await expect(staff.getByText(/Released without a code by a manager's override/)).toBeVisible();
  const balance = staff.getByRole("group", { name: `Balance: ${cat} (Ana Ruiz)` });
  const due = /Balance due: (\$[\d,.]+)/.exec((await balance.getByText(/^Balance due:/).textContent())!)![1]!;
  await balance.getByRole("button", { name: "Record cash" }).click();
  await expect(balance.getByText(`Nothing is due · Balance paid: ${due} (cash)`)).toBeVisible();
  await staff.getByLabel(`Weight at departure (kg) for ${cat}`).fill("4.1");
  const since = Date.now() - 1000;
  await staff.getByRole("button", { name: "Check out", exact: true }).click();
  await expect(staff.getByText("Checked out; the receipt is e-mailed to the customer").first()).toBeVisible();
  await expect(staff.getByRole("table", { name: "Bill" }).getByRole("row", { name: /Late pickup: Collected after closing \$25\.00/ })).toBeVisible();
  await screenshot(staff, "checked-out-bill");
  // The desk's day lists the groom, collected by the stay's bill.
  await staff.goto(`/admin/stays?date=${leaving.iso}`);
  await expect(staff.getByRole("list", { name: "Grooms of the day" }).getByText(/which collects it/)).toBeVisible();
  await screenshot(staff, "desk-grooms");

  // The receipt: its mail and its PDF list the groom and the fee.
  const mail = await waitForMail(customer.email, since, 30_000);
  expect(mail.subject).toMatch(/^Your receipt R-\d{6}:/);
  expect(mail.text).toContain("Late pickup: Collected after closing: $25.00");
  expect(mail.text).toMatch(/Groom: Full Grooming, [^:]+: \$85\.00/);
  expect(mail.text).toContain(`Balance paid, cash: ${due}`);
  await page.goto("/trips");
  const number = /R-\d{6}/.exec(mail.subject)![0];
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Receipt ${number} (PDF)` }).click()]);
  const pdf = fs.readFileSync((await download.path())!).toString("latin1");
  expect(pdf).toContain("(Late pickup: Collected after closing) Tj");
  expect(pdf).toMatch(/\(Groom: Full Grooming, [^)]+\) Tj/);
  await screenshot(page, "trips-receipt");
});

// At 375 px, what the width changes: the check-out page with lines on its bill (a tablet or phone at
// the desk) fits, nothing spilling sideways. The groom's line, the release and the receipt are the
// same at every width: the test above checks them.
test("on a phone the check-out page with its bill fits the screen", { tag: "@phone" }, async ({ browser, page: staff, signIn, ownServer }) => {
  test.setTimeout(180_000);
  const { stayId } = await stayOnItsDepartureDay(browser, staff, signIn, ownServer.url, { groom: false });
  await staff.goto(`/admin/stays/${stayId}/check-out`);
  const bill = staff.locator("section", { has: staff.getByRole("heading", { name: "Bill", exact: true }) });
  await bill.getByLabel("Kind of line").selectOption({ label: "Late pickup" });
  await bill.getByLabel(/^Description/).fill("Collected after closing");
  await bill.getByLabel(/^Amount/).fill("25");
  await bill.getByRole("button", { name: "Add to the bill" }).click();
  await expect(bill.getByRole("table", { name: "Bill" }).getByRole("row", { name: /Late pickup: Collected after closing \$25\.00/ })).toBeVisible();
  await expectNoAxeViolations(staff);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "nothing spills sideways").toBe(true);
  await screenshot(staff, "check-out-bill-phone");
});
