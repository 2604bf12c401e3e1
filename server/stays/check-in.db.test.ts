import crypto from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catForm, householdForm } from "~/features/cats/schema";
import type { StayStatus } from "~/domain/stay-status";
import { checkInPlanForm, signAgreementForm } from "~/features/stays/check-in-schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { publishValue } from "../content/content";
import type { Database } from "../db/client";
import { cats, mailQueue, stayAgreementSignatures, stayCats, stayCheckInReminders, stayPickupPeople, staySuites, stays, suites } from "../db/schema/index";
import { loadEnv } from "../env";
import { saveHousehold, updateCat } from "../households/households";
import { createLogger } from "../logger";
import { testHousehold } from "../testing/households";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";
import { checkInPage, checkInStatuses, confirmCheckInPlan, publishedAgreement, runCheckInReminders, signAgreement } from "./check-in";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
const origin = { ipAddress: "203.0.113.9", userAgent: "Mozilla/5.0 (Test) Check-in" };

/** A household's stay as stored, `days` ahead for two nights, its cats in a suite of its own. */
async function stayOf(household: { householdId: string; catIds: string[] }, days: number, status: StayStatus = "confirmed") {
  const { db } = database;
  const checkIn = addBusinessDays(today, days);
  const dates = { checkIn, checkOut: addBusinessDays(checkIn, 2) };
  const type = await testSuiteType(db, 1, { maxCats: 4 });
  const [suite] = await db.select().from(suites).where(eq(suites.suiteTypeId, type.id));
  const [stay] = await db
    .insert(stays)
    .values({ householdId: household.householdId, status, ...dates, totalCents: 10_000, priceLines: [], cancellationTiers: [] })
    .returning();
  const [room] = await db
    .insert(staySuites)
    .values({ stayId: stay!.id, suiteId: suite!.id, suiteTypeId: type.id, ...dates })
    .returning();
  const names = household.catIds.length > 0 ? await db.select({ id: cats.id, name: cats.name }).from(cats).where(inArray(cats.id, household.catIds)) : [];
  if (names.length > 0)
    await db.insert(stayCats).values(names.map((cat) => ({ stayId: stay!.id, staySuiteId: room!.id, catId: cat.id, catName: cat.name, ...dates })));
  return stay!;
}

/** The plan as the page posts it (parsed by its schema first). */
const planFor = (catIds: string[], pickup: { name: string; phone: string }[] = []) =>
  checkInPlanForm.parse({
    intent: "plan",
    cats: catIds.map((catId) => ({ catId, food: "Dry kibble", amountPerMeal: "1/4 cup", medications: [{ name: "Methimazole", times: "8am", doses: "14" }] })),
    vetSpendLimit: "400",
    contactName: "Bo Ruiz",
    contactPhone: "(949) 249-5678",
    pickup,
  });
const signature = (fullName: string, version: string) => signAgreementForm.parse({ intent: "sign", fullName, agree: "on", version });
const statusOf = async (stayId: string) => (await checkInStatuses(database.db, [stayId])).get(stayId);

