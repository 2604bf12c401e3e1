import crypto from "node:crypto";
import { type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { teamMember } from "./support/care";
import { customerWithVerifiedCats, expectStatus } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { gotoHydrated } from "./support/hydration";
import { screenshot } from "./support/screenshots";
import { bookStayByForm, openEveryDay } from "./support/stays";
import { expect, test } from "./support/own-server";

// A real team (issue #43; ADR 0185, 0196), one journey on a server of its own (every day open, so the
// stay arrives today): the Owner sets an override PIN and adds a front desk member and a care attendant
// on the Team page. The front desk reaches the desk from her signed-in menu, checks the cat in with its
// owner signing the agreement on the desk's device, and at check-out releases it with the Owner's PIN,
// takes the balance in cash and checks it out; content, rates, revenue and the team are refused her in
// words, and so is granting herself a role. The attendant logs a meal on Today, which names her, and is
// refused the desk and the money. Every route × role is walked on the database
// (server/auth/routes.db.test.ts); the last Owner is raced there too (server/auth/team.db.test.ts).
// The journey runs at 1280 px; at 375 px a short test checks what a phone changes: the front desk
// reaches the desk from her account page (the header has no signed-in menu there), and the Team page fits.

const PIN = "2468";
/** The admin menu of a front desk member. */
const deskMenu = ["Dashboard", "Stays and occupancy", /^Messages/, "Vaccine records"];

/** A page refused to this role: 403, in words (inside the admin layout for a role that opens it, the site's error page otherwise), also once the script runs. */
async function expectRefused(page: Page, path: string, role: string) {
  const response = await page.goto(path);
  expect(response!.status(), path).toBe(403);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByRole("heading", { name: "Not allowed", level: 1 })).toBeVisible();
  await expect(page.getByText(`Your role, ${role}, doesn't open this.`)).toBeVisible();
}

