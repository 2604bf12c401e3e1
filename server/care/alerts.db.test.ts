import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weightChangePercent } from "~/domain/care-alerts";
import type { CareAlertRule } from "~/domain/care-alerts";
import type { CareEntryInput } from "~/features/care/schema";
import { catForm } from "~/features/cats/schema";
import { houseRulesForm } from "~/features/stays/admin-schema";
import { addBusinessDays, businessDate, businessLocalToUtc, formatCalendarDayWeekday } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { careAlerts, smsQueue } from "../db/schema/index";
import { inTransaction } from "../db/transaction";
import { updateCat } from "../households/households";
import { loadStaySettings } from "../stays/calendar";
import { loadManagerMobile, saveHouseRules } from "../stays/rooms";
import { deskCheckOutPage } from "../stays/handovers";
import { releaseWithOverride } from "../stays/pickup";
import { changeStayAtDesk } from "../stays/staff";
import { catInSuite, staffMember } from "../testing/care";
import { checkInAtDesk } from "../testing/desk";
import { testHousehold } from "../testing/households";
import { createTestDatabase } from "../testing/test-database";
import { acknowledgeCareAlert, careAlertsToday, raiseWeightAlertsAfterCheckOut, raiseWeightChangeAlert, runCareAlerts } from "./alerts";
import { logCareEntry } from "./care";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const today = businessDate(new Date());
const yesterday = addBusinessDays(today, -1);
const at = (day: string, time: string) => businessLocalToUtc(day, time);
const minutesAfter = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);
const hoursAfter = (instant: Date, hours: number) => minutesAfter(instant, hours * 60);

type Guest = { stayId: string; catId: string; suite: string };

/** A cat (Miso unless named) checked in at the desk at `checkedInAt` (weighed at 4.20 kg), with its profile's medications. */
async function checkedIn(checkedInAt: Date, medications: { name: string; dose: string; times: string }[] = [], name = "Miso"): Promise<Guest> {
  const home = await testHousehold(db, checkedInAt);
  const catId = home.catIds[0]!;
  await updateCat(db, home.user.id, catId, catForm.parse({ name, sex: "female", spayedNeutered: "yes", medications }), new Date());
  const { stayId, suite } = await catInSuite(db, {
    householdId: home.householdId,
    catId,
    catName: name,
    status: "confirmed",
    checkIn: businessDate(checkedInAt),
    checkOut: addBusinessDays(today, 5),
  });
  // As the desk's page posts it (ADR 0161): the cat weighed at 4.20 kg.
  await checkInAtDesk(db, stayId, "desk@example.com", { siteUrl: "http://localhost", now: checkedInAt });
  return { stayId, catId, suite };
}

const log = async (g: Guest, now: Date, entry: Record<string, unknown> & { intent: CareEntryInput["intent"] }) =>
  logCareEntry(db, await staff, { stayId: g.stayId, catId: g.catId, ...entry } as CareEntryInput, now);
let staff: ReturnType<typeof staffMember>;
beforeAll(() => {
  staff = staffMember(db);
});

/** Runs the job at `now` and answers the guest's alerts of `rule` as stored. */
async function alertsAfterRun(g: Guest, rule: CareAlertRule, now: Date) {
  await runCareAlerts({ db }, now);
  return alertsOf(g, rule);
}
const alertsOf = (g: Guest, rule: CareAlertRule) =>
  db
    .select()
    .from(careAlerts)
    .where(and(eq(careAlerts.stayId, g.stayId), eq(careAlerts.catId, g.catId), eq(careAlerts.rule, rule)))
    .orderBy(careAlerts.since);

async function setManagerMobile(typed: string) {
  const s = await loadStaySettings(db);
  const form = houseRulesForm.parse({
    intent: "houseRules",
    maxNights: String(s.maxNights),
    freeCancellationDays: String(s.freeCancellationDays),
    lateCancellationFeePercent: String(s.lateCancellationFeePercent),
    medicationRate: (s.medicationRateCents / 100).toFixed(2),
    waitlistOfferHours: String(s.waitlistOfferHours),
    ...(typed ? { managerMobile: typed } : {}),
  });
  await saveHouseRules(db, form, "admin@example.com", new Date());
}

