import crypto from "node:crypto";
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diaryForm } from "~/features/account/schema";
import { catForm } from "~/features/cats/schema";
import { addBusinessDays, businessDate, businessLocalToUtc, businessTime, formatCalendarDayLong } from "~/lib/business-time";
import { addStaffMember } from "../auth/roles";
import type { Database, Db } from "../db/client";
import { careDiarySends, mailQueue, stays, users } from "../db/schema/index";
import { loadEnv } from "../env";
import { saveDiaryPreference, updateCat } from "../households/households";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { deliverQueuedMail } from "../mail/queue";
import { startTestSmtp } from "../testing/test-smtp";
import { testHousehold } from "../testing/households";
import { catInSuite } from "../testing/care";
import { createTestDatabase } from "../testing/test-database";
import { logCareEntry, processCarePhoto } from "./care";
import { diaryDueAt, runCareDiaries } from "./diary";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
const deps = () => ({ db, env, logger: createLogger("silent") });
const today = businessDate(new Date());
const at = (day: string, time: string) => businessLocalToUtc(day, time);

/** A household whose cats (Milo, on Methimazole at 8am, and the others given) are each on a stay checked in, one stay per cat. */
async function householdInHotel(names: string[] = ["Milo"]) {
  const home = await testHousehold(db, new Date(), { cats: names });
  const guests: { stayId: string; catId: string; name: string }[] = [];
  for (const [i, name] of names.entries()) {
    const catId = home.catIds[i]!;
    if (name === "Milo")
      await updateCat(
        db,
        home.user.id,
        catId,
        catForm.parse({ name, sex: "male", spayedNeutered: "yes", medications: [{ name: "Methimazole", dose: "2.5 mg", times: "8am" }] }),
        new Date(),
      );
    const { stayId } = await catInSuite(db, {
      householdId: home.householdId,
      catId,
      catName: name,
      status: "checked_in",
      checkIn: addBusinessDays(today, -1),
      checkOut: addBusinessDays(today, 3),
    });
    guests.push({ stayId, catId, name });
  }
  return { ...home, guests };
}