describe("online check-in", () => {
  it("prefills the plan from the cats' profiles, then is incomplete, then ready once signed", async () => {
    const { db } = database;
    const ana = await testHousehold(db, now, { cats: ["Miso", "Tofu"] });
    await saveHousehold(
      db,
      ana.user.id,
      householdForm.parse({ name: "Ana Ruiz", mobilePhone: "(949) 249-1234", emergencyContactName: "Bo Ruiz", emergencyContactPhone: "(949) 249-5678" }),
      now,
    );
    await updateCat(
      db,
      ana.user.id,
      ana.catIds[0]!,
      catForm.parse({
        name: "Miso",
        sex: "female",
        spayedNeutered: "yes",
        feedingInstructions: "Wet food, morning and night",
        behaviourNotes: "Hides under the bed",
        medications: [{ name: "Methimazole", dose: "2.5 mg", times: "8am and 8pm" }],
      }),
      now,
    );
    const stay = await stayOf(ana, 10);

    const page = await checkInPage(db, ana.user.id, stay.id, now);
    expect(page.status).toBe("not_started");
    expect(page.open).toBe(true);
    expect(page.cats.find((c) => c.catId === ana.catIds[0])).toMatchObject({
      catName: "Miso",
      food: "Wet food, morning and night",
      hidingAndFears: "Hides under the bed",
      medications: [{ name: "Methimazole 2.5 mg", times: "8am and 8pm", doses: null }],
    });
    expect(page).toMatchObject({ contactName: "Bo Ruiz", contactPhone: "+19492495678", signature: null });

    await confirmCheckInPlan(db, ana.user.id, stay.id, planFor(ana.catIds, [{ name: "Cy Ruiz", phone: "+19492495679" }]), now);
    expect(await statusOf(stay.id)).toBe("incomplete");
    const planned = await checkInPage(db, ana.user.id, stay.id, now);
    expect(planned.vetSpendLimit).toBe(400);
    expect(planned.pickup).toEqual([{ name: "Cy Ruiz", phone: "+19492495679" }]);
    expect(planned.cats[0]!.medications).toEqual([{ name: "Methimazole", times: "8am", doses: 14 }]);

    await signAgreement(db, ana.user.id, stay.id, signature("Ana Ruiz", page.agreement.version), origin, now);
    expect(await statusOf(stay.id)).toBe("ready");
    expect((await checkInPage(db, ana.user.id, stay.id, now)).status).toBe("ready");
  });

  it("keeps the signature with its time, address, browser, the agreement's version, hash and words, as typed, and never changes it", async () => {
    const { db } = database;
    const ana = await testHousehold(db, now);
    const stay = await stayOf(ana, 12);
    const agreement = await publishedAgreement(db);
    // Another name than the household's ("Ana Ruiz") is allowed: the name typed is what is kept.
    await signAgreement(db, ana.user.id, stay.id, signature("Anastasia R. Ruiz", agreement.version), origin, now);
    const [row] = await db.select().from(stayAgreementSignatures).where(eq(stayAgreementSignatures.stayId, stay.id));
    expect(row).toMatchObject({
      signedName: "Anastasia R. Ruiz",
      signedAt: now,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
      agreementVersion: agreement.version,
      agreementText: agreement.document,
    });
    expect(row!.agreementSha256).toBe(crypto.createHash("sha256").update(row!.agreementText, "utf8").digest("hex"));
    expect(row!.agreementVersion).toBe(row!.agreementSha256.slice(0, 12));
    expect((await checkInPage(db, ana.user.id, stay.id, now)).signature).toMatchObject({ signedName: "Anastasia R. Ruiz" });

    // The database refuses any change to a signature; signing again adds one, and the latest counts.
    await expect(db.update(stayAgreementSignatures).set({ signedName: "Someone Else" }).where(eq(stayAgreementSignatures.id, row!.id))).rejects.toThrow();
    const later = new Date(now.getTime() + 60_000);
    await signAgreement(db, ana.user.id, stay.id, signature("Ana Ruiz", agreement.version), origin, later);
    expect(await db.select().from(stayAgreementSignatures).where(eq(stayAgreementSignatures.stayId, stay.id))).toHaveLength(2);
    expect((await checkInPage(db, ana.user.id, stay.id, later)).signature).toMatchObject({ signedName: "Ana Ruiz" });
  });

  it("gives a new version when the words change, and refuses a signature of the words the page showed before", async () => {
    const { db } = database;
    const ana = await testHousehold(db, now);
    const stay = await stayOf(ana, 14);
    const before = await publishedAgreement(db);
    try {
      await publishValue(db, "agreement", { title: before.title, text: `${before.text}\n\nPets stay indoors.` }, "owner@cathotel.test");
      const after = await publishedAgreement(db);
      expect(after.version).not.toBe(before.version);
      await expect(signAgreement(db, ana.user.id, stay.id, signature("Ana Ruiz", before.version), origin, now)).rejects.toMatchObject({
        status: 409,
        code: "AGREEMENT_CHANGED",
      });
      const signed = await signAgreement(db, ana.user.id, stay.id, signature("Ana Ruiz", after.version), origin, now);
      expect(signed.agreementText).toContain("Pets stay indoors.");
    } finally {
      await publishValue(db, "agreement", { title: before.title, text: before.text }, "owner@cathotel.test");
    }
  });

  it("holds at most three pickup people in the database, and replaces them on each confirmation", async () => {
    const { db } = database;
    const ana = await testHousehold(db, now);
    const stay = await stayOf(ana, 16);
    const three = [1, 2, 3].map((i) => ({ name: `Person ${i}`, phone: `+1949249567${i}` }));
    await confirmCheckInPlan(db, ana.user.id, stay.id, planFor(ana.catIds, three), now);
    expect(await db.select().from(stayPickupPeople).where(eq(stayPickupPeople.stayId, stay.id))).toHaveLength(3);
    // A fourth, written past the form, is refused by the table itself.
    await expect(db.insert(stayPickupPeople).values({ stayId: stay.id, position: 4, name: "Person 4", phone: "+19492495674" })).rejects.toThrow();
    await confirmCheckInPlan(db, ana.user.id, stay.id, planFor(ana.catIds, three.slice(0, 1)), now);
    expect((await db.select().from(stayPickupPeople).where(eq(stayPickupPeople.stayId, stay.id))).map((p) => p.name)).toEqual(["Person 1"]);
  });

  it("answers another household's stay as an unknown one, and refuses a stay that is not open or whose cats changed", async () => {
    const { db } = database;
    const ana = await testHousehold(db, now);
    const ben = await testHousehold(db, now);
    const stay = await stayOf(ana, 18);
    const notFound = { status: 404, code: "STAY_NOT_FOUND" };
    await expect(checkInPage(db, ben.user.id, stay.id, now)).rejects.toMatchObject(notFound);
    await expect(confirmCheckInPlan(db, ben.user.id, stay.id, planFor(ana.catIds), now)).rejects.toMatchObject(notFound);
    await expect(signAgreement(db, ben.user.id, stay.id, signature("Ben", "x"), origin, now)).rejects.toMatchObject(notFound);
    await expect(checkInPage(db, ana.user.id, "not-a-uuid", now)).rejects.toMatchObject(notFound);

    await expect(confirmCheckInPlan(db, ana.user.id, stay.id, planFor([]), now)).rejects.toMatchObject({ status: 409, code: "CHECK_IN_CATS_CHANGED" });
    const cancelled = await stayOf(ana, 20, "cancelled");
    await expect(confirmCheckInPlan(db, ana.user.id, cancelled.id, planFor(ana.catIds), now)).rejects.toMatchObject({ status: 409, code: "CHECK_IN_CLOSED" });
    const past = await stayOf(ana, -5, "checked_out");
    await expect(signAgreement(db, ana.user.id, past.id, signature("Ana Ruiz", "x"), origin, now)).rejects.toMatchObject({
      status: 409,
      code: "CHECK_IN_CLOSED",
    });
    expect((await checkInPage(db, ana.user.id, past.id, now)).open).toBe(false);
  });
});

