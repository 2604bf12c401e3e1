import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CareAlertRule } from "~/domain/care-alerts";
import { type CareEntryInput, careEntryForm, incidentForm } from "~/features/care/schema";
import { catForm } from "~/features/cats/schema";
import { houseRulesForm } from "~/features/stays/admin-schema";
import { addBusinessDays, businessDate, businessLocalToUtc, formatBusinessDateTime } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { careAlerts, smsQueue, stays } from "../db/schema/index";
import { updateCat } from "../households/households";
import { loadStaySettings } from "../stays/calendar";
import { loadOwnerMobile, saveHouseRules } from "../stays/rooms";
import { catInSuite, staffMember } from "../testing/care";
import { checkInAtDesk, checkOutAtDesk } from "../testing/desk";
import { testHousehold } from "../testing/households";
import { createTestDatabase } from "../testing/test-database";
import { releaseWithOverride } from "../stays/pickup";
import { acknowledgeCareAlert, acknowledgeCareAlerts, careAlertsToday, escalateCareAlerts, raiseWeightChangeAlert, runCareAlerts } from "./alerts";
import { logCareEntry } from "./care";
import { recordIncident } from "./incidents";
import { inTransaction } from "../db/transaction";

/** ADR 0188: every urgent alert texts the manager once; one still open 30 minutes later texts the hotel's owner, once. */

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await setMobiles({ manager: "(949) 555-0199", owner: "(949) 555-0142" });
});
afterAll(() => database.close());

const today = businessDate(new Date());
const yesterday = addBusinessDays(today, -1);
const at = (day: string, time: string) => businessLocalToUtc(day, time);
const minutesAfter = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);
const MANAGER = "+19495550199";
const OWNER = "+19495550142";

async function setMobiles(m: { manager?: string; owner?: string }) {
  const s = await loadStaySettings(db);
  await saveHouseRules(
    db,
    houseRulesForm.parse({
      intent: "houseRules",
      maxNights: String(s.maxNights),
      freeCancellationDays: String(s.freeCancellationDays),
      lateCancellationFeePercent: String(s.lateCancellationFeePercent),
      medicationRate: (s.medicationRateCents / 100).toFixed(2),
      waitlistOfferHours: String(s.waitlistOfferHours),
      ...(m.manager ? { managerMobile: m.manager } : {}),
      ...(m.owner ? { ownerMobile: m.owner } : {}),
    }),
    "admin@example.com",
    new Date(),
  );
}

type Guest = { stayId: string; catId: string; suite: string; userId: string };

/** A cat checked in at the desk at `checkedInAt` (weighed at 4.20 kg). */
async function checkedIn(checkedInAt: Date, name: string, medications: { name: string; dose: string; times: string }[] = []): Promise<Guest> {
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
  await checkInAtDesk(db, stayId, "desk@example.com", { siteUrl: "http://localhost", now: checkedInAt });
  return { stayId, catId, suite, userId: home.user.id };
}

const alertOf = async (g: Guest, rule: CareAlertRule) => {
  const [alert] = await db
    .select()
    .from(careAlerts)
    .where(and(eq(careAlerts.stayId, g.stayId), eq(careAlerts.rule, rule)));
  return alert;
};
const textsTo = (g: Guest, to: string) =>
  db
    .select()
    .from(smsQueue)
    .where(and(eq(smsQueue.stayId, g.stayId), eq(smsQueue.toPhone, to), like(smsQueue.dedupeKey, "care-alert%")));

