import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { weekdayOf } from "../app/domain/calendar";
import { customerWithVerifiedCats } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { takeOutOfService } from "./support/rooms";
import { expect, test } from "./support/own-server";

// Deposits on the simulated payment provider, each attempt on a server of its own: staff make a
// peak that asks a $40 deposit; a customer books it, pays on the simulated provider's page, is
// confirmed, and cancels inside the free window and is told the refund. With a short hold, an
// unpaid stay expires and the suite is free again. Dates are relative to today.

/** The first Monday at least `days` days from today (arrivals are open on Mondays). */
function mondayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 1) return d;
}

/** Staff: one suite left in service, and a peak over the stay's nights that asks a $40 deposit. */
async function peakWithDeposit(staff: Page, signIn: (page: Page, options: { as: "admin"; open?: boolean }) => Promise<string>, from: number) {
  const suffix = crypto.randomBytes(3).toString("hex");
  await signIn(staff, { as: "admin", open: false });
  await staff.goto("/admin/rooms");
  await expect(staff.getByRole("heading", { name: "Suites and rules", level: 1 })).toBeVisible();
  await expect(staff.locator("html[data-hydrated]")).toBeAttached();
  await takeOutOfService(staff, ["Cozy 1", "Cozy 2", "Cozy 3", "Cozy 4", "Cozy 5", "Cozy 6", "Deluxe 1", "Deluxe 2", "Deluxe 3", "Deluxe 4", "Loft 2"]);
  const name = `Deposit Peak ${suffix}`;
  const rule = staff.locator("#add-rule");
  await rule.getByLabel("Name (shown to customers)").fill(name);
  await rule.getByLabel("First day").fill(businessDayAhead(from).iso);
  await rule.getByLabel("Last day").fill(businessDayAhead(from + 6).iso);
  await rule.getByLabel("Free cancellation until (days before)").fill("7");
  await rule.getByLabel("Or a fixed deposit ($)").fill("40");
  await rule.getByRole("button", { name: "Add to the calendar" }).click();
  await expect(staff.getByText(`${name} added to the calendar`)).toBeVisible();
  await expect(staff.getByText("$40.00 deposit at booking")).toBeVisible();
}

