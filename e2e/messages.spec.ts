import type { Browser, Page } from "@playwright/test";
import { businessLocalToUtc } from "../app/lib/business-time";
import { expectNoAxeViolations } from "./support/axe";
import { catCheckedIn, teamMember } from "./support/care";
import { expectStatus, saveHouseholdByForm } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { formToken } from "./support/form-token";
import { formatPhoneDigits, freshPhoneDigits } from "./support/identities";
import { waitForMail } from "./support/mail";
import { screenshot } from "./support/screenshots";
import { type SignIn } from "./support/auth";
import { expect, test } from "./support/own-server";

// Texts are conversations (ADR 0191), on a server of its own (TEST_CLOCK, so the departure day's
// 07:00 comes): without Twilio, the simulated provider's page delivers a reply as Twilio's webhook
// would. The rules (signature, replays, keywords, the queue's opt-out, the races) are tested in
// server/texts/texts.db.test.ts, the codes' channels in server/stays/pickup.db.test.ts.

test.use({ ownServerEnv: { TEST_CLOCK: "1" } });

/**
 * An owner whose cat is checked in today and leaves in two days, with a fresh mobile PROVEN as the
 * account page proves it (the code read from the simulated provider), so a text from it is theirs.
 */
async function provenOwnerInTheHotel(browser: Browser, baseURL: string, signIn: SignIn, admin: Page) {
  const checkedIn = await catCheckedIn(browser, baseURL, signIn, admin, "8am");
  const mobile = await proveMobile(checkedIn.page);
  return { ...checkedIn, mobile, leaving: businessDayAhead(2).iso };
}

/** A fresh mobile on the household of the owner signed in on `page`, proven with the code the simulated provider texted. */
async function proveMobile(page: Page) {
  const digits = freshPhoneDigits();
  const mobile = { shown: formatPhoneDigits(digits), e164: `+1${digits}` };
  await saveHouseholdByForm(page, { name: "Ana Ruiz", mobilePhone: mobile.shown });
  await expectStatus(await page.request.post("/account", { form: { intent: "send-phone-code", formToken: formToken() } }), 200, "text a code");
  const code = /\b(\d{6})\b/.exec((await textsTo(page, mobile.e164))[0] ?? "")?.[1];
  expect(code, "the phone code was texted").toBeTruthy();
  await expectStatus(await page.request.post("/account", { form: { intent: "confirm-phone-code", code: code! } }), 200, "confirm the code");
  return mobile;
}

/** What the simulated provider texted a number, newest first. */
async function textsTo(page: Page, e164: string) {
  const texts = await page.request.get(`/test/texts?to=${encodeURIComponent(e164)}`);
  await expectStatus(texts, 200, `read the texts to ${e164}`);
  return ((await texts.json()) as { texts: { body: string }[] }).texts.map((t) => t.body);
}

/** Moves the server's clock forward; the jobs (the pickup codes from 07:00, the text queue) run at once. */
async function advanceClock(page: Page, minutes: number) {
  await expectStatus(await page.request.post("/test/clock", { data: { advanceMinutes: minutes } }), 200, `move the clock ${minutes} minutes on`);
}

/** Moves the server's clock, which has not moved yet, to a business day and time. */
const moveClockTo = (page: Page, day: string, time: string) =>
  advanceClock(page, Math.max(1, Math.ceil((businessLocalToUtc(day, time).getTime() - Date.now()) / 60_000)));