describe("an urgent alert", () => {
  it("no urine in 24 hours: the manager is texted once with the date and the cat; 30 minutes unacknowledged, the owner once, across two processes", async () => {
    const checkIn = at(yesterday, "09:00");
    const luna = await checkedIn(checkIn, "Luna");
    const raisedAt = minutesAfter(checkIn, 24 * 60);
    await Promise.all([runCareAlerts({ db }, raisedAt), runCareAlerts({ db }, raisedAt)]);
    const alert = await alertOf(luna, "no_urine_24h");
    expect(alert).toMatchObject({ urgent: true, smsSentAt: raisedAt, escalatedAt: null });
    const [toManager, ...more] = await textsTo(luna, MANAGER);
    expect(more).toEqual([]);
    expect(toManager!.body).toMatch(new RegExp(`urgent care alert, .+: Luna \\(${luna.suite}\\): No urine in 24 hours\\.`));
    expect(toManager!.body).toContain(`urgent care alert, ${formatBusinessDateTime(raisedAt)}: Luna`);

    // 29 minutes: nobody else is told.
    await Promise.all([escalateCareAlerts({ db }, minutesAfter(raisedAt, 29)), escalateCareAlerts({ db }, minutesAfter(raisedAt, 29))]);
    expect(await textsTo(luna, OWNER)).toEqual([]);
    // 30 minutes, two processes at once: the owner is texted once.
    const thirty = minutesAfter(raisedAt, 30);
    await Promise.all([escalateCareAlerts({ db }, thirty), escalateCareAlerts({ db }, thirty)]);
    await escalateCareAlerts({ db }, minutesAfter(raisedAt, 60));
    const [toOwner, ...again] = await textsTo(luna, OWNER);
    expect(again).toEqual([]);
    expect(toOwner!.body).toMatch(
      new RegExp(`urgent care alert for Luna \\(${luna.suite}\\), raised .+, is not acknowledged after 30 minutes: No urine in 24 hours\\.`),
    );
    expect((await alertOf(luna, "no_urine_24h"))!.escalatedAt).toEqual(thirty);
    // Today says so on the open alert.
    const { open } = await careAlertsToday(db, minutesAfter(raisedAt, 31));
    expect(open.find((a) => a.id === alert!.id)).toMatchObject({ escalatedTime: expect.stringMatching(/^\d{1,2}:\d{2} [AP]M$/) });

    // Acknowledged afterwards, it says by whom and when.
    const staff = await staffMember(db, `sam.reyes.${Date.now()}@example.com`);
    await acknowledgeCareAlert(db, staff, alert!.id, minutesAfter(raisedAt, 40));
    const { acknowledged } = await careAlertsToday(db, minutesAfter(raisedAt, 41));
    expect(acknowledged.find((a) => a.id === alert!.id)).toMatchObject({ acknowledgedBy: "Sam Reyes", acknowledgedTime: expect.any(String) });
  });

  it("acknowledged within 30 minutes: the owner is not texted", async () => {
    const checkIn = at(yesterday, "11:00");
    const tofu = await checkedIn(checkIn, "Tofu");
    const raisedAt = minutesAfter(checkIn, 24 * 60);
    await runCareAlerts({ db }, raisedAt);
    const alert = await alertOf(tofu, "no_urine_24h");
    const staff = await staffMember(db);
    await acknowledgeCareAlert(db, staff, alert!.id, minutesAfter(raisedAt, 12));
    await escalateCareAlerts({ db }, minutesAfter(raisedAt, 30));
    expect(await textsTo(tofu, OWNER)).toEqual([]);
    expect(await textsTo(tofu, MANAGER)).toHaveLength(1);
  });

  it("a cat gone home: its open urgent alert is not escalated", async () => {
    const checkIn = at(yesterday, "12:00");
    const gone = await checkedIn(checkIn, "Mochi");
    const raisedAt = minutesAfter(checkIn, 24 * 60);
    await runCareAlerts({ db }, raisedAt);
    await db.update(stays).set({ status: "checked_out" }).where(eq(stays.id, gone.stayId));
    await escalateCareAlerts({ db }, minutesAfter(raisedAt, 30));
    expect(await textsTo(gone, OWNER)).toEqual([]);
    expect((await alertOf(gone, "no_urine_24h"))!.escalatedAt).toBeNull();
  });

  it("an incident raises an urgent alert and texts the manager once", async () => {
    const pixel = await checkedIn(at(today, "08:00"), "Pixel");
    const staff = await staffMember(db);
    const now = at(today, "14:40");
    await recordIncident(
      db,
      staff,
      pixel.stayId,
      incidentForm.parse({
        intent: "incident",
        catId: pixel.catId,
        whatHappened: "Pixel slipped out of the suite",
        when: "14:30",
        whatWasDone: "Caught her in the hall",
      }),
      { siteUrl: "https://cats.example" },
      now,
    );
    expect(await alertOf(pixel, "incident")).toMatchObject({ urgent: true, smsSentAt: now });
    const [text] = await textsTo(pixel, MANAGER);
    expect(text!.body).toContain(`Pixel (${pixel.suite}): Incident.`);
    expect(text!.body).toContain("Pixel slipped out of the suite. What was done: Caught her in the hall. No vet was called.");
  });

  it("a weight change of 5 % at a weigh-in is urgent and texts the manager", async () => {
    const milo = await checkedIn(at(addBusinessDays(today, -2), "10:00"), "Milo", [{ name: "Methimazole", dose: "2.5 mg", times: "8am" }]);
    const staff = await staffMember(db);
    const now = at(today, "16:00");
    await logCareEntry(db, staff, careEntryForm.parse({ intent: "weight", stayId: milo.stayId, catId: milo.catId, weight: "3.99" }) as CareEntryInput, now);
    expect(await alertOf(milo, "weight_change")).toMatchObject({ urgent: true, smsSentAt: now });
    expect((await textsTo(milo, MANAGER))[0]!.body).toContain("Weight changed during the stay. Lost 5.0 % during the stay");
  });

  it("with no owner's mobile set, nothing is escalated or claimed; House rules keep the number as E.164 and no page's settings carry it", async () => {
    await setMobiles({ manager: "(949) 555-0199" });
    expect(await loadOwnerMobile(db)).toBeNull();
    const checkIn = at(yesterday, "13:00");
    const kiki = await checkedIn(checkIn, "Kiki");
    const raisedAt = minutesAfter(checkIn, 24 * 60);
    await runCareAlerts({ db }, raisedAt);
    expect(await escalateCareAlerts({ db }, minutesAfter(raisedAt, 45))).toEqual([]);
    expect((await alertOf(kiki, "no_urine_24h"))!.escalatedAt).toBeNull();
    expect(houseRulesForm.safeParse({ intent: "houseRules", ownerMobile: "555-0142" }).error?.issues).toContainEqual(
      expect.objectContaining({ path: ["ownerMobile"], message: "Enter the owner's mobile as 10 digits" }),
    );
    await setMobiles({ manager: "(949) 555-0199", owner: "(949) 555-0142" });
    expect(await loadOwnerMobile(db)).toBe(OWNER);
    expect(await loadStaySettings(db)).not.toHaveProperty("ownerMobile");
  });
});