describe("the gap rules", () => {
  it("raise no food after 24 hours without a meal eaten, counting from check-in and then from the last meal eaten", async () => {
    const checkIn = at(addBusinessDays(today, -4), "10:00");
    const miso = await checkedIn(checkIn);
    expect(await alertsAfterRun(miso, "no_food_24h", minutesAfter(checkIn, 23 * 60 + 59))).toEqual([]);
    const [first] = await alertsAfterRun(miso, "no_food_24h", hoursAfter(checkIn, 24));
    expect(first).toMatchObject({ urgent: false, since: checkIn, key: checkIn.toISOString() });
    expect(first!.detail).toMatch(/^Food eaten: none logged since check-in/);

    // A meal left untouched does not count; one half eaten starts the next 24 hours.
    await log(miso, hoursAfter(checkIn, 25), { intent: "meal", meal: "Breakfast", eaten: "none" });
    const ate = hoursAfter(checkIn, 26);
    await log(miso, ate, { intent: "meal", meal: "Dinner", eaten: "half" });
    expect(await alertsAfterRun(miso, "no_food_24h", minutesAfter(ate, 23 * 60 + 59))).toHaveLength(1);
    const both = await alertsAfterRun(miso, "no_food_24h", hoursAfter(ate, 24));
    expect(both.map((a) => a.since)).toEqual([checkIn, ate]);
    expect(both[1]!.detail).toMatch(/^Food eaten: last logged /);
  });

  it("raise no urine after 24 hours (urgent), reading the entries that stand after a correction", async () => {
    const checkIn = at(addBusinessDays(today, -3), "09:00");
    const miso = await checkedIn(checkIn);
    const litter = await log(miso, hoursAfter(checkIn, 2), { intent: "litter", urine: true, stool: "normal" });
    // Corrected: there was no urine after all, so the 24 hours count from check-in.
    await log(miso, hoursAfter(checkIn, 3), { intent: "litter", urine: false, stool: "normal", correctsId: litter.id });
    expect(await alertsAfterRun(miso, "no_urine_24h", minutesAfter(checkIn, 23 * 60 + 59))).toEqual([]);
    expect(await alertsAfterRun(miso, "no_urine_24h", hoursAfter(checkIn, 24))).toMatchObject([{ urgent: true, since: checkIn }]);
  });

  it("raise no stool after 72 hours from the last normal or soft stool", async () => {
    const checkIn = at(addBusinessDays(today, -5), "09:00");
    const miso = await checkedIn(checkIn);
    const stool = hoursAfter(checkIn, 1);
    await log(miso, stool, { intent: "litter", urine: true, stool: "soft" });
    await log(miso, hoursAfter(checkIn, 30), { intent: "litter", urine: true, stool: "none" });
    expect(await alertsAfterRun(miso, "no_stool_72h", minutesAfter(stool, 71 * 60 + 59))).toEqual([]);
    expect(await alertsAfterRun(miso, "no_stool_72h", hoursAfter(stool, 72))).toMatchObject([{ urgent: false, since: stool, key: stool.toISOString() }]);
  });

  it("are raised once however often and by however many processes the job runs", async () => {
    const checkIn = at(addBusinessDays(today, -3), "11:00");
    const miso = await checkedIn(checkIn);
    const now = hoursAfter(checkIn, 30);
    await Promise.all([runCareAlerts({ db }, now), runCareAlerts({ db }, now)]);
    await runCareAlerts({ db }, minutesAfter(now, 5));
    expect(await alertsOf(miso, "no_food_24h")).toHaveLength(1);
    expect(await alertsOf(miso, "no_urine_24h")).toHaveLength(1);
  });
});

