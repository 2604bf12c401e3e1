import { expectNoAxeViolations } from "./support/axe";
import { catCheckedIn, teamMember } from "./support/care";
import { gotoHydrated } from "./support/hydration";
import { waitForMail } from "./support/mail";
import { expect, test } from "./support/auth";

// The stay itself, continued (ADR 0165): a team member who is not an admin opens a cat's stay from
// Today (on a desktop from the header's Staff link), records an incident, and the owner reads it on the
// Care log and in the e-mail; both staff pages pass axe at both widths. The rules (the text, who reads
// it, when it may have happened) are tested on the database: server/care/incidents.db.test.ts.

test(
  "staff record an incident on the stay page and the owner is told and reads it on the Care log",
  { tag: "@both-widths" },
  async ({ browser, page: admin, signIn, baseURL }) => {
    test.setTimeout(180_000);
    await signIn(admin, { as: "admin" });
    const { owner, page: ana, email, cat, catId, stayId } = await catCheckedIn(browser, baseURL!, signIn, admin, "8am");
    const { team, page: maria } = await teamMember(browser, baseURL!, signIn, admin);

    // Staff find Today from the header's account links (on a phone, the drawer has them).
    if (maria.viewportSize()!.width >= 1024) {
      await gotoHydrated(maria, "/");
      await maria.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Staff" }).click();
    } else await gotoHydrated(maria, "/staff/today");
    await expect(maria.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    await expectNoAxeViolations(maria);

    // The cat's name opens its stay at the cat, as a suite card's QR code does.
    await maria.getByRole("listitem", { name: cat }).getByRole("link", { name: cat }).click();
    await expect(maria).toHaveURL(new RegExp(`/staff/stays/${stayId}#cat-${catId}$`));
    await expect(maria.getByRole("heading", { level: 1 })).toContainText(cat);
    await expect(maria.locator(`#cat-${catId}`)).toContainText("Methimazole 2.5 mg");
    await expectNoAxeViolations(maria);

    const since = Date.now();
    const form = maria.getByRole("region", { name: "Record an incident" });
    await form.getByLabel("What happened").fill("Caught a claw in the blanket; a little bleeding");
    await form.getByLabel("What was done").fill("Cleaned the paw and trimmed the claw");
    await form.getByLabel("A vet was called").check();
    await form.getByRole("button", { name: "Record the incident" }).click();
    const incident = maria.getByRole("region", { name: "Care log" }).getByRole("article", { name: /^Incident at / });
    await expect(incident).toContainText("Caught a claw in the blanket");
    expect(await maria.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(maria);

    // The owner got the e-mail, and reads the incident on the stay's Care log.
    const mail = await waitForMail(email, since);
    expect(mail.subject).toBe(`An incident during ${cat}'s stay`);
    expect(mail.text).toContain("A vet was called.");
    await ana.goto(`/trips/${stayId}`);
    const logged = ana.getByRole("region", { name: "Care log" }).getByRole("article", { name: /^Incident at / });
    await expect(logged).toContainText("Caught a claw in the blanket; a little bleeding");
    await expect(logged).toContainText("Cleaned the paw and trimmed the claw");
    await expect(logged).toContainText("A vet was called.");
    await Promise.all([owner.close(), team.close()]);
  },
);