describe("acknowledging every open alert at once", () => {
  it("acknowledges each once, keeps who acknowledged one meanwhile, and two staff at once do not both win", async () => {
    const checkIn = at(yesterday, "07:00");
    const cats = [await checkedIn(checkIn, "Bean"), await checkedIn(checkIn, "Olive"), await checkedIn(checkIn, "Nori")];
    await runCareAlerts({ db }, minutesAfter(checkIn, 24 * 60));
    const alerts = await Promise.all(cats.map((c) => alertOf(c, "no_urine_24h")));
    const ids = alerts.map((a) => a!.id);
    const [first, second] = [await staffMember(db, `ana.diaz.${Date.now()}@example.com`), await staffMember(db, `ben.cho.${Date.now()}@example.com`)];
    await acknowledgeCareAlert(db, second, ids[0]!, minutesAfter(checkIn, 24 * 60 + 5));
    const results = await Promise.all([
      acknowledgeCareAlerts(db, first, ids, minutesAfter(checkIn, 24 * 60 + 10)),
      acknowledgeCareAlerts(db, second, ids, minutesAfter(checkIn, 24 * 60 + 10)),
    ]);
    expect(results.map((r) => r.acknowledged).reduce((a, b) => a + b)).toBe(2);
    expect(results.map((r) => r.acknowledged + r.already)).toEqual([3, 3]);
    const after = await Promise.all(cats.map((c) => alertOf(c, "no_urine_24h")));
    expect(after[0]).toMatchObject({ acknowledgedBy: "BC", acknowledgedAt: minutesAfter(checkIn, 24 * 60 + 5) });
    for (const a of after) expect(a!.acknowledgedBy).toMatch(/^(AD|BC)$/);
    await expect(acknowledgeCareAlerts(db, first, [crypto.randomUUID()], new Date())).rejects.toMatchObject({ status: 404 });
  });
});