describe("an overdue dose", () => {
  it("is raised 60 minutes after its window closed with no dose logged, saying no text was sent when no manager's mobile is set", async () => {
    await setManagerMobile("");
    const checkIn = at(yesterday, "10:00");
    const miso = await checkedIn(checkIn, [{ name: "Methimazole", dose: "2.5 mg", times: "8am and 8pm" }]);
    // Last night's dose was given; yesterday morning's was before check-in.
    await log(miso, at(yesterday, "20:05"), { intent: "dose", medication: "Methimazole", dueAt: at(yesterday, "20:00").toISOString(), outcome: "given" });
    const windowEnd = at(today, "09:00");
    expect(await alertsAfterRun(miso, "dose_overdue", minutesAfter(windowEnd, 59))).toEqual([]);
    const [alert] = await alertsAfterRun(miso, "dose_overdue", minutesAfter(windowEnd, 60));
    expect(alert).toMatchObject({ urgent: true, since: at(today, "08:00"), smsSentAt: null });
    expect(alert!.detail).toContain("Methimazole 2.5 mg due at 8:00 AM");
    expect(alert!.detail).toContain("No text was sent: no manager's mobile is set in House rules.");
    expect(await db.select().from(smsQueue).where(eq(smsQueue.stayId, miso.stayId))).toEqual([]);
    expect(await alertsAfterRun(miso, "dose_overdue", minutesAfter(windowEnd, 120))).toHaveLength(1);
  });

  it("texts the manager's mobile once, even when two processes raise it at once", async () => {
    await setManagerMobile("(949) 555-0199");
    const miso = await checkedIn(at(yesterday, "10:00"), [{ name: "Insulin", dose: "1 unit", times: "8am" }], "Pixel");
    const now = minutesAfter(at(today, "09:00"), 60);
    await Promise.all([runCareAlerts({ db }, now), runCareAlerts({ db }, now)]);
    await runCareAlerts({ db }, minutesAfter(now, 5));
    const [alert, ...more] = await alertsOf(miso, "dose_overdue");
    expect(more).toEqual([]);
    expect(alert!.smsSentAt).toEqual(now);
    expect(alert!.detail).toContain("The manager's mobile was texted.");
    // The dose's text (no urine for 24 hours is urgent too, and texted on its own, ADR 0188).
    const texts = (await db.select().from(smsQueue).where(eq(smsQueue.stayId, miso.stayId))).filter((t) => t.body.includes("Insulin"));
    expect(texts.map((t) => t.toPhone)).toEqual(["+19495550199"]);
    // With its day: yesterday's 8:00 AM dose and today's would otherwise read the same.
    expect(texts[0]!.body).toContain(`Pixel (${miso.suite}) has no Insulin 1 unit logged for 8:00 AM on ${formatCalendarDayWeekday(today)}`);

    // House rules keep the number as E.164, refuse one that is not a phone number, and no page's settings carry it.
    expect(await loadManagerMobile(db)).toBe("+19495550199");
    expect(houseRulesForm.safeParse({ intent: "houseRules", managerMobile: "555-0199" }).error?.issues).toContainEqual(
      expect.objectContaining({ path: ["managerMobile"], message: "Enter the manager's mobile as 10 digits" }),
    );
    expect(await loadStaySettings(db)).not.toHaveProperty("managerMobile");
    await setManagerMobile("");
    expect(await loadManagerMobile(db)).toBeNull();
  });
});

describe("nothing logged today", () => {
  it("is raised at 17:30 for a cat with no entry that day, once, keyed by the day", async () => {
    const checkIn = at(yesterday, "12:00");
    const quiet = await checkedIn(checkIn);
    const fed = await checkedIn(checkIn, [], "Tofu");
    await log(fed, at(today, "09:00"), { intent: "water" });
    expect(await alertsAfterRun(quiet, "no_entry_today", at(today, "17:29"))).toEqual([]);
    expect(await alertsAfterRun(quiet, "no_entry_today", at(today, "17:30"))).toMatchObject([{ key: today, urgent: false }]);
    expect(await alertsAfterRun(fed, "no_entry_today", at(today, "18:00"))).toEqual([]);
    expect(await alertsAfterRun(quiet, "no_entry_today", at(today, "18:00"))).toHaveLength(1);
  });
});