describe("the check-in reminder", () => {
  it("is e-mailed once per stay arriving in two days that is not ready, however many processes run it at once", async () => {
    const { db } = database;
    const deps = { db, env, logger: createLogger("silent") };
    const household = () => testHousehold(db, now);
    const due = await stayOf(await household(), 2);
    const pending = await stayOf(await household(), 2, "pending_review");
    const tomorrow = await stayOf(await household(), 1);
    const inThree = await stayOf(await household(), 3);
    const cancelled = await stayOf(await household(), 2, "cancelled");
    const readyHousehold = await household();
    const ready = await stayOf(readyHousehold, 2);
    await confirmCheckInPlan(db, readyHousehold.user.id, ready.id, planFor(readyHousehold.catIds), now);
    await signAgreement(db, readyHousehold.user.id, ready.id, signature("Ana Ruiz", (await publishedAgreement(db)).version), origin, now);
    const mine = [due, pending, tomorrow, inThree, cancelled, ready].map((s) => s.id);

    const runs = await Promise.all(Array.from({ length: 4 }, () => runCheckInReminders(deps, now)));
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(2);
    const mails = await db.select().from(mailQueue).where(like(mailQueue.dedupeKey, "check-in-reminder:%"));
    const ours = mails.filter((m) => m.stayId !== null && mine.includes(m.stayId));
    expect(ours.map((m) => m.stayId).sort()).toEqual([due.id, pending.id].sort());
    const mail = ours.find((m) => m.stayId === due.id)!;
    expect(mail.message.subject).toMatch(/^Check in online for Miso's stay on /);
    expect(mail.message.text).toContain(`${env.PUBLIC_SITE_URL}/trips/${due.id}/check-in`);
    expect((await db.select().from(stayCheckInReminders).where(inArray(stayCheckInReminders.stayId, mine))).map((r) => r.stayId).sort()).toEqual(
      [due.id, pending.id].sort(),
    );

    // Later runs send nothing more.
    expect(await runCheckInReminders(deps, now)).toMatchObject({ queued: 0 });
  });
});
