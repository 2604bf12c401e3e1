import crypto from "node:crypto";
import { expectNoAxeViolations } from "./support/axe";
import { customerWithVerifiedCats, expectStatus } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { bookStayByForm, checkInAtDesk, openEveryDay, releaseAndCheckOutUnpaid } from "./support/stays";
import { serverClock } from "./support/server-clock";
import { expect, test } from "./support/own-server";
import { screenshot } from "./support/screenshots";

// A cat not collected on its departure day, then a balance paid days later (ADR 0182), on a server of
// its own (every day open, the departure window until 23:59; TEST_CLOCK, so the test moves its clock):
// past the window the desk lists the cat first under "Overdue pickups", the suite stays held on the
// occupancy grid, the night is on the bill and the owner is texted; the desk releases it the next day
// and checks it out unpaid; My Trips shows what is owed and takes it by card; the desk's "Owed" empties.
// The rules are tested in server/stays/overdue.db.test.ts and owed.db.test.ts.

test.use({ ownServerEnv: { TEST_CLOCK: "1" } });

const OWNER = "+19492491234";

test("an overdue pickup keeps its suite and is billed; the balance left unpaid is paid later from My Trips", async ({
  browser,
  page: staff,
  signIn,
  ownServer,
}) => {
  test.setTimeout(240_000);
  const [today, leaving] = [businessDayAhead(0), businessDayAhead(1)];
  await signIn(staff, { as: "admin", open: false });
  await openEveryDay(staff);
  const clock = serverClock(staff);

  // One night, today to tomorrow, checked in at the desk.
  const cat = `Miso ${crypto.randomBytes(3).toString("hex")}`;
  const customer = await customerWithVerifiedCats(browser, ownServer.url, signIn, staff, [cat]);
  const page = customer.page;
  const stayId = await bookStayByForm(page, customer.catIds, today.iso, leaving.iso);
  const deskPage = await (await staff.request.get(`/admin/stays/${stayId}/check-in`)).text();
  const catId = /name="cats\[0\]\.catId" value="([0-9a-f-]{36})"/.exec(deskPage)![1]!;
  await checkInAtDesk(staff, stayId, [catId]);

  // The departure window closes at 23:59 and nobody came: the desk lists the cat first, its suite held for the night.
  await clock.moveTo(leaving.iso, "23:59");
  await staff.goto(`/admin/stays?date=${leaving.iso}`);
  const overdue = staff.locator("section", { has: staff.getByRole("heading", { name: "Overdue pickups", exact: true }) });
  await expect(overdue.getByText(`${cat} · Ana Ruiz`)).toBeVisible();
  const grid = staff.getByRole("region", { name: "Occupancy grid, scrolls sideways" });
  // The night of the departure day (the grid's first column) is the cat's.
  await expect(grid.getByTitle(new RegExp(`^${cat} \\(Ana Ruiz\\)$`)).first()).toBeVisible();
  await expectNoAxeViolations(staff);
  await screenshot(staff, "desk-overdue");
  const texts = await staff.request.get(`/test/texts?to=${encodeURIComponent(OWNER)}`);
  await expectStatus(texts, 200, "read the owner's texts");
  const overdueTexts = ((await texts.json()) as { texts: { body: string }[] }).texts.filter((t) => t.body.includes("is still with us"));
  expect(overdueTexts).toHaveLength(1);

  // Collected the next morning: released by a manager, checked out unpaid with the extra night on the bill.
  await clock.moveTo(businessDayAhead(2).iso, "09:30");
  const due = await releaseAndCheckOutUnpaid(staff, { id: stayId, cat, releaseReason: "The owner came the next morning with ID", weightKg: "4.1" });

  // The desk lists it as owed; the customer's page shows the balance.
  await staff.goto("/admin/stays");
  await expect(staff.getByRole("heading", { name: "Overdue pickups", exact: true })).toHaveCount(0);
  await expect(staff.getByRole("heading", { name: "Owed", exact: true })).toBeVisible();
  await expect(staff.getByText(`Owed ${due}`)).toBeVisible();
  await screenshot(staff, "desk-owed");

  // My Trips: what is owed, paid by card on the (simulated) provider's page, then nothing owed.
  await page.goto("/trips");
  await expect(page.getByRole("heading", { name: `Owed: ${due}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "trips-owed");
  await page.getByRole("button", { name: `Pay ${due} by card` }).click();
  await expect(page.getByRole("heading", { name: "Pay your balance" })).toBeVisible();
  await page.getByRole("button", { name: `Pay ${due}` }).click();
  await expect(page.getByText("Thank you: the balance is paid").first()).toBeVisible();
  await page.goto("/trips");
  await expect(page.getByRole("heading", { name: /^Owed:/ })).toHaveCount(0);
  await staff.goto("/admin/stays");
  await expect(staff.getByRole("heading", { name: "Owed", exact: true })).toHaveCount(0);
});