describe("on Today", () => {
  it("shows the open alerts urgent first; acknowledging records who and when, once, and moves it to the acknowledged list", async () => {
    const checkIn = at(addBusinessDays(today, -2), "08:00");
    const miso = await checkedIn(checkIn, [], "Biscuit");
    const now = hoursAfter(checkIn, 25);
    await runCareAlerts({ db }, now);
    const mine = (await careAlertsToday(db, now)).open.filter((a) => a.catName === "Biscuit");
    expect(mine.map((a) => [a.what, a.urgent, a.suite])).toEqual([
      ["No urine in 24 hours", true, miso.suite],
      ["No food eaten in 24 hours", false, miso.suite],
    ]);

    const maria = await staff;
    const ackAt = minutesAfter(now, 3);
    const done = await acknowledgeCareAlert(db, maria, mine[0]!.id, ackAt);
    expect(done).toMatchObject({ acknowledgedByUserId: maria.userId, acknowledgedBy: "ML", acknowledgedAt: ackAt });
    // Today names who acknowledged it (ADR 0196); the row keeps the initials.
    const later = await careAlertsToday(db, minutesAfter(ackAt, 1));
    expect(later.open.filter((a) => a.catName === "Biscuit").map((a) => a.what)).toEqual(["No food eaten in 24 hours"]);
    expect(later.acknowledged.filter((a) => a.catName === "Biscuit").map((a) => [a.what, a.acknowledgedBy])).toEqual([["No urine in 24 hours", "Maria Lopez"]]);

    // A second acknowledgement says who did it, and changes nothing; nor may anything else change it.
    await expect(acknowledgeCareAlert(db, maria, mine[0]!.id, minutesAfter(ackAt, 5))).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Maria Lopez acknowledged this alert already/),
    });
    await expect(db.update(careAlerts).set({ acknowledgedAt: now }).where(eq(careAlerts.id, mine[0]!.id))).rejects.toThrow();
    expect((await db.select().from(careAlerts).where(eq(careAlerts.id, mine[0]!.id)))[0]!.acknowledgedAt).toEqual(ackAt);
    await expect(acknowledgeCareAlert(db, maria, crypto.randomUUID(), ackAt)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the weight rule", () => {
  it("raises the alert once when the weigh-in on night 7 is 5 % below the arrival weight, and not for 4.8 %", async () => {
    const checkIn = at(addBusinessDays(today, -7), "10:00");
    // Both weighed 4.20 kg at the desk.
    const miso = await checkedIn(checkIn, [], "Mochi");
    const tofu = await checkedIn(checkIn, [], "Tofu");
    const weighAt = at(today, "09:00");
    await log(tofu, weighAt, { intent: "weight", weight: 4000 });
    expect(await alertsOf(tofu, "weight_change")).toEqual([]);

    const weighed = await log(miso, weighAt, { intent: "weight", weight: 3990 });
    // Corrected the same day, and the job run: still the one alert.
    await log(miso, minutesAfter(weighAt, 5), { intent: "weight", weight: 3980, correctsId: weighed.id });
    await runCareAlerts({ db }, minutesAfter(weighAt, 10));
    const alerts = await alertsOf(miso, "weight_change");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      key: `weigh-in ${today}`,
      since: weighAt,
      urgent: true,
      detail: expect.stringMatching(/^Lost 5\.0 % during the stay: 4,200 g at arrival, 3,990 g at the weigh-in on night 7\. /),
    });
    const onToday = (await careAlertsToday(db, minutesAfter(weighAt, 10))).open.find((a) => a.id === alerts[0]!.id);
    expect(onToday).toMatchObject({ catName: "Mochi", what: "Weight changed during the stay", suite: miso.suite });
  });

  it("raises an alert at check-out for a change of 5 % or more, not 4.9 %, once per stay and cat", async () => {
    expect(weightChangePercent(4000, 3804)).toBe(-4.9);
    expect(weightChangePercent(4000, 4200)).toBe(5);
    const now = new Date();
    const lost = await checkedIn(at(yesterday, "10:00"));
    const raise = (g: Guest, arrivalGrams: number, departureGrams: number) =>
      db.transaction((tx) => raiseWeightChangeAlert(tx, { ...g, arrivalGrams, departureGrams, now }));
    expect(await raise(lost, 4000, 3804)).toBeNull();
    expect(await raise(lost, 4000, 3800)).toMatchObject({
      rule: "weight_change",
      detail: expect.stringMatching(/^Lost 5\.0 % during the stay: 4,000 g at arrival, 3,800 g at check-out\. /),
    });
    expect(await raise(lost, 4000, 3700)).toBeNull();
    expect(await alertsOf(lost, "weight_change")).toHaveLength(1);
    const gained = await checkedIn(at(yesterday, "10:00"), [], "Tofu");
    expect((await raise(gained, 4000, 4200))!.detail).toMatch(/^Gained 5\.0 %/);
  });

  it("is raised by the desk's check-out, in its transaction, for a cat that lost 6 %: one alert, on Today", async () => {
    const now = new Date();
    const miso = await checkedIn(at(yesterday, "10:00"), [], "Pixel");
    const page = await deskCheckOutPage(db, miso.stayId);
    // The route's check-out: weighed 3,948 g, 6 % less than the 4,200 g at arrival.
    const checkOut = () =>
      changeStayAtDesk(db, miso.stayId, "checkOut", "desk@example.com", {
        siteUrl: "http://localhost",
        now,
        reason: "Invoiced",
        handover: { cats: page.cats.map((c) => ({ catId: c.catId, weight: 3948, doses: c.doses, belongings: c.belongings })), staffUserId: null },
        afterCheckOut: raiseWeightAlertsAfterCheckOut,
      });
    // Not released yet: no check-out, no alert.
    await expect(checkOut()).rejects.toMatchObject({ code: "CAT_NOT_RELEASED" });
    expect(await alertsOf(miso, "weight_change")).toEqual([]);
    const manager = { userId: crypto.randomUUID(), email: "manager@example.com", isAdmin: true };
    await releaseWithOverride(db, { stayId: miso.stayId, reason: "The owner called ahead", staff: manager }, now);
    await checkOut();
    const [alert, ...more] = await alertsOf(miso, "weight_change");
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      key: "check-out",
      detail: expect.stringMatching(/^Lost 6\.0 % during the stay: 4,200 g at arrival, 3,948 g at check-out\. /),
    });
    // Raised once, however often it is asked.
    expect(await inTransaction(db, (tx) => raiseWeightAlertsAfterCheckOut(tx, miso.stayId, now))).toEqual([]);
    expect(await alertsOf(miso, "weight_change")).toHaveLength(1);
    const onToday = (await careAlertsToday(db, now)).open.filter((a) => a.id === alert!.id);
    expect(onToday).toEqual([expect.objectContaining({ catName: "Pixel", what: expect.any(String), detail: alert!.detail })]);
  });
});
