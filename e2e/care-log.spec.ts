import crypto from "node:crypto";
import { businessDate, businessLocalToUtc, businessTime } from "../app/lib/business-time";
import { expectNoAxeViolations } from "./support/axe";
import { catPhoto, certificate, expectStatus, saveHouseholdByForm } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { gotoHydrated } from "./support/hydration";
import { mailsTo } from "./support/mail";
import { checkInAtDesk, openEveryDay } from "./support/stays";
import { expect, test } from "./support/own-server";

// The stay itself (issue 32): an admin adds a team member, who is not an admin; on a phone she opens
// Today, logs the cat's breakfast (half eaten), a dose given and a photo; the owner reads both on the stay's
// Care log, and at 6 pm gets them in the day's diary, once (the spec's own server, whose clock the test
// moves: TEST_CLOCK). A customer and a visitor get no access to Today nor to the stay. The rules (windows,
// corrections, who reads; the diary's hour, claims and opt-out) are tested on the database:
// server/care/care.db.test.ts and server/care/diary.db.test.ts.

test.use({ ownServerEnv: { TEST_CLOCK: "1" } });

test(
  "staff log a meal, a dose and a photo on Today; the owner reads them on the Care log and in the 6 pm diary",
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
    const anaEmail = await signIn(ana);
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

    // At 6 pm business time (the server's clock moved there, or a minute on if it is later), the diary.
    // The job's own timer ran when the server started (no stay yet) and runs again five minutes later,
    // beyond this test's three minutes: only the clock's runs send it, once everything above is logged.
    const since = Date.now() - 1000;
    const sixPm = businessLocalToUtc(businessDate(new Date()), "18:00");
    const advance = async (minutes: number) =>
      expectStatus(await admin.request.post("/test/clock", { data: { advanceMinutes: minutes } }), 200, `move the clock ${minutes} minutes`);
    await advance(Math.max(1, Math.ceil((sixPm.getTime() - Date.now()) / 60_000)));
    const diaries = () => mailsTo(anaEmail, since).filter((m) => m.subject.startsWith("Diary"));
    await expect.poll(() => diaries().length, { message: "the diary arrives" }).toBe(1);
    const diary = diaries()[0]!;
    expect(diary.subject).toMatch(new RegExp(`^Diary for ${cat} — `));
    expect(diary.text).toContain("Breakfast: Half");
    expect(diary.text).toMatch(/Methimazole 2\.5 mg, .+ dose: Given at .+ by [A-Z]{1,2}/);
    const photoPath = new RegExp(`/trips/${stayId}/photos/[0-9a-f-]+/480\\.webp`).exec(diary.html)?.[0];
    expect(photoPath, "the diary shows the photo").toBeTruthy();
    await expectStatus(await ana.request.get(photoPath!), 200, "the owner opens the diary's photo");
    // Later that evening the job runs again: still one diary.
    await advance(30);
    expect(diaries()).toHaveLength(1);

    // A customer and a visitor get no access to Today, nor to the stay.
    await ana.goto("/staff/today");
    await expect(ana).toHaveURL(/\/$/);
    const visitor = await browser.newContext({ baseURL });
    const nobody = await visitor.newPage();
    await nobody.goto("/staff/today");
    await expect(nobody).toHaveURL(/\/auth\?redirectTo=%2Fstaff%2Ftoday/);
    await nobody.goto(`/trips/${stayId}`);
    await expect(nobody).toHaveURL(/\/auth\?redirectTo=/);
    const stranger = await browser.newContext({ baseURL });
    const ben = await stranger.newPage();
    await signIn(ben);
    await expectStatus(await ben.request.get(`/trips/${stayId}`), 404, "another household's stay");
    await expectStatus(await ben.request.get(photoPath!), 404, "another household's photo");
    await Promise.all([owner.close(), team.close(), visitor.close(), stranger.close()]);
  },
);