describe("alerts when the cat goes home (ADR 0197)", () => {
  it("the release closes the stay's open alerts: not open on Today, not escalated, not acknowledged after; nothing new is raised for the cat", async () => {
    const checkIn = at(yesterday, "08:30");
    const juno = await checkedIn(checkIn, "Juno");
    const raisedAt = minutesAfter(checkIn, 24 * 60);
    await runCareAlerts({ db }, raisedAt);
    const alert = await alertOf(juno, "no_urine_24h");
    expect(alert).toMatchObject({ urgent: true, closedAt: null });

    // Collected 10 minutes later: the alert closes in the release's transaction.
    const releasedAt = minutesAfter(raisedAt, 10);
    const manager = await staffMember(db);
    await releaseWithOverride(db, { stayId: juno.stayId, reason: "The owner came early", staff: { ...manager, isAdmin: true } }, releasedAt);
    expect((await alertOf(juno, "no_urine_24h"))!.closedAt).toEqual(releasedAt);

    const today_ = await careAlertsToday(db, minutesAfter(raisedAt, 11));
    expect(today_.open.map((a) => a.id)).not.toContain(alert!.id);
    expect(today_.acknowledged.find((a) => a.id === alert!.id)).toMatchObject({
      acknowledgedBy: null,
      closedTime: expect.stringMatching(/^\d{1,2}:\d{2} [AP]M$/),
    });

    // 30 minutes on, the owner of the hotel is not texted about a cat that is home.
    expect(await escalateCareAlerts({ db }, minutesAfter(raisedAt, 45))).toEqual([]);
    expect(await textsTo(juno, OWNER)).toEqual([]);
    // Nothing more is raised for it (the 17:30 "nothing logged" rule would otherwise fire the next day).
    const later = await runCareAlerts({ db }, minutesAfter(raisedAt, 24 * 60));
    expect(later.filter((a) => a.stayId === juno.stayId)).toEqual([]);
    // Acknowledging it now is told why, in words, and "Acknowledge all" counts it as done.
    await expect(acknowledgeCareAlert(db, manager, alert!.id, minutesAfter(raisedAt, 12))).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("closed itself when the cat went home"),
    });
    expect(await acknowledgeCareAlerts(db, manager, [alert!.id], minutesAfter(raisedAt, 12))).toEqual({ acknowledged: 0, already: 1 });
    // Closed once: the database refuses to move when.
    await expect(
      db
        .update(careAlerts)
        .set({ closedAt: minutesAfter(raisedAt, 20) })
        .where(eq(careAlerts.id, alert!.id)),
    ).rejects.toThrow();
  });

  it("an alert acknowledged before the release keeps who acknowledged it; one raised at check-out stays open", async () => {
    const checkIn = at(yesterday, "09:15");
    const ivy = await checkedIn(checkIn, "Ivy");
    const raisedAt = minutesAfter(checkIn, 24 * 60);
    await runCareAlerts({ db }, raisedAt);
    const alert = await alertOf(ivy, "no_urine_24h");
    const staff = await staffMember(db, `lea.park.${Date.now()}@example.com`);
    await acknowledgeCareAlert(db, staff, alert!.id, minutesAfter(raisedAt, 5));
    const checkedOutAt = minutesAfter(raisedAt, 30);
    await checkOutAtDesk(db, ivy.stayId, "desk@example.com", { siteUrl: "http://localhost", now: checkedOutAt, reason: "Paid by check" });
    expect(await alertOf(ivy, "no_urine_24h")).toMatchObject({ acknowledgedBy: "LP", closedAt: null });
    // The weight change the check-out finds comes after the release: someone must still call the owner.
    const weight = await inTransaction(db, (tx) =>
      raiseWeightChangeAlert(tx, { stayId: ivy.stayId, catId: ivy.catId, arrivalGrams: 4200, departureGrams: 3900, now: checkedOutAt }),
    );
    const { open } = await careAlertsToday(db, minutesAfter(checkedOutAt, 1));
    expect(open.find((a) => a.id === weight!.id)).toMatchObject({ urgent: true, closedTime: null });
  });
});
