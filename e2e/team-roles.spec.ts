import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/auth";
import { teamMember } from "./support/care";
import { gotoHydrated } from "./support/hydration";
import { screenshot } from "./support/screenshots";

// The team's roles (ADR 0185), one journey: an Owner adds a front desk member on the Team page; she
// reaches the desk from her signed-in menu, sees only the desk's sections in the admin menu, and is
// refused content, rates, revenue and the team in words. Every route × role is walked on the database
// (server/auth/routes.db.test.ts); the last Owner is raced there too (server/auth/team.db.test.ts).
test(
  "an Owner adds a front desk member, who reaches the desk from the menu and is refused the rest",
  { tag: "@both-widths" },
  async ({ browser, page: owner, signIn, baseURL }) => {
    test.setTimeout(120_000);
    await signIn(owner, { as: "admin" });
    const { page: desk, email, name } = await teamMember(browser, baseURL!, signIn, owner, "Front desk");
    const width = owner.viewportSize()!.width;

    // The Team page lists her with her role; it passes axe and spills nothing sideways.
    const listed = owner.getByRole("list", { name: "The team" }).getByRole("listitem").filter({ hasText: email });
    await expect(listed).toContainText("Front desk since");
    await expect(listed).toContainText(name);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await screenshot(owner, "team");
    await expectNoAxeViolations(owner);

    // An unknown role is refused beside the form (the form posts what its list offers; a bad post is the server's test).
    await owner.getByLabel("Their e-mail address").fill(`someone-${Date.now()}@example.com`);
    await owner.getByRole("button", { name: "Add to the team" }).click();
    await expect(owner.getByText("Choose a role: Owner, Manager, Front desk, Care attendant")).toBeVisible();

    // She finds the Desk in her signed-in menu (on a phone, her account page has the same links).
    if (width >= 1024) {
      await gotoHydrated(desk, "/");
      await desk.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Desk" }).click();
    } else {
      await gotoHydrated(desk, "/account");
      await expect(desk.getByText("Role on the team")).toBeVisible();
      await expect(desk.getByRole("heading", { name: "Household" })).toHaveCount(0);
      // Her name, as the Owner typed it, is hers to change; a front desk sets no override PIN.
      await expect(desk.getByLabel("Your full name")).toHaveValue(name);
      await expect(desk.getByRole("heading", { name: "Override PIN" })).toHaveCount(0);
      await desk.getByRole("link", { name: "Desk" }).click();
    }
    await expect(desk.getByRole("heading", { name: "Stays", level: 1 })).toBeVisible();
    const menu = desk.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link")).toHaveText(["Dashboard", "Stays and occupancy", /^Messages/, "Vaccine records"]);

    // Content, rates, revenue and the team: refused (403), in words, inside the admin layout.
    for (const path of ["/admin/content", "/admin/rooms", "/admin/analytics/revenue", "/admin/team"]) {
      const response = await desk.goto(path);
      expect(response!.status(), path).toBe(403);
      // The server's page says why; the page itself is never shown, only the admin layout's error.
      await expect(desk.getByRole("alert")).toBeVisible();
      // And still says why once the page's script has taken over.
      await desk.waitForSelector("html[data-hydrated]", { state: "attached" });
      await expect(desk.getByRole("alert")).toContainText("Your role, Front desk, doesn't open this.");
      await expect(desk.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText([
        "Dashboard",
        "Stays and occupancy",
        /^Messages/,
        "Vaccine records",
      ]);
    }
    await screenshot(desk, "refused");
    await expectNoAxeViolations(desk);
  },
);