/** From /book/stay to the review of a two-night stay for the cat, and its "Book and pay deposit". */
async function bookPeakStay(page: Page, cat: string, checkIn: number) {
  await page.goto("/book/stay");
  await page.getByLabel("Check-in date").fill(businessDayAhead(checkIn).iso);
  await page.getByLabel("Check-out date").fill(businessDayAhead(checkIn + 2).iso);
  await page.getByLabel(cat).check();
  await page.getByRole("button", { name: "See available suites" }).click();
  await expect(page.getByRole("heading", { name: "Choose a suite" })).toBeVisible();
  await page.getByRole("button", { name: "Review booking" }).click();
  await expect(page.getByRole("heading", { name: "Review and confirm" })).toBeVisible();
  await expect(page.getByText("Deposit due now: $40.00")).toBeVisible();
  await page.getByRole("button", { name: "Book and pay deposit" }).click();
  await expect(page.getByText("Simulated payment provider — no card is charged")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pay your deposit" })).toBeVisible();
}

test("a peak stay asks a deposit, the simulated provider takes it, and cancelling in the free window refunds it", async ({
  browser,
  page: staff,
  signIn,
  ownServer,
}) => {
  test.setTimeout(300_000);
  const checkIn = mondayAhead(30);
  await peakWithDeposit(staff, signIn, checkIn);
  const cat = `Miso ${crypto.randomBytes(3).toString("hex")}`;
  const { page } = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [cat]);

  await bookPeakStay(page, cat, checkIn);
  await page.getByRole("button", { name: "Pay $40.00" }).click();
  await expect(page.getByText("Thank you: your deposit of $40.00 is paid and your stay is confirmed.")).toBeVisible();
  const card = page.getByRole("list", { name: "Upcoming stays" }).locator("> li");
  await expect(card.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(card.getByText("Deposit paid: $40.00")).toBeVisible();

  // Staff see the deposit on the desk and give $10 back by hand.
  await staff.goto("/admin/stays");
  const deposit = staff.getByRole("list", { name: "Paid deposits and balances" }).locator("> li").filter({ hasText: "Ana Ruiz" });
  await expect(deposit.getByText("Paid $40.00", { exact: false })).toBeVisible();
  await deposit.getByLabel("Refund amount ($, up to $40.00)").fill("10");
  await deposit.getByRole("button", { name: "Refund" }).click();
  await expect(staff.getByText("$10.00 refunded")).toBeVisible();
  await expect(deposit.getByText("$10.00, refunded by staff", { exact: false })).toBeVisible();

  // The customer cancels inside the free window: the rest of the deposit goes back.
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await card.getByText("Cancel this stay").click();
  await expect(card.getByText("Cancelling today is free.")).toBeVisible();
  await expect(card.getByText("$30.00 goes back to your card: the rest of your deposit.")).toBeVisible();
  await card.getByRole("button", { name: "Yes, cancel stay" }).click();
  await expect(page.getByText("Stay cancelled. — No fee applies. We will refund $30.00 to your card.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Deposit paid: $40.00 · Refunded: $40.00")).toBeVisible();
});

test.describe("an unpaid hold", () => {
  // The hold is the default 30 minutes; the test moves this spec's own server's clock past it
  // instead of waiting (TEST_CLOCK: POST /test/clock runs the job that releases unpaid holds).
  test.use({ ownServerEnv: { TEST_CLOCK: "1" } });

  test("expires and frees the suite for the next customer", async ({ browser, page: staff, signIn, ownServer }) => {
    test.setTimeout(300_000);
    const checkIn = mondayAhead(40);
    await peakWithDeposit(staff, signIn, checkIn);
    const [first, second] = [`Pip ${crypto.randomBytes(3).toString("hex")}`, `Tofu ${crypto.randomBytes(3).toString("hex")}`];
    const ana = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [first]);
    const ben = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [second]);

    // Ana leaves the payment page unpaid: the stay is held, deposit due.
    await bookPeakStay(ana.page, first, checkIn);
    await ana.page.goto("/trips");
    const card = ana.page.getByRole("list", { name: "Upcoming stays" }).locator("> li");
    await expect(card.getByText("Deposit due", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Pay deposit" })).toBeVisible();

    // Meanwhile the only suite is taken for those nights.
    await ben.page.goto("/book/stay");
    await ben.page.getByLabel("Check-in date").fill(businessDayAhead(checkIn).iso);
    await ben.page.getByLabel("Check-out date").fill(businessDayAhead(checkIn + 2).iso);
    await ben.page.getByLabel(second).check();
    await ben.page.getByRole("button", { name: "See available suites" }).click();
    await expect(ben.page.getByText("No suite is free for every one of those nights.")).toBeVisible();

    // Twenty-five minutes on, the hold still stands; past thirty it ends and the stay shows as expired.
    expect((await staff.request.post(`${ownServer.url}/test/clock`, { data: { advanceMinutes: 25 } })).ok()).toBe(true);
    await ana.page.reload();
    await expect(card.getByText("Deposit due", { exact: true })).toBeVisible();
    expect((await staff.request.post(`${ownServer.url}/test/clock`, { data: { advanceMinutes: 6 } })).ok()).toBe(true);
    await ana.page.reload();
    // Apart from the trips to come: the list of stays that will not take place.
    const ended = ana.page.getByRole("list", { name: "Cancelled stays" }).locator("> li");
    await expect(ended.getByText("Expired", { exact: true })).toBeVisible();
    await expect(ana.page.getByRole("button", { name: "Pay deposit" })).toHaveCount(0);

    // And the suite is free for Ben.
    await bookPeakStay(ben.page, second, checkIn);
  });
});
