import crypto from "node:crypto";
import fs from "node:fs";
import { weekdayOf } from "../app/features/stays/model";
import { customerWithVerifiedCats } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/own-server";

// The balance at check-out (ADR 0154), on a server of its own (its peak asks a deposit): a customer
// pays a $40 deposit, staff check the stay in, take the rest in cash and check it out; the receipt
// mail arrives and the PDF on My Trips states the same total. The rules are tested in
// server/payments/balance.db.test.ts.

/** The first Monday at least `days` days from today (arrivals are open on Mondays). */
function mondayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 1) return d;
}

test(
  "the desk takes the balance in cash, checks out, and the receipt is mailed and on My Trips",
  { tag: "@both-widths" },
  async ({ browser, page: staff, signIn, ownServer }) => {
    test.setTimeout(240_000);
    const [checkIn, checkOut] = [businessDayAhead(mondayAhead(30)), businessDayAhead(mondayAhead(30) + 2)];
    await signIn(staff, { as: "admin" });
    await staff.goto("/admin/rooms");
    const rule = staff.locator("#add-rule");
    await rule.getByLabel("Name (shown to customers)").fill(`Balance Peak ${crypto.randomBytes(3).toString("hex")}`);
    await rule.getByLabel("First day").fill(checkIn.iso);
    await rule.getByLabel("Last day").fill(checkOut.iso);
    await rule.getByLabel("Or a fixed deposit ($)").fill("40");
    await rule.getByRole("button", { name: "Add to the calendar" }).click();
    await expect(staff.getByText("$40.00 deposit at booking")).toBeVisible();

    // The customer books two nights and pays the deposit on the simulated provider's page.
    const cat = `Miso ${crypto.randomBytes(3).toString("hex")}`;
    const customer = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [cat]);
    const page = customer.page;
    await page.goto("/book/stay");
    await page.getByLabel("Check-in date").fill(checkIn.iso);
    await page.getByLabel("Check-out date").fill(checkOut.iso);
    await page.getByLabel(cat).check();
    await page.getByRole("button", { name: "See available suites" }).click();
    await page.getByRole("button", { name: "Review booking" }).click();
    await page.getByRole("button", { name: "Book and pay deposit" }).click();
    await page.getByRole("button", { name: "Pay $40.00" }).click();
    await expect(page.getByText("Thank you: your deposit of $40.00 is paid and your stay is confirmed.")).toBeVisible();
    const total = (await page.getByText(/^Price \$/).textContent())!.replace("Price ", "");
    const due = `$${(Number(total.replace(/[$,]/g, "")) - 40).toFixed(2)}`;

    // Staff check the stay in, then take the balance in cash and check it out.
    await staff.goto(`/admin/stays?date=${checkIn.iso}`);
    await staff.getByRole("button", { name: `Check in: ${cat} (Ana Ruiz)` }).click();
    await expect(staff.getByText("Checked in", { exact: true }).first()).toBeVisible();
    await staff.goto(`/admin/stays?date=${checkOut.iso}`);
    const desk = staff.getByRole("group", { name: `Balance and check-out: ${cat} (Ana Ruiz)` });
    await expect(desk.getByText(`Balance due: ${due}`)).toBeVisible();
    await expect(desk.getByLabel("Reason to check out unpaid")).toBeVisible();
    await desk.getByRole("button", { name: "Record cash" }).click();
    await expect(staff.getByText(`Balance of ${due} recorded as cash`)).toBeVisible();
    await expect(desk.getByText(`Nothing is due · Balance paid: ${due} (cash)`)).toBeVisible();
    const since = Date.now() - 1000;
    await desk.getByRole("button", { name: `Check out: ${cat} (Ana Ruiz)` }).click();
    await expect(staff.getByText("Checked out; the receipt is e-mailed to the customer")).toBeVisible();

    const mail = await waitForMail(customer.email, since, 30_000);
    expect(mail.subject).toMatch(/^Your receipt R-\d{6}:/);
    expect(mail.text).toContain(`Total: ${total}`);
    expect(mail.text).toContain("Deposit paid, card: $40.00");
    expect(mail.text).toContain(`Balance paid, cash: ${due}`);

    await page.goto("/trips");
    const number = /R-\d{6}/.exec(mail.subject)![0];
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Receipt ${number} (PDF)` }).click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    const pdf = fs.readFileSync((await download.path())!).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf).toContain(`(Receipt ${number}) Tj`);
    expect(pdf).toContain(`(${total}) Tj`);
  },
);
