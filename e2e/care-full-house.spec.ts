import type { Page } from "@playwright/test";
import { businessTime } from "../app/lib/business-time";
import { expectNoAxeViolations } from "./support/axe";
import { addCatWithFvrcp, catCheckedIn, teamMember } from "./support/care";
import { expectStatus } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { gotoHydrated } from "./support/hydration";
import { checkInAtDesk } from "./support/stays";
import { expect, test } from "./support/own-server";

// Care you can trust (issue 44, ADR 0188, 0197, 0201), on phones: a house of 10 cats checked in this
// morning (a server of its own, every day open, so they arrive today). Pepper takes Methimazole at
// midnight, before she came, and in ten minutes. Two care attendants have Today open at 375 px and tap
// Given for that dose at the same moment: one "given" is stored, and the other is told who gave it.
// The dose due before check-in is not overdue. Today, with every card closed and with one opened,
// passes axe. The rules themselves (20 posts at once, the boundaries, escalation) are database tests:
// server/care/doses.db.test.ts and escalation.db.test.ts.

test.use({ ownServerEnv: { TEST_CLOCK: "1" } });

// The suite types the first migration made.
const COZY_SUITE = "5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a01";
const FAMILY_LOFT = "5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a03";

/** Books a stay arriving today for the owner's cats, as Book a Stay's review posts it, and answers its id. */
async function bookToday(owner: Page, catIds: string[], suiteTypeId: string) {
  const form = new URLSearchParams({ checkIn: businessDayAhead(0).iso, checkOut: businessDayAhead(2).iso, suiteTypeId, arrangement: "together" });
  for (const id of catIds) form.append("catIds", id);
  const booked = await owner.request.post("/book/stay", {
    data: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  await expectStatus(booked, 302, "book the stay");
  return new URL(booked.headers()["location"]!, "http://localhost").searchParams.get("booked")!;
}

test(
  "two attendants tap Given for one dose at once: one is stored, the other reads who gave it; a dose before the morning check-in is not overdue; Today passes axe with 10 cats",
  { tag: "@phone" },
  async ({ browser, page: admin, signIn, baseURL }) => {
    test.setTimeout(240_000);
    await signIn(admin, { as: "admin", open: false });
    const doseTime = businessTime(new Date(Date.now() + 10 * 60_000));
    const { owner, page: ana, cat, stayId } = await catCheckedIn(browser, baseURL!, signIn, admin, `00:00 and ${doseTime}`);
    // Nine more cats of the same household, in two Family Lofts, four to a loft, and a suite of their own.
    const more: string[] = [];
    for (let i = 0; i < 9; i++) more.push((await addCatWithFvrcp(ana, admin)).catId);
    for (const group of [more.slice(0, 4), more.slice(4, 8)]) await checkInAtDesk(admin, await bookToday(ana, group, FAMILY_LOFT), group);
    await checkInAtDesk(admin, await bookToday(ana, more.slice(8), COZY_SUITE), more.slice(8));

    const olivia = await teamMember(browser, baseURL!, signIn, admin);
    const chris = await teamMember(browser, baseURL!, signIn, admin);
    const attendants = [olivia, chris];
    for (const { page } of attendants) await gotoHydrated(page, "/staff/today");
    const maria = olivia.page;
    await expect(maria.getByText("10 cats in the hotel")).toBeVisible();

    // The dose due at midnight, before the desk checked Pepper in, is the owner's: not overdue, not due now.
    const card = maria.getByRole("listitem", { name: cat });
    await expect(card.getByRole("region", { name: `Medication, ${cat}` })).toContainText("given at home, not due here");
    await expect(maria.getByText("Overdue")).toHaveCount(0);
    await expectNoAxeViolations(maria);

    // Both tap Given at once on "Due now".
    const given = (page: Page) => page.getByRole("region", { name: /^Due now/ }).getByRole("button", { name: `Given Methimazole to ${cat}` });
    await Promise.all(attendants.map(({ page }) => given(page).click()));
    const refusals = () =>
      Promise.all(attendants.map(async ({ page }) => (await page.getByRole("alert").filter({ hasText: "Do not give it again" }).allTextContents()).join("")));
    await expect.poll(async () => (await refusals()).filter(Boolean).length, { message: "one of the two is refused" }).toBe(1);
    const told = await refusals();
    const winner = attendants[told.findIndex((text) => !text)]!;
    expect(told.find(Boolean)).toMatch(new RegExp(`^Given at \\d{1,2}:\\d{2} [AP]M by ${winner.name}\\. Do not give it again`));
    await expect(given(winner.page)).toHaveCount(0);

    // The card, opened, shows the one given and the forms; it passes axe too.
    await card.getByRole("link", { name: `Log care for ${cat}` }).click();
    const medication = card.getByRole("region", { name: `Medication, ${cat}` });
    await expect(medication.getByRole("status")).toContainText("given");
    await expect(card.getByRole("button", { name: `Water refreshed for ${cat}` })).toBeVisible();
    expect(await maria.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(maria);

    // The owner's Care log has the dose given once.
    await ana.goto(`/trips/${stayId}`);
    const log = ana.getByRole("region", { name: "Care log" });
    await expect(log).toContainText(/Methimazole 2\.5 mg, .+ dose: given at /);
    expect((await log.innerText()).match(/dose: given at /g)).toHaveLength(1);
    await Promise.all([owner.close(), olivia.team.close(), chris.team.close()]);
  },
);