async function staffMember() {
  const email = `maria.lopez.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await addStaffMember(db, email);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { userId: user!.id, email };
}

/** The day's breakfast (half eaten, 8:10) and dose (given, 8:04) for a cat, logged by Maria Lopez ("ML"). */
async function breakfastAndDose(day: string, guest: { stayId: string; catId: string }) {
  const staff = await staffMember();
  await logCareEntry(db, staff, { intent: "meal", ...guest, meal: "Breakfast", eaten: "half" }, at(day, "08:10"));
  await logCareEntry(
    db,
    staff,
    { intent: "dose", ...guest, medication: "Methimazole", dueAt: at(day, "08:00").toISOString(), outcome: "given" },
    at(day, "08:04"),
  );
  return staff;
}

/** The diaries queued for a household, any day. */
const diariesOf = (householdId: string) =>
  db
    .select()
    .from(mailQueue)
    .where(like(mailQueue.dedupeKey, `care-diary:${householdId}:%`));

/** The next day on which Los Angeles's offset from UTC changes (`forward`: the spring change, else the autumn one), found from today. */
function nextClockChange(forward: boolean): string {
  const offset = (day: string) => at(day, "12:00").getTime() - Date.parse(`${day}T12:00:00Z`);
  for (let i = 1; i <= 400; i++) {
    const day = addBusinessDays(today, i);
    const change = offset(day) - offset(addBusinessDays(day, -1));
    if (forward ? change < 0 : change > 0) return day;
  }
  throw new Error("no clock change within 400 days");
}

describe("the evening diary", () => {
  it("tells each cat's meals, doses with their time and initials, litter, weigh-in, photos and notes, in one mail for a household with two stays", async () => {
    const home = await householdInHotel(["Milo", "Luna"]);
    const milo = home.guests[0]!;
    const staff = await breakfastAndDose(today, milo);
    await logCareEntry(db, staff, { intent: "litter", ...milo, urine: true, stool: "normal" }, at(today, "09:05"));
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c08040" } })
      .jpeg()
      .toBuffer();
    const photo = await logCareEntry(db, staff, { intent: "photo", ...milo, remark: "Sunbathing" }, at(today, "15:10"), await processCarePhoto(jpeg));
    await logCareEntry(db, staff, { intent: "note", ...milo, remark: "Purred all afternoon." }, at(today, "16:00"));
    await logCareEntry(db, staff, { intent: "weight", ...milo, weight: 4250 }, at(today, "16:30"));

    await runCareDiaries(deps(), at(today, "18:00"));
    const mails = await diariesOf(home.householdId);
    expect(mails).toHaveLength(1);
    const { message, toAddress } = mails[0]!;
    expect(toAddress).toBe(home.user.email);
    expect(message.subject).toBe(`Diary for Luna and Milo — ${formatCalendarDayLong(today)}`);
    for (const words of [message.text, message.html]) {
      expect(words).toContain("Breakfast: Half (8:10 AM, ML)");
      expect(words).toContain("Methimazole 2.5 mg, 8:00 AM dose: given at 8:04 AM (ML)");
      expect(words).toContain("Urine, stool normal (9:05 AM, ML)");
      expect(words).toContain("Purred all afternoon. (4:00 PM, ML)");
      expect(words).toContain("Weight: 4.25 kg (4:30 PM, ML)");
      expect(words).toContain(`${env.PUBLIC_SITE_URL}/trips/${milo.stayId}/photos/${photo.id}/480.webp`);
      // Luna has nothing logged: the diary says so instead of leaving her out.
      expect(words).toContain("No entries yet today for Luna; the team has been alerted.");
      expect(words).toContain(`${env.PUBLIC_SITE_URL}/account`);
    }
    // The photo is in the mail itself (a mail client has no session for the site's private address),
    // linked to its page.
    expect(message.html).toMatch(
      new RegExp(`<a href="[^"]*/trips/${milo.stayId}/photos/${photo.id}/480\\.webp"><img src="cid:care-photo-1@diary"[^>]*alt="Milo, 3:10 PM: Sunbathing"`),
    );
    expect(message.text).toContain('Switch off "Send me the daily diary during a stay"');
  });

  it("carries the day's photos as inline JPEG attachments that the HTML names by Content-ID, as a mail client receives it", async () => {
    const home = await householdInHotel(["Milo"]);
    const milo = home.guests[0]!;
    const staff = await staffMember();
    for (const [time, color] of [
      ["11:00", "#c08040"],
      ["15:10", "#4080c0"],
    ] as const) {
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      await logCareEntry(db, staff, { intent: "photo", ...milo, remark: `At ${time}` }, at(today, time), await processCarePhoto(jpeg));
    }
    await runCareDiaries(deps(), at(today, "18:00"));

    const smtp = await startTestSmtp();
    try {
      const smtpEnv = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SMTP_URL: smtp.url });
      const mailer = createMailer(smtpEnv, createLogger("silent"));
      while ((await deliverQueuedMail({ db, mailer, env: smtpEnv }, at(today, "18:01"))).sent > 0);
      const mail = await smtp.waitForMail(home.user.email);
      const images = mail.attachments.filter((a) => a.cid);
      expect(images.map((a) => [a.contentType, a.cid])).toEqual([
        ["image/jpeg", "care-photo-1@diary"],
        ["image/jpeg", "care-photo-2@diary"],
      ]);
      for (const image of images) {
        expect(mail.html).toContain(`src="cid:${image.cid}"`);
        expect(await sharp(image.bytes).metadata()).toMatchObject({ format: "jpeg", width: 480 });
      }
      // No image of the mail is fetched from the site: the links only open the page.
      expect(mail.html).not.toMatch(/<img src="https?:/);
    } finally {
      await smtp.close();
    }
  });

  it("is queued once when two processes run the job at once, and not again later that evening", async () => {
    const home = await householdInHotel();
    await breakfastAndDose(today, home.guests[0]!);
    const sixPm = at(today, "18:00");
    await Promise.all([runCareDiaries(deps(), sixPm), runCareDiaries(deps(), sixPm)]);
    await runCareDiaries(deps(), at(today, "21:30"));
    expect(await diariesOf(home.householdId)).toHaveLength(1);
    expect(await db.select().from(careDiarySends).where(eq(careDiarySends.householdId, home.householdId))).toEqual([
      { householdId: home.householdId, day: today, sentAt: sixPm },
    ]);
  });

  it("waits for 18:00 business time: nothing at 17:59, the diary at 18:00", async () => {
    const home = await householdInHotel();
    await breakfastAndDose(today, home.guests[0]!);
    await runCareDiaries(deps(), at(today, "17:59"));
    expect(await diariesOf(home.householdId)).toHaveLength(0);
    await runCareDiaries(deps(), at(today, "18:00"));
    expect(await diariesOf(home.householdId)).toHaveLength(1);
  });

  it("is sent late the same night after a server was down all evening, but never for a day that is over", async () => {
    const day = addBusinessDays(today, 5);
    const home = await householdInHotel();
    await breakfastAndDose(day, home.guests[0]!);
    // Down from 17:00 to the next morning: the next morning's run sends nothing for the day before.
    await runCareDiaries(deps(), at(day, "17:00"));
    await runCareDiaries(deps(), at(addBusinessDays(day, 1), "09:00"));
    expect(await diariesOf(home.householdId)).toHaveLength(0);
    // Back at 23:55 the same day: sent, late.
    await runCareDiaries(deps(), at(day, "23:55"));
    expect((await diariesOf(home.householdId)).map((m) => m.dedupeKey)).toEqual([`care-diary:${home.householdId}:${day}`]);
  });

  for (const [change, forward] of [
    ["springs forward", true],
    ["falls back", false],
  ] as const) {
    it(`goes at 18:00 local time on the day the clocks ${change}, once`, async () => {
      const day = nextClockChange(forward);
      const sixPm = diaryDueAt(day);
      expect(businessTime(sixPm)).toBe("18:00");
      expect(businessDate(sixPm)).toBe(day);
      // Midnight plus 18 hours is 19:00 local in spring and 17:00 in autumn: the diary is at neither.
      const home = await householdInHotel();
      await breakfastAndDose(day, home.guests[0]!);
      await runCareDiaries(deps(), new Date(sixPm.getTime() - 60_000));
      expect(await diariesOf(home.householdId)).toHaveLength(0);
      await runCareDiaries(deps(), sixPm);
      await runCareDiaries(deps(), new Date(sixPm.getTime() + 60 * 60_000));
      const mails = await diariesOf(home.householdId);
      expect(mails.map((m) => m.dedupeKey)).toEqual([`care-diary:${home.householdId}:${day}`]);
      expect(mails[0]!.message.text).toContain("Breakfast: Half");
    });
  }

  it("is not sent to a household that switched it off on its account, and is again once switched back on", async () => {
    const day = addBusinessDays(today, 10);
    const home = await householdInHotel();
    await breakfastAndDose(day, home.guests[0]!);
    // The account page's form posts no "diary" field when the box is unticked.
    await saveDiaryPreference(db, home.user.id, diaryForm.parse({}), new Date());
    await runCareDiaries(deps(), at(day, "18:00"));
    expect(await diariesOf(home.householdId)).toHaveLength(0);
    await saveDiaryPreference(db, home.user.id, diaryForm.parse({ diary: "on" }), new Date());
    await runCareDiaries(deps(), at(day, "18:05"));
    expect(await diariesOf(home.householdId)).toHaveLength(1);
  });

  it("is sent for a household whose cats have no entry that day, saying so", async () => {
    const day = addBusinessDays(today, 12);
    const home = await householdInHotel(["Milo"]);
    await runCareDiaries(deps(), at(day, "18:00"));
    const [mail] = await diariesOf(home.householdId);
    expect(mail!.message.text).toContain("No entries yet today for Milo; the team has been alerted.");
    expect(mail!.message.text).not.toContain("Meals:");
  });

  it("leaves out stays that are not checked in", async () => {
    const day = addBusinessDays(today, 14);
    const home = await householdInHotel();
    await db.update(stays).set({ status: "checked_out" }).where(eq(stays.householdId, home.householdId));
    await runCareDiaries(deps(), at(day, "18:00"));
    expect(await diariesOf(home.householdId)).toHaveLength(0);
  });
});