test("the Owner adds a front desk member and a care attendant; the front desk checks a cat in and out with the owner's signature at the desk, the attendant logs care; each is refused the rest", async ({
  browser,
  page: owner,
  signIn,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signIn(owner, { as: "admin", open: false });
  await openEveryDay(owner);

  // The Owner sets the PIN that confirms a front desk's override (ADR 0196).
  await gotoHydrated(owner, "/account");
  await owner.getByLabel("PIN", { exact: true }).fill(PIN);
  await owner.getByLabel("The PIN again").fill(PIN);
  await owner.getByRole("button", { name: "Set the PIN" }).click();
  await expect(owner.getByText("Override PIN saved").first()).toBeVisible();
  // The page itself, once the notice has gone (a toast leaving mid-scan is measured half faded).
  await gotoHydrated(owner, "/account");
  await expect(owner.getByText("Your PIN is set.")).toBeVisible();
  await expectNoAxeViolations(owner);

  // The Team page: a front desk member and a care attendant added, listed with their roles and names.
  const desk = await teamMember(browser, baseURL!, signIn, owner, "Front desk", { through: "team page" });
  const care = await teamMember(browser, baseURL!, signIn, owner, "Care attendant", { through: "team page" });
  const team = owner.getByRole("list", { name: "The team" }).getByRole("listitem");
  await expect(team.filter({ hasText: desk.email })).toContainText(desk.name);
  await expect(team.filter({ hasText: desk.email })).toContainText("Front desk since");
  await expect(team.filter({ hasText: care.email })).toContainText("Care attendant since");
  // An unknown role is refused beside the form (the form posts what its list offers; a bad post is the server's test).
  await owner.getByLabel("Their e-mail address").fill(`someone-${Date.now()}@example.com`);
  await owner.getByRole("button", { name: "Add to the team" }).click();
  await expect(owner.getByText("Choose a role: Owner, Manager, Front desk, Care attendant")).toBeVisible();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
  await screenshot(owner, "team");
  await expectNoAxeViolations(owner);

  // A customer's cat, booked today to tomorrow; its owner did not check in online.
  const cat = `Miso ${crypto.randomBytes(3).toString("hex")}`;
  const customer = await customerWithVerifiedCats(browser, baseURL!, signIn, owner, [cat]);
  const stayId = await bookStayByForm(customer.page, customer.catIds, businessDayAhead(0).iso, businessDayAhead(1).iso);

  // The front desk finds the Desk in her signed-in menu (on a phone, her account page: the test below).
  const front = desk.page;
  await gotoHydrated(front, "/");
  await front.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Desk" }).click();
  await expect(front.getByRole("heading", { name: "Stays", level: 1 })).toBeVisible();
  await expect(front.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText(deskMenu);
  await expectNoAxeViolations(front);

  // Check-in: the owner signs the agreement on the desk's device, the front desk as witness; the cat is weighed.
  await front.getByRole("link", { name: `Check in: ${cat} (Ana Ruiz)` }).click();
  await expect(front.getByRole("heading", { name: `Check in: ${cat}`, level: 1 })).toBeVisible();
  await expect(front.getByText("Boarding agreement: Not signed")).toBeVisible();
  await expectNoAxeViolations(front);
  await front.getByLabel("The owner's full name").fill("Ana M. Ruiz");
  await front.getByLabel("I have read the boarding agreement and agree to it for this stay.").check();
  await front.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(front.getByText(`, signed at the desk, witnessed by ${desk.name}`)).toBeVisible();
  await expect(front.getByLabel("Reason to check in without the signed agreement")).toHaveCount(0);
  await front.getByLabel(`Weight (kg) for ${cat}`).fill("4.25");
  await front.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(front.getByText(`${cat}: 4.25 kg`)).toBeVisible();
  const history = front.getByRole("list", { name: "Stay history" });
  await expect(history).toContainText(`Boarding agreement signed at the desk, witnessed by ${desk.name} · ${desk.name}`);
  await screenshot(front, "check-in");
  await expectNoAxeViolations(front);

  // The attendant logs breakfast from Today (her menu's first link); Today names who logged it.
  const attendant = care.page;
  await gotoHydrated(attendant, "/account");
  await attendant.getByRole("link", { name: "Today" }).click();
  await expect(attendant.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
  // The cat's card opens on its link, with its forms (ADR 0201).
  const card = attendant.getByRole("listitem", { name: cat });
  await card.getByRole("link", { name: `Log care for ${cat}` }).click();
  const breakfast = card.getByRole("listitem").filter({ hasText: "Breakfast" });
  await breakfast.getByRole("button", { name: "Half" }).click();
  await expect(breakfast.getByRole("status")).toContainText("Breakfast: half eaten");
  await expect(breakfast.getByRole("status")).toContainText(care.name);
  // Today's markup is scanned in care-log.spec.ts; "Not allowed" once, below, on the front desk's refusal.
  await screenshot(attendant, "today");
  // The desk and the money are not hers: the pages and their forms answer 403 in words.
  await expectRefused(attendant, "/admin/stays", "Care attendant");
  await expectRefused(attendant, `/admin/stays/${stayId}/check-out`, "Care attendant");
  await expectRefused(attendant, "/admin/analytics/revenue", "Care attendant");
  const cash = await attendant.request.post(`/admin/stays/${stayId}/check-out`, { form: { intent: "balanceDesk", stayId, method: "cash" } });
  expect(cash.status(), "the attendant records cash").toBe(403);
  expect(await cash.text()).toMatch(/Your role, Care attendant, doesn(&#x27;|')t open this\./);

  // Check-out: released with the Owner's PIN on the desk's device, the balance in cash, weighed, checked out.
  await front.getByRole("link", { name: "Check out", exact: true }).click();
  await expect(front.getByRole("heading", { name: `Check out: ${cat}`, level: 1 })).toBeVisible();
  await front.getByLabel("Release without a code (manager)").check();
  await front.getByLabel("Reason", { exact: true }).fill("The owner came without the code; ID checked");
  const manager = front.getByLabel("Manager who confirms");
  const ownerName = (await manager.locator("option").nth(1).textContent())!;
  await manager.selectOption({ label: ownerName });
  await front.getByLabel("Their PIN").fill(PIN);
  await front.getByRole("button", { name: "Release", exact: true }).click();
  await expect(front.getByText(`Released without a code by a manager's override, confirmed by ${ownerName}.`, { exact: false })).toBeVisible();
  const balance = front.getByRole("group", { name: `Balance: ${cat} (Ana Ruiz)` });
  const due = /Balance due: (\$[\d,.]+)/.exec((await balance.getByText(/^Balance due:/).textContent())!)![1]!;
  await balance.getByRole("button", { name: "Record cash" }).click();
  // The paid balance's markup is scanned in desk-check-in.spec.ts: this page once, checked out.
  await expect(balance.getByText(`Nothing is due · Balance paid: ${due} (cash)`)).toBeVisible();
  await front.getByLabel(`Weight at departure (kg) for ${cat}`).fill("4.2");
  await front.getByRole("button", { name: "Check out", exact: true }).click();
  await expect(front.getByText("Checked out; the receipt is e-mailed to the customer").first()).toBeVisible();
  await screenshot(front, "checked-out");
  await expectNoAxeViolations(front);

  // Content, rates, revenue and the team: refused, in words, her menu kept; so is granting herself a role.
  for (const path of ["/admin/content", "/admin/rooms", "/admin/analytics/revenue", "/admin/team"]) {
    await expectRefused(front, path, "Front desk");
    await expect(front.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText(deskMenu);
  }
  await screenshot(front, "refused");
  await expectNoAxeViolations(front);
  const granted = await front.request.post("/admin/team", { form: { intent: "role", email: desk.email, role: "owner" } });
  await expectStatus(granted, 403, "the front desk makes herself an Owner");
  expect(await granted.text()).toMatch(/Your role, Front desk, doesn(&#x27;|')t open this\./);
});

test(
  "on a phone, the front desk reaches the desk from her account page, and the Team page fits the width",
  { tag: "@phone" },
  async ({ browser, page: owner, signIn, baseURL }) => {
    // Its own server's start and three sign-ins: room for a busy machine, as the journey has.
    test.setTimeout(180_000);
    await signIn(owner, { as: "admin", open: false });
    const desk = await teamMember(browser, baseURL!, signIn, owner, "Front desk", { through: "team page" });
    await expect(owner.getByRole("list", { name: "The team" }).getByRole("listitem").filter({ hasText: desk.email })).toContainText("Front desk since");
    expect(await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(owner);

    // Her account page names her role and links to the desk; a customer's household and the Owner's PIN are not hers.
    const front = desk.page;
    await gotoHydrated(front, "/account");
    await expect(front.getByText("Role on the team")).toBeVisible();
    await expect(front.getByRole("heading", { name: "Household" })).toHaveCount(0);
    await expect(front.getByLabel("Your full name")).toHaveValue(desk.name);
    await expect(front.getByRole("heading", { name: "Override PIN" })).toHaveCount(0);
    await front.getByRole("link", { name: "Desk" }).click();
    await expect(front.getByRole("heading", { name: "Stays", level: 1 })).toBeVisible();
    await expect(front.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText(deskMenu);
    expect(await front.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(front);
  },
);
