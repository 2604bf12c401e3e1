import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { businessLocalToUtc } from "../app/lib/business-time";
import { expectNoAxeViolations } from "./support/axe";
import { customerWithVerifiedCats, expectStatus } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { bookStayByForm, checkInAtDesk, openEveryDay, releaseAndCheckOutUnpaid } from "./support/stays";
import { expect, test } from "./support/own-server";
import { screenshot } from "./support/screenshots";

// Money told truly (ADR 0182, 0193), on a server of its own (every day open; TEST_CLOCK, so the test
// moves its clock to the departure day): a stay checked out unpaid is owed on My Trips and paid later
// through a new card link on the (simulated) provider's page; a refund under the satisfaction
// guarantee then issues a credit note, which the desk lists and My Trips lists with the refund and the
// net paid, and whose downloaded PDF carries its number. The rules are tested in
// server/stays/credit-notes.db.test.ts and server/stays/owed.db.test.ts.

test.use({ ownServerEnv: { TEST_CLOCK: "1" } });

/** The text of a PDF the page downloads by clicking `link`, and the name it is saved under. */
async function downloaded(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync((await download.path())!).toString("latin1") };
}

test(
  "a balance left unpaid is paid later from My Trips, and a refund comes with its credit note",
  // At both widths: issue #42's acceptance walks the refund and its credit note on a phone as well.
  { tag: "@both-widths" },
  async ({ browser, page: staff, signIn, ownServer }) => {
    test.setTimeout(240_000);
    // Two nights: the first is free for a new household, the second is the bill.
    const [today, leaving] = [businessDayAhead(0), businessDayAhead(2)];
    await signIn(staff, { as: "admin", open: false });
    await openEveryDay(staff);

    // Today to the day after tomorrow, checked in at the desk.
    const cat = `Tofu ${crypto.randomBytes(3).toString("hex")}`;
    const customer = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [cat]);
    const page = customer.page;
    const stayId = await bookStayByForm(page, customer.catIds, today.iso, leaving.iso);
    const deskPage = await (await staff.request.get(`/admin/stays/${stayId}/check-in`)).text();
    const catId = /name="cats\[0\]\.catId" value="([0-9a-f-]{36})"/.exec(deskPage)![1]!;
    await checkInAtDesk(staff, stayId, [catId]);

    // The departure morning: released by a manager and checked out unpaid, "will pay by the card link tonight".
    const moved = await staff.request.post("/test/clock", {
      data: { advanceMinutes: Math.ceil((businessLocalToUtc(leaving.iso, "10:00").getTime() - Date.now()) / 60_000) },
    });
    await expectStatus(moved, 200, "move the clock to the departure morning");
    const due = await releaseAndCheckOutUnpaid(staff, { id: stayId, cat, releaseReason: "The owner forgot the code; ID checked", weightKg: "4.2" });

    // My Trips: what is owed, paid by card through a new link on the provider's page; then nothing is owed.
    await page.goto("/trips");
    await expect(page.getByRole("heading", { name: `Owed: ${due}` })).toBeVisible();
    await screenshot(page, "trips-owed");
    await page.getByRole("button", { name: `Pay ${due} by card` }).click();
    await expect(page.getByRole("heading", { name: "Pay your balance" })).toBeVisible();
    await page.getByRole("button", { name: `Pay ${due}` }).click();
    await expect(page.getByText("Thank you: the balance is paid").first()).toBeVisible();
    await page.goto("/trips");
    await expect(page.getByRole("heading", { name: /^Owed:/ })).toHaveCount(0);

    // The desk gives $10.00 back under the satisfaction guarantee: its credit note is on the Payments list.
    await staff.goto("/admin/stays");
    const guarantee = staff.getByRole("form", { name: `Satisfaction guarantee: ${cat}` });
    await guarantee.getByLabel("What went wrong").fill(`${cat} came home with a knotted coat`);
    await guarantee.getByLabel("Refund ($)").fill("10.00");
    await guarantee.getByRole("button", { name: "Refund under the guarantee" }).click();
    await expect(staff.getByText("$10.00 refunded under the satisfaction guarantee; the customer is told by e-mail").first()).toBeVisible();
    const payments = staff.getByRole("list", { name: "Paid deposits and balances" });
    const deskNote = payments.getByRole("link", { name: /^Credit note CN-\d{6}$/ });
    await expect(deskNote).toHaveCount(1);
    const number = /CN-\d{6}/.exec((await deskNote.textContent())!)![0];
    await screenshot(staff, "desk-credit-note");

    // My Trips: the refund with its credit note and what is kept paid; the PDFs carry their numbers and name the household and cat.
    await page.goto("/trips");
    const past = page.getByRole("list", { name: "Past stays" });
    const paidCents = Math.round(Number(due.replace(/[$,]/g, "")) * 100);
    const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    await expect(past.getByText(`Paid: ${due} (balance ${due}) · Refunded: $10.00`)).toBeVisible();
    await expect(past.getByText(`$10.00: Satisfaction guarantee: ${cat} came home with a knotted coat`)).toBeVisible();
    await expect(past.getByText(`Net paid: ${money(paidCents - 1000)}`)).toBeVisible();
    // The guarantee is a concession: nothing is owed again (ADR 0182).
    await expect(page.getByRole("heading", { name: /^Owed:/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "trips-refunded");
    const note = await downloaded(page, past.getByRole("link", { name: `Credit note ${number} (PDF)` }));
    expect(note.name).toBe(`credit-note-${number}.pdf`);
    expect(note.text).toMatch(/^%PDF-/);
    expect(note.text).toContain(`(Credit note ${number}) Tj`);
    expect(note.text).toContain("(For: Ana Ruiz) Tj");
    expect(note.text).toContain(`(Cat: ${cat}) Tj`);
    expect(note.text).toMatch(/\(Refers to receipt R-\d{6}\.\) Tj/);
    const receipt = await downloaded(page, past.getByRole("link", { name: /^Receipt R-\d{6} \(PDF\)$/ }));
    expect(receipt.text).toContain(`(Cat: ${cat}) Tj`);
  },
);