test("an owner's reply to their pickup code reaches Messages, the stay's page and Today; the front desk answers it and marks it done", async ({
  browser,
  page: admin,
  signIn,
  ownServer,
}) => {
  test.setTimeout(180_000);
  await signIn(admin, { as: "admin", open: false });
  const { cat, stayId, mobile, leaving } = await provenOwnerInTheHotel(browser, ownServer.url, signIn, admin);
  const desk = await teamMember(browser, ownServer.url, signIn, admin, "Front desk");

  // The departure day at 07:05: the owner's pickup code is texted; they answer it.
  await moveClockTo(admin, leaving, "07:05");
  await admin.goto("/admin/messages/simulated");
  const codeText = admin
    .getByRole("list", { name: "Texts sent" })
    .getByRole("listitem")
    .filter({ hasText: `the pickup code for ${cat} today is` });
  await expect(codeText).toContainText(mobile.shown);
  const words = `Can my neighbour Cy pick ${cat} up at 5? ${Date.now().toString(36)}`;
  await codeText.getByText("Simulate a reply").click();
  await codeText.getByLabel(`Reply from ${mobile.shown}`).fill(words);
  await codeText.getByRole("button", { name: "Deliver the reply" }).click();
  await expect(admin.getByText("It is in Messages, from Ana Ruiz.").first()).toBeVisible();

  // It is on the staff's page of the stay and on Today, waiting for an answer.
  await admin.goto(`/staff/stays/${stayId}`);
  const onStay = admin.getByRole("region", { name: "Messages from the owner" });
  await expect(onStay.getByText("Message from Ana Ruiz")).toBeVisible();
  await expect(onStay).toContainText(words);
  await expect(onStay).toContainText("Waiting for an answer");
  await expectNoAxeViolations(admin);
  await admin.goto("/staff/today");
  const onToday = admin.getByRole("region", { name: "Messages from owners" });
  await expect(onToday.getByRole("listitem").filter({ hasText: words })).toContainText("Message from Ana Ruiz");
  await expectNoAxeViolations(admin);

  // The front desk sees it unread in Messages, opens the owner's conversation and answers.
  const frontDesk = desk.page;
  await frontDesk.goto("/admin/messages");
  await expect(frontDesk.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /Messages\s*1 unread/ })).toBeVisible();
  // Opening it only reads; the page then posts that what it shows is read (ADR 0203).
  const read = frontDesk.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/messages"));
  await frontDesk.getByRole("link", { name: /Ana Ruiz.*1 unread/ }).click();
  await expect(frontDesk.getByRole("heading", { name: "Ana Ruiz", level: 2 })).toBeVisible();
  const texts = frontDesk.getByRole("list", { name: "Texts" });
  await expect(texts).toContainText(words);
  await read;
  await expect(frontDesk.getByRole("link", { name: "The stay in the hotel" })).toHaveAttribute("href", `/staff/stays/${stayId}`);
  await expectNoAxeViolations(frontDesk);
  await screenshot(frontDesk, "messages");
  const answer = `Yes, Cy may collect ${cat}: she shows her own code. ${Date.now().toString(36)}`;
  await frontDesk.getByLabel("Answer").fill(answer);
  await frontDesk.getByRole("button", { name: "Send the answer" }).click();
  await expect(texts).toContainText(answer);
  await frontDesk.getByRole("button", { name: "Mark done" }).click();
  await expect(frontDesk.getByText("Done: nothing here waits for an answer.")).toBeVisible();
  await desk.team.close();

  // The answer reaches the simulated provider, addressed to the owner's mobile (queued at the
  // server's moved clock, it goes with the queue's next pass); the stay's page shows the text answered.
  await advanceClock(admin, 1);
  expect(await textsTo(admin, mobile.e164)).toContain(answer);
  await admin.goto(`/staff/stays/${stayId}`);
  await expect(onStay).toContainText("Answered");
});

// At 375 px, what the width changes: the conversations and the open one stack in one column.
test(
  "on a phone, Messages lists an owner's text and opens the conversation, which fits the width",
  { tag: "@phone" },
  async ({ browser, page: admin, signIn, ownServer }) => {
    // Its own server's start and two sign-ins: room for a busy machine, as the journeys here have.
    test.setTimeout(120_000);
    await signIn(admin, { as: "admin", open: false });
    const owner = await browser.newContext({ baseURL: ownServer.url });
    const page = await owner.newPage();
    await signIn(page, { open: false });
    const mobile = await proveMobile(page);
    await owner.close();

    // The owner texts the hotel, delivered as Twilio's webhook would.
    const words = `Is there room in May? ${Date.now().toString(36)}`;
    await admin.goto("/admin/messages/simulated");
    await admin.getByLabel("From (a mobile number)").fill(mobile.shown);
    await admin.getByLabel("Text", { exact: true }).fill(words);
    await admin.getByRole("button", { name: "Deliver the reply" }).first().click();
    await expect(admin.getByText("It is in Messages, from Ana Ruiz.").first()).toBeVisible();

    await admin.goto("/admin/messages");
    await admin.getByRole("link", { name: /Ana Ruiz.*1 unread/ }).click();
    await expect(admin.getByRole("heading", { name: "Ana Ruiz", level: 2 })).toBeVisible();
    await expect(admin.getByRole("list", { name: "Texts" })).toContainText(words);
    await expect(admin.getByLabel("Answer")).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(admin);
  },
);

test("an owner whose mobile replied STOP gets the pickup code by e-mail, and the desk's check-out page says so", async ({
  browser,
  page: admin,
  signIn,
  ownServer,
}) => {
  test.setTimeout(180_000);
  await signIn(admin, { as: "admin", open: false });
  const { cat, stayId, email, mobile, leaving } = await provenOwnerInTheHotel(browser, ownServer.url, signIn, admin);
  await admin.goto("/admin/messages/simulated");
  await admin.getByLabel("From (a mobile number)").fill(mobile.shown);
  await admin.getByLabel("Text", { exact: true }).fill("STOP");
  await admin.getByRole("button", { name: "Deliver the reply" }).first().click();
  await expect(admin.getByText("It is in Messages, from Ana Ruiz.").first()).toBeVisible();

  const since = Date.now();
  await moveClockTo(admin, leaving, "07:05");
  const mail = await waitForMail(email, since);
  expect(mail.subject).toBe(`Your pickup code for ${cat} today`);
  const code = /today is (\d{6})\./.exec(mail.text)?.[1];
  expect(code, "the e-mail carries the code").toBeTruthy();

  await admin.goto(`/admin/stays/${stayId}/check-out`);
  await expect(admin.getByText("Ana Ruiz replied STOP to our texts: the code went by e-mail.")).toBeVisible();
  await expect(admin.getByText(/^Pickup codes texted today/)).toHaveCount(0);
  await expectNoAxeViolations(admin);
  await screenshot(admin, "check-out-stop");
  await admin.getByLabel("Pickup code", { exact: true }).fill(code!);
  await admin.getByRole("button", { name: "Release", exact: true }).click();
  await expect(admin.getByText("Collected by Ana Ruiz with their pickup code.")).toBeVisible();
});
