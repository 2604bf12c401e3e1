import crypto from "node:crypto";
import fs from "node:fs";
import { defaultEditableBusiness } from "../app/features/content/business-defaults";
import { addBusinessDays, businessLocalToUtc } from "../app/lib/business-time";
import { expectNoAxeViolations } from "./support/axe";
import { customerWithVerifiedCats, expectStatus } from "./support/cats";
import { publishContent } from "./support/content";
import { businessDayAhead } from "./support/dates";
import { gotoHydrated } from "./support/hydration";
import { mailsTo, waitForMail } from "./support/mail";
import { bookStayByForm, openEveryDay } from "./support/stays";
import { expect, test } from "./support/own-server";
import { formToken } from "./support/form-token";

// The desk at check-in and check-out (ADR 0161, 0154, 0162), on a server of its own (its house rules
// open every day, so the stay arrives today; TEST_CLOCK, so the test moves its clock): the owner
// checked in online and named a pickup person; staff weigh the cat, count its pills and belongings and
// check it in, open its suite card. On the departure day the pickup person's code is texted at 07:00;
// the desk releases the cat with it, once (the same code again is refused), takes the balance in cash,
// weighs the cat again and hands back fewer pills than expected, which the page warns about; the
// receipt is mailed and on My Trips, and the next day at 10:00 the review request, once. The rules are
// tested in server/stays/handovers.db.test.ts, pickup.db.test.ts, review-request.db.test.ts,
// server/care/alerts.db.test.ts and server/payments/balance.db.test.ts.

test.use({ ownServerEnv: { TEST_CLOCK: "1" } });

/** The pickup person the owner names at online check-in, and the number the simulated provider texts. */
const PICKUP = { name: "Cy Ruiz", typed: "(949) 249-5679", e164: "+19492495679" };

test(
  "the desk checks a cat in and out: weight, pills and belongings, the suite card, the release by pickup code, the balance in cash, the receipt and the review request",
  { annotation: { type: "width", description: "at 1280 px only: nothing it checks changes with the width (the desk's pages and the owner's posts)" } },
  async ({ browser, page: staff, signIn, ownServer }) => {
    test.setTimeout(240_000);
    const [today, leaving] = [businessDayAhead(0), businessDayAhead(2)];
    await signIn(staff, { as: "admin", open: false });
    await openEveryDay(staff);
    // The review request links to the review page, which this server's content does not have yet.
    await publishContent(staff.request, "business", { ...defaultEditableBusiness, reviewPageUrl: "https://g.page/r/laguna-niguel-cat-hotel/review" });
    // Moves the server's clock to a business day and time (the jobs run at once); never back.
    let serverNow = new Date();
    const moveClockTo = async (day: string, time: string) => {
      const minutes = Math.max(1, Math.ceil((businessLocalToUtc(day, time).getTime() - serverNow.getTime()) / 60_000));
      const moved = await staff.request.post("/test/clock", { data: { advanceMinutes: minutes } });
      await expectStatus(moved, 200, `move the clock to ${day} ${time}`);
      serverNow = new Date(((await moved.json()) as { now: string }).now);
    };

    // The customer books today for two nights and checks in online: 14 pills of Methimazole, a blanket, the agreement signed.
    const cat = `Miso ${crypto.randomBytes(3).toString("hex")}`;
    const customer = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [cat]);
    const page = customer.page;
    const stayId = await bookStayByForm(page, customer.catIds, today.iso, leaving.iso);
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
        "pickup[0].name": PICKUP.name,
        "pickup[0].phone": PICKUP.typed,
      },
    });
    await expectStatus(plan, 200, "confirm the care plan");
    await expectStatus(
      await page.request.post(`/trips/${stayId}/check-in`, { form: { intent: "sign", formToken: formToken(), fullName: "Ana M. Ruiz", agree: "on", version } }),
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

    // The departure day at 07:00: each person's pickup code is texted; the pickup person reads theirs.
    await moveClockTo(leaving.iso, "07:05");
    const texts = await staff.request.get(`/test/texts?to=${encodeURIComponent(PICKUP.e164)}`);
    await expectStatus(texts, 200, "read the pickup person's texts");
    const [text] = ((await texts.json()) as { texts: { body: string }[] }).texts;
    const code = new RegExp(`the pickup code for ${cat} today is (\\d{6})\\.`).exec(text?.body ?? "")?.[1];
    expect(code, "the pickup person got a code").toBeTruthy();

    // Check-out: the release first; the page names who may collect and says the codes went out.
    await staff.goto(`/admin/stays?date=${leaving.iso}`);
    await staff.getByRole("link", { name: `Check out: ${cat} (Ana Ruiz)` }).click();
    await expect(staff.getByRole("heading", { name: `Check out: ${cat}`, level: 1 })).toBeVisible();
    await expect(staff.getByText(`${PICKUP.name} · ${PICKUP.typed}`)).toBeVisible();
    await expect(staff.getByText(/^Pickup codes texted today at .+ to .*Cy Ruiz\.$/)).toBeVisible();
    await expect(staff.getByText("Release the cat with a pickup code first.")).toBeVisible();
    await expect(staff.getByRole("button", { name: "Check out", exact: true })).toHaveCount(0);
    await expectNoAxeViolations(staff);
    // A wrong code is refused beside the field and counted on the stay for the day (ADR 0176).
    await staff.getByLabel("Pickup code", { exact: true }).fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await staff.getByRole("button", { name: "Release", exact: true }).click();
    await expect(staff.getByText("This pickup code is not right. Check it with the person, or call the owner.").first()).toBeVisible();
    await expect(staff.getByText("1 wrong pickup code was entered today. After too many, codes close for the day.")).toBeVisible();
    await staff.getByLabel("Pickup code", { exact: true }).fill(code!);
    await staff.getByRole("button", { name: "Release", exact: true }).click();
    await expect(staff.getByText(`Collected by ${PICKUP.name} with their pickup code.`)).toBeVisible();
    // A second desk showing the same code is told it was used.
    const again = await staff.request.post(staff.url(), { form: { intent: "release", stayId, code: code! } });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("This pickup code has already been used.");

    // The balance in cash, the weight, and two pills fewer than came: the page warns before the final button.
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

    // The next day from 10:00 the review request arrives, once; the job's next run sends no other.
    const reviewSince = Date.now() - 1000;
    const reviewRequests = () => mailsTo(customer.email, reviewSince).filter((m) => m.subject.startsWith("Thank you for staying with"));
    await moveClockTo(addBusinessDays(leaving.iso, 1), "10:05");
    await expect.poll(() => reviewRequests().length, { message: "the review request arrives" }).toBe(1);
    expect(reviewRequests()[0]!.text).toContain("https://g.page/r/laguna-niguel-cat-hotel/review");
    await moveClockTo(addBusinessDays(leaving.iso, 1), "11:10");
    expect(reviewRequests()).toHaveLength(1);
  },
);
