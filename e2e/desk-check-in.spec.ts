import crypto from "node:crypto";
import fs from "node:fs";
import { expectNoAxeViolations } from "./support/axe";
import { customerWithVerifiedCats, expectStatus } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { gotoHydrated } from "./support/hydration";
import { waitForMail } from "./support/mail";
import { openEveryDay } from "./support/stays";
import { expect, test } from "./support/own-server";

// The desk at check-in and check-out (ADR 0161, 0154), on a server of its own (its house rules open
// every day, so the stay arrives today): the owner checked in online; staff weigh the cat, count its
// pills and belongings and check it in, open its suite card; at check-out they take the balance in
// cash, weigh it again and hand back fewer pills than expected, which the page warns about; the
// receipt is mailed and on My Trips. The rules are tested in server/stays/handovers.db.test.ts and
// server/payments/balance.db.test.ts.

test(
  "the desk checks a cat in and out: weight, pills and belongings, the suite card, the balance in cash and the receipt",
  { tag: "@both-widths" },
  async ({ browser, page: staff, signIn, ownServer }) => {
    test.setTimeout(240_000);
    const [today, leaving] = [businessDayAhead(0), businessDayAhead(2)];
    await signIn(staff, { as: "admin" });
    await openEveryDay(staff);

    // The customer books today for two nights and checks in online: 14 pills of Methimazole, a blanket, the agreement signed.
    const cat = `Miso ${crypto.randomBytes(3).toString("hex")}`;
    const customer = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [cat]);
    const page = customer.page;
    await page.goto("/book/stay");
    await page.getByLabel("Check-in date").fill(today.iso);
    await page.getByLabel("Check-out date").fill(leaving.iso);
    await page.getByLabel(cat).check();
    await page.getByRole("button", { name: "See available suites" }).click();
    await page.getByRole("button", { name: "Review booking" }).click();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByRole("heading", { name: "My Trips", level: 1 })).toBeVisible();
    const stayId = new URL(page.url()).searchParams.get("booked")!;
    const html = await (await page.request.get(`/trips/${stayId}/check-in`)).text();
    const catId = /name="cats\[0\]\.catId" value="([0-9a-f-]{36})"/.exec(html)![1]!;
    const version = /name="version" value="([0-9a-f]{12})"/.exec(html)![1]!;
    const plan = await page.request.post(`/trips/${stayId}/check-in`, {
      form: {
        intent: "plan",
        "cats[0].catId": catId,
        "cats[0].food": "Indoor dry food",
        "cats[0].amountPerMeal": "1/4 cup",
        "cats[0].medications[0].name": "Methimazole",
        "cats[0].medications[0].times": "8am",
        "cats[0].medications[0].doses": "14",
        "cats[0].belongings": "A blue blanket",
        vetSpendLimit: "500",
        contactName: "Bo Ruiz",
        contactPhone: "(949) 249-5678",
      },
    });
    await expectStatus(plan, 200, "confirm the care plan");
    await expectStatus(
      await page.request.post(`/trips/${stayId}/check-in`, { form: { intent: "sign", fullName: "Ana M. Ruiz", agree: "on", version } }),
      200,
      "sign the agreement",
    );

    // The desk: the arrival's Check in opens its page, which shows the check-in ready and signed.
    await staff.goto("/admin/stays");
    await staff.getByRole("link", { name: `Check in: ${cat} (Ana Ruiz)` }).click();
    await expect(staff.getByRole("heading", { name: `Check in: ${cat}`, level: 1 })).toBeVisible();
    await expect(staff.getByText("Check-in: Ready")).toBeVisible();
    await expect(staff.getByText("Ana M. Ruiz")).toBeVisible();
    await expect(staff.getByLabel(`Methimazole: pills or doses received for ${cat}`)).toHaveValue("14");
    await expect(staff.getByLabel(`Belongings received for ${cat}`)).toHaveValue("A blue blanket");
    await expectNoAxeViolations(staff);
    await staff.getByLabel(`Weight (kg) for ${cat}`).fill("4.25");
    await staff.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(staff.getByText(`${cat}: 4.25 kg · 14 pills or doses (Methimazole 14) · A blue blanket`)).toBeVisible();

    // The suite card: the cat, its care and a QR code to the staff's page of the stay.
    await staff.getByRole("link", { name: "Suite card" }).click();
    const card = staff.getByRole("article", { name: cat });
    await expect(card.getByText("Indoor dry food, 1/4 cup")).toBeVisible();
    await expect(card.getByText("Methimazole: 8am")).toBeVisible();
    await expect(card.getByRole("img", { name: `QR code: ${cat} on the staff's page of the stay` })).toBeVisible();
    await expect(staff.getByRole("button", { name: "Print" })).toBeVisible();

    // Check-out: the balance in cash, the weight, and two pills fewer than came: the page warns before the final button.
    await staff.goto(`/admin/stays?date=${leaving.iso}`);
    await staff.getByRole("link", { name: `Check out: ${cat} (Ana Ruiz)` }).click();
    await expect(staff.getByRole("heading", { name: `Check out: ${cat}`, level: 1 })).toBeVisible();
    const balance = staff.getByRole("group", { name: `Balance: ${cat} (Ana Ruiz)` });
    const due = /Balance due: (\$[\d,.]+)/.exec((await balance.getByText(/^Balance due:/).textContent())!)![1]!;
    await expect(staff.getByLabel("Reason to check out unpaid")).toBeVisible();
    await balance.getByRole("button", { name: "Record cash" }).click();
    await expect(balance.getByText(`Nothing is due · Balance paid: ${due} (cash)`)).toBeVisible();
    await expect(staff.getByLabel("Reason to check out unpaid")).toBeHidden();
    await gotoHydrated(staff, staff.url());
    await expect(staff.getByLabel(`Methimazole: pills or doses handed back for ${cat}`)).toHaveValue("14");
    await expect(staff.getByLabel(`Belongings handed back for ${cat}`)).toHaveValue("A blue blanket");
    await staff.getByLabel(`Weight at departure (kg) for ${cat}`).fill("4.1");
    await staff.getByLabel(`Methimazole: pills or doses handed back for ${cat}`).fill("12");
    await expect(staff.getByText(`${cat}: Pill count does not match: received 14, given 0, handing back 12.`)).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.getByLabel("I counted again: hand back these counts").check();
    const since = Date.now() - 1000;
    await staff.getByRole("button", { name: "Check out", exact: true }).click();
    await expect(staff.getByText("Checked out; the receipt is e-mailed to the customer").first()).toBeVisible();
    await expect(staff.getByText(`${cat}: 4.10 kg · 12 pills or doses (Methimazole 12) · A blue blanket`)).toBeVisible();

    const mail = await waitForMail(customer.email, since, 30_000);
    expect(mail.subject).toMatch(/^Your receipt R-\d{6}:/);
    expect(mail.text).toContain(`Balance paid, cash: ${due}`);
    await page.goto("/trips");
    const number = /R-\d{6}/.exec(mail.subject)![0];
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Receipt ${number} (PDF)` }).click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    expect(fs.readFileSync((await download.path())!).toString("latin1")).toContain(`(Receipt ${number}) Tj`);
  },
);
