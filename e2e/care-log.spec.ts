import crypto from "node:crypto";
import { businessTime } from "../app/lib/business-time";
import { expectNoAxeViolations } from "./support/axe";
import { catPhoto, certificate, expectStatus, saveHouseholdByForm } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { gotoHydrated } from "./support/hydration";
import { checkInAtDesk, openEveryDay } from "./support/stays";
import { expect, test } from "./support/own-server";

// The stay itself (issue 32): an admin adds a team member, who is not an admin; on a phone she opens
// Today, logs the cat's breakfast (half eaten), a dose given and a photo; the owner reads both on the stay's
// Care log. A customer and a visitor get no access to Today. The rules (windows, corrections, who
// reads) are tested on the database: server/care/care.db.test.ts.

test(
  "staff log a meal, a dose and a photo on Today, and the owner reads them on the Care log",
  { tag: "@phone" },
  async ({ browser, page: admin, signIn, baseURL }) => {
    test.setTimeout(180_000);
    const cat = `Pepper ${crypto.randomBytes(3).toString("hex")}`;
    // The dose is due now (business time): logged within its window, it needs no remark.
    const doseTime = businessTime(new Date());
    await signIn(admin, { as: "admin" });

    // The owner: a household, a cat taking Methimazole now, its FVRCP verified by the admin.
    const owner = await browser.newContext({ baseURL, viewport: admin.viewportSize() });
    const ana = await owner.newPage();
    await signIn(ana);
    await saveHouseholdByForm(ana);
    const added = await ana.request.post("/cats/new", {
      multipart: {
        intent: "save",
        name: cat,
        sex: "female",
        spayedNeutered: "yes",
        approximateAge: "9",
        "medications[0].name": "Methimazole",
        "medications[0].dose": "2.5 mg",
        "medications[0].times": doseTime,
      },
      maxRedirects: 0,
    });
    await expectStatus(added, 302, `add ${cat}`);
    const catId = new URL(added.headers()["location"]!, "http://localhost").searchParams.get("saved")!;
    const uploaded = await ana.request.post(`/cats/${catId}`, {
      multipart: { intent: "upload-record", vaccine: "fvrcp", expiresOn: businessDayAhead(300).iso, document: certificate(`${cat}.pdf`) },
    });
    await expectStatus(uploaded, 200, `upload ${cat}'s FVRCP`);
    const recordId = /\/vaccine-records\/([0-9a-f-]+)\/document/.exec(await uploaded.text())![1]!;
    await expectStatus(
      await admin.request.post("/admin/documents", { form: { intent: "verify", recordId, expiresOn: businessDayAhead(300).iso } }),
      200,
      "verify the FVRCP",
    );

    // A stay booked as Book a Stay books it, arriving today (this server opens every day), checked in at the desk.
    await openEveryDay(admin);
    await ana.goto(`/book/stay?checkIn=${businessDayAhead(0).iso}&checkOut=${businessDayAhead(2).iso}&catIds=${catId}`);
    await ana.getByRole("button", { name: "Review booking" }).click();
    await ana.getByRole("button", { name: "Confirm booking" }).click();
    await expect(ana.getByRole("heading", { name: "My Trips", level: 1 })).toBeVisible();
    const stayId = new URL(ana.url()).searchParams.get("booked")!;
    await checkInAtDesk(admin, stayId, [catId]);

    // The admin adds a team member by e-mail.
    const team = await browser.newContext({ baseURL, viewport: admin.viewportSize() });
    const maria = await team.newPage();
    const memberEmail = await signIn(maria);
    await gotoHydrated(admin, "/admin/team");
    await admin.getByLabel("Team member's e-mail").fill(memberEmail);
    await admin.getByRole("button", { name: "Add to the team" }).click();
    await expect(admin.getByText(`${memberEmail} is on the team.`).first()).toBeVisible();

    // She opens Today on her phone and logs breakfast, half eaten, and the dose, given.
    await gotoHydrated(maria, "/staff/today");
    await expect(maria.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    const card = maria.getByRole("listitem", { name: cat });
    const breakfast = card.getByRole("listitem").filter({ hasText: "Breakfast" });
    await breakfast.getByRole("button", { name: "Half" }).click();
    await expect(breakfast.getByRole("status")).toContainText("Breakfast: half eaten");
    const dose = card.getByRole("region", { name: "Medication" }).getByRole("listitem").first();
    await dose.getByRole("button", { name: "Given" }).click();
    await expect(dose.getByRole("status")).toContainText("Methimazole 2.5 mg");
    await expect(dose.getByRole("status")).toContainText("given");
    const photos = card.getByRole("region", { name: "Water, play, photos and notes" });
    await photos.getByLabel(`Photo of ${cat}`).setInputFiles(await catPhoto("#c08040"));
    await photos.getByRole("button", { name: `Add photo of ${cat}` }).click();
    await expect(card.getByText("Logged today (3)")).toBeVisible();
    expect(await maria.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "nothing spills sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(maria);
    // She is not an admin: the admin area sends her home.
    await maria.goto("/admin/stays");
    await expect(maria).toHaveURL(/\/$/);

    // The owner follows My Trips to the stay's Care log.
    await ana.goto("/trips");
    await ana.getByRole("link", { name: /^Care log/ }).click();
    await expect(ana.getByRole("heading", { name: "Care log" })).toBeVisible();
    const log = ana.getByRole("region", { name: "Care log" });
    await expect(log).toContainText("Breakfast: half eaten");
    await expect(log).toContainText(/Methimazole 2\.5 mg \(.+ dose\): given · [A-Z]{1,2}/);
    const photo = log.getByRole("img", { name: new RegExp(`^${cat}, `) });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth), "the photo is served to the owner").toBeGreaterThan(0);
    await expectNoAxeViolations(ana);

    // A customer and a visitor get no access to Today.
    await ana.goto("/staff/today");
    await expect(ana).toHaveURL(/\/$/);
    const visitor = await browser.newContext({ baseURL });
    const nobody = await visitor.newPage();
    await nobody.goto("/staff/today");
    await expect(nobody).toHaveURL(/\/auth\?redirectTo=%2Fstaff%2Ftoday/);
    await Promise.all([owner.close(), team.close(), visitor.close()]);
  },
);
