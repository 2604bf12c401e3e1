import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/auth";
import { formatPhoneDigits, freshPhoneDigits } from "./support/identities";
import { screenshot } from "./support/screenshots";

// Texts are conversations (ADR 0191): without Twilio, the simulated provider's page delivers a reply
// as Twilio's webhook would; the desk finds it in Messages, answers it (the answer reaches the
// simulated provider) and marks the conversation done. The rules (signature, replays, keywords, the
// queue's opt-out, the races) are tested in server/texts/texts.db.test.ts.
test("a simulated reply reaches Messages, the desk answers it and marks it done", { tag: "@both-widths" }, async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn(page, { as: "admin" });
  const digits = freshPhoneDigits();
  const shown = formatPhoneDigits(digits);
  const words = `Is Miso eating? ${Date.now().toString(36)}`;

  await page.goto("/admin/messages/simulated");
  await page.getByLabel("From (a mobile number)").fill(shown);
  await page.getByLabel("Text", { exact: true }).fill(words);
  await page.getByRole("button", { name: "Deliver the reply" }).first().click();
  await expect(page.getByText("Reply delivered")).toBeVisible();
  // Opening it only reads; the page then posts that what it shows is read (ADR 0203).
  const read = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/messages"));
  await page.getByRole("link", { name: "Open the conversation" }).click();

  await expect(page.getByRole("heading", { name: shown, level: 2 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Texts" })).toContainText(words);
  await read;
  await page.goto("/admin/messages");
  const row = page.getByRole("link").filter({ hasText: words });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText("unread");
  await row.click();
  await expect(page.getByRole("heading", { name: shown, level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "messages");

  const answer = `Yes, all of it. ${Date.now().toString(36)}`;
  await page.getByLabel("Answer").fill(answer);
  await page.getByRole("button", { name: "Send the answer" }).click();
  await expect(page.getByRole("list", { name: "Texts" })).toContainText(answer);

  await page.getByRole("button", { name: "Mark done" }).click();
  await expect(page.getByText("Done: nothing here waits for an answer.")).toBeVisible();

  // The answer reached the simulated provider, addressed to the number that wrote.
  await page.goto("/admin/messages/simulated");
  const sent = page.getByRole("list", { name: "Texts sent" }).getByRole("listitem").filter({ hasText: answer });
  await expect(sent).toContainText(shown);
  await screenshot(page, "simulated");
});
