import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CareEntryInput, careEntryForm, incidentForm } from "~/features/care/schema";
import { deskCheckInForm } from "~/features/stays/handover-schema";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { careAlerts, careEntries, doseClaims, mailQueue, stayEvents, stayReleases } from "../db/schema/index";
import { loadEnv } from "../env";
import { submitForm } from "../http/form-action";
import { createLogger } from "../logger";
import { changeStayAtDesk } from "../stays/staff";
import { staffMember as staffMember_, stayWithMiso as stayWithMiso_ } from "../testing/care";
import { createTestDatabase } from "../testing/test-database";
import { acknowledgeCareAlert, runCareAlerts } from "./alerts";
import { careLog, careToday, logCareEntry } from "./care";
import { runCareDiaries } from "./diary";
import { recordIncident } from "./incidents";

/** ADR 0188: a dose is given once, and only the doses of the hours the cat is at the hotel are due. */

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const today = businessDate(new Date());
const at = (time: string, day = today) => businessLocalToUtc(day, time);

const stayWithMiso = (status?: "checked_in" | "confirmed", checkIn?: string) => stayWithMiso_(db, status, checkIn);
const staffMember = (email?: string) => staffMember_(db, email);

type DoseInput = Extract<CareEntryInput, { intent: "dose" }>;
const dose = (s: { stayId: string; catId: string }, time: string, outcome: DoseInput["outcome"] = "given", correctsId?: string): DoseInput => ({
  intent: "dose",
  stayId: s.stayId,
  catId: s.catId,
  medication: "Methimazole",
  dueAt: at(time).toISOString(),
  outcome,
  correctsId,
});

const claimsOf = (stayId: string) => db.select().from(doseClaims).where(eq(doseClaims.stayId, stayId));
const givenIn = (log: Awaited<ReturnType<typeof careLog>>) => log.days.flatMap((d) => d.entries).filter((e) => e.kind === "dose" && e.outcome === "given");

describe("a dose is given once", () => {
  // Twenty accounts made and twenty transactions at once: past 20 s on embedded PGlite when two cores are loaded.
  it("stores one of 20 'given' posts at once for the same dose; the others are told who gave it and when", { timeout: 60_000 }, async () => {
    const s = await stayWithMiso();
    const team = await Promise.all(Array.from({ length: 20 }, (_, i) => staffMember(`olivia.chen.${i}.${crypto.randomInt(1e9)}@example.com`)));
    const results = await Promise.allSettled(team.map((staff) => logCareEntry(db, staff, dose(s, "20:00"), at("20:05"))));
    const stored = results.filter((r) => r.status === "fulfilled");
    expect(stored).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { status: number; code: string; message: string }] : []));
    expect(refusals).toHaveLength(19);
    for (const r of refusals) {
      expect(r.status).toBe(409);
      expect(r.code).toBe("DOSE_ALREADY_GIVEN");
      expect(r.message).toMatch(/^Given at 8:05 PM by Olivia Chen\. Do not give it again/);
    }
    const rows = await db.select().from(careEntries).where(eq(careEntries.stayId, s.stayId));
    expect(rows.filter((e) => e.kind === "dose")).toHaveLength(1);
    expect(await claimsOf(s.stayId)).toHaveLength(1);
  });

  it("refuses a second tap of another outcome for a dose given already, and keeps the first", async () => {
    const s = await stayWithMiso();
    const olivia = await staffMember(`olivia.chen.${crypto.randomInt(1e9)}@example.com`);
    const carl = await staffMember();
    await logCareEntry(db, olivia, dose(s, "08:00"), at("08:05"));
    await expect(logCareEntry(db, carl, dose(s, "08:00", "refused"), at("08:10"))).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Given at 8:05 AM by Olivia Chen\./),
    });
    const log = await careLog(db, { userId: s.userId, isStaff: false }, s.stayId, new Date());
    expect(givenIn(log).map((e) => e.by)).toEqual(["OC"]);
  });

  it("a correction voids a given, a new given may follow, and the log keeps every row (append-only)", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember();
    const given = await logCareEntry(db, staff, dose(s, "08:00"), at("08:05"));
    // Logged on the wrong cat's line: the cat spat it out.
    const voided = await logCareEntry(db, staff, dose(s, "08:00", "spat_out", given.id), at("08:07"));
    expect(await claimsOf(s.stayId)).toEqual([]);
    const again = await logCareEntry(db, staff, dose(s, "08:00"), at("08:20"));
    expect((await claimsOf(s.stayId)).map((c) => c.entryId)).toEqual([again.id]);
    // A second given now is refused again.
    await expect(logCareEntry(db, staff, dose(s, "08:00"), at("08:25"))).rejects.toMatchObject({ code: "DOSE_ALREADY_GIVEN" });
    // A correction that keeps it given moves the claim to the correction.
    const fixed = await logCareEntry(db, staff, { ...dose(s, "08:00", "given", again.id), remark: "Given in a treat" }, at("08:30"));
    expect((await claimsOf(s.stayId)).map((c) => c.entryId)).toEqual([fixed.id]);
    const rows = await db.select().from(careEntries).where(eq(careEntries.stayId, s.stayId));
    expect(rows.map((r) => r.id).sort()).toEqual([given.id, voided.id, again.id, fixed.id].sort());
    // What the owner reads: the standing entries, one given and the spat-out dose.
    const log = await careLog(db, { userId: s.userId, isStaff: false }, s.stayId, new Date());
    expect(givenIn(log).map((e) => e.id)).toEqual([fixed.id]);
  });

  it("two corrections of the same given at once: one wins, the claim follows it", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember();
    const given = await logCareEntry(db, staff, dose(s, "08:00"), at("08:05"));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => logCareEntry(db, staff, dose(s, "08:00", i % 2 ? "refused" : "given", given.id), at("08:10"))),
    );
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(won).toHaveLength(1);
    const claims = await claimsOf(s.stayId);
    expect(claims.map((c) => c.entryId)).toEqual(won[0]!.outcome === "given" ? [won[0]!.id] : []);
  });
});

describe("arrival and departure days", () => {
  const checkedInAt = async (stayId: string, instant: Date) => {
    await db.insert(stayEvents).values({ stayId, kind: "checkIn", actor: "desk@example.com", at: instant });
  };

  it("a dose due before the desk's check-in is not due at the hotel: not overdue on Today, refused if logged, no alert", async () => {
    const s = await stayWithMiso("checked_in", today);
    await checkedInAt(s.stayId, at("11:00"));
    const staff = await staffMember();
    const view = await careToday(db, at("12:00"));
    const miso = view.suites.flatMap((x) => x.cats).find((c) => c.stayId === s.stayId)!;
    expect(miso.arrivedAt).toBe("11:00 AM");
    const [morning, evening] = miso.doses;
    expect(morning).toMatchObject({ time: "8:00 AM", late: false, notDue: "Due before check-in at 11:00 AM: given at home, not due here" });
    expect(evening).toMatchObject({ time: "8:00 PM", late: false, notDue: null });
    await expect(logCareEntry(db, staff, { ...dose(s, "08:00"), remark: "Late" }, at("12:00"))).rejects.toMatchObject({
      status: 409,
      code: "DOSE_NOT_DUE_HERE",
    });
    await runCareAlerts({ db }, at("23:30"));
    const alerts = await db.select().from(careAlerts).where(eq(careAlerts.stayId, s.stayId));
    expect(alerts.filter((a) => a.rule === "dose_overdue").map((a) => a.since)).toEqual([at("20:00")]);
  });

  it("the desk's check-in asks when the last dose was given at home, and Today shows it on the arrival day", async () => {
    const s = await stayWithMiso("confirmed", today);
    const handover = (lastGiven: string) =>
      deskCheckInForm.parse({
        intent: "checkIn",
        cats: [{ catId: s.catId, weight: "4.2", doses: [{ medication: "Methimazole", count: "20", lastGiven }] }],
        overrideReason: "Signed on paper at the desk",
      });
    const desk = (lastGiven: string) =>
      changeStayAtDesk(db, s.stayId, "checkIn", "desk@example.com", {
        siteUrl: "http://localhost",
        now: at("11:00"),
        handover: { ...handover(lastGiven), staffUserId: null },
      });
    await expect(desk("23:00")).rejects.toMatchObject({ status: 400, code: "LAST_DOSE_TO_COME", message: expect.stringContaining("still to come") });
    expect(
      deskCheckInForm.safeParse({
        ...handover("07:45"),
        cats: [{ catId: s.catId, weight: "4.2", doses: [{ medication: "M", count: "1", lastGiven: "25:00" }] }],
      }).error?.issues,
    ).toContainEqual(expect.objectContaining({ message: "Enter when the last dose was given at home as a time today, like 07:45" }));
    await desk("07:45");
    const miso = (await careToday(db, at("12:00"))).suites.flatMap((x) => x.cats).find((c) => c.stayId === s.stayId)!;
    expect(miso.arrivedAt).toBe("11:00 AM");
    expect(miso.lastDosesAtHome).toEqual(["Methimazole at 7:45 AM"]);
    expect(miso.doses[0]).toMatchObject({ time: "8:00 AM", late: false, notDue: "Due before check-in at 11:00 AM: given at home, not due here" });
    const tomorrow = (await careToday(db, at("09:00", addBusinessDays(today, 1)))).suites.flatMap((x) => x.cats).find((c) => c.stayId === s.stayId)!;
    expect([tomorrow.arrivedAt, tomorrow.lastDosesAtHome]).toEqual([null, []]);
  });

  it("at the boundary: checked in at 8:00 sharp, the 8:00 dose is due; at 8:01 it is not", async () => {
    const sharp = await stayWithMiso("checked_in", today);
    await checkedInAt(sharp.stayId, at("08:00"));
    const after = await stayWithMiso("checked_in", today);
    await checkedInAt(after.stayId, at("08:01"));
    const view = await careToday(db, at("09:30"));
    const doseAt8 = (stayId: string) =>
      view.suites
        .flatMap((x) => x.cats)
        .find((c) => c.stayId === stayId)!
        .doses.find((d) => d.time === "8:00 AM")!;
    expect(doseAt8(sharp.stayId)).toMatchObject({ late: true, dueNow: false, notDue: null });
    // Within its window, Today's "Due now" list has it; before check-in it is on no list.
    const early = await careToday(db, at("08:30"));
    const at830 = (stayId: string) =>
      early.suites
        .flatMap((x) => x.cats)
        .find((c) => c.stayId === stayId)!
        .doses.find((d) => d.time === "8:00 AM")!;
    expect(at830(sharp.stayId)).toMatchObject({ dueNow: true, late: false });
    expect(at830(after.stayId)).toMatchObject({ dueNow: false, late: false });
    expect(doseAt8(after.stayId)).toMatchObject({ late: false, notDue: expect.stringContaining("before check-in at 8:01 AM") });
  });

  it("a dose due after the cat's release at pickup is not due: not late, refused if logged", async () => {
    const s = await stayWithMiso("checked_in", addBusinessDays(today, -2));
    const staff = await staffMember();
    await db.insert(stayReleases).values({
      stayId: s.stayId,
      overrideReason: "The owner came early",
      staffUserId: staff.userId,
      staffEmail: staff.email,
      releasedAt: at("20:00"),
    });
    const view = await careToday(db, at("21:30"));
    const miso = view.suites.flatMap((x) => x.cats).find((c) => c.stayId === s.stayId)!;
    // 8 PM sharp is still the hotel's; a minute later would not be.
    expect(miso.doses.find((d) => d.time === "8:00 PM")).toMatchObject({ late: true, notDue: null });
    await db.delete(stayReleases).where(eq(stayReleases.stayId, s.stayId));
    await db.insert(stayReleases).values({
      stayId: s.stayId,
      overrideReason: "The owner came early",
      staffUserId: staff.userId,
      staffEmail: staff.email,
      releasedAt: at("19:59"),
    });
    const later = await careToday(db, at("21:30"));
    const gone = later.suites.flatMap((x) => x.cats).find((c) => c.stayId === s.stayId)!;
    expect(gone.doses.find((d) => d.time === "8:00 PM")).toMatchObject({ late: false, notDue: "Due after pickup at 7:59 PM: not due here" });
    await expect(logCareEntry(db, staff, dose(s, "20:00"), at("20:05"))).rejects.toMatchObject({ code: "DOSE_NOT_DUE_HERE" });
  });
});

describe("the owner sees the truth", () => {
  const yesterday = addBusinessDays(today, -1);

  it("a missed, late, refused or vomited dose and an incident are in the Care log and the diary, plainly, with what the team did", async () => {
    const s = await stayWithMiso("checked_in", yesterday);
    await checkedIn(s.stayId, at("07:00", yesterday));
    const staff = await staffMember(`olivia.chen.${crypto.randomInt(1e9)}@example.com`);
    // Yesterday: the 8 AM dose given late, the 8 PM dose vomited.
    await logCareEntry(db, staff, { ...doseOn(s, yesterday, "08:00"), remark: "Miso hid under the bed until 9:30" }, at("09:30", yesterday));
    await logCareEntry(db, staff, { ...doseOn(s, yesterday, "20:00", "vomited"), remark: "Called the vet, who said not to repeat it" }, at("20:10", yesterday));
    // Today: the 8 AM dose nobody logged; the alerts job raises it and a staff member acknowledges it.
    const [alert] = (await runCareAlerts({ db }, at("10:05"))).filter((a) => a.stayId === s.stayId && a.rule === "dose_overdue");
    await acknowledgeCareAlert(db, staff, alert!.id, at("10:12"));
    // The 8 PM dose refused.
    await logCareEntry(db, staff, { ...doseOn(s, today, "20:00", "refused"), remark: "Will try again in a treat at 9 PM" }, at("20:05"));
    await recordIncident(
      db,
      staff,
      s.stayId,
      incidentForm.parse({
        intent: "incident",
        catId: s.catId,
        whatHappened: "Miso sneezed all afternoon",
        when: "15:00",
        whatWasDone: "Kept her warm and watched",
        vetCalled: "on",
      }),
      { siteUrl: "https://cats.example" },
      at("15:10"),
    );

    const log = await careLog(db, { userId: s.userId, isStaff: false }, s.stayId, at("20:30"));
    const [todays, yesterdays] = log.days;
    expect(todays!.missed.map((m) => m.text)).toEqual([
      "Methimazole 2.5 mg, 8:00 AM dose: missed, not given. The team was alerted at 10:05 AM; OC followed it up at 10:12 AM.",
    ]);
    expect(todays!.entries.filter((e) => e.kind === "dose").map((e) => [e.doseText, e.wentWrong])).toEqual([
      ["Methimazole 2.5 mg, 8:00 PM dose: refused, not given (8:05 PM). What the team did: Will try again in a treat at 9 PM", true],
    ]);
    expect(todays!.incidents.map((i) => [i.whatHappened, i.vetCalled])).toEqual([["Miso sneezed all afternoon", true]]);
    // The team's Care log names who followed it up (ADR 0196); the owner's and the diary keep the initials.
    const teams = await careLog(db, { userId: staff.userId, isStaff: true }, s.stayId, at("20:30"));
    expect(teams.days[0]!.missed.map((m) => m.text)).toEqual([
      "Methimazole 2.5 mg, 8:00 AM dose: missed, not given. The team was alerted at 10:05 AM; Olivia Chen followed it up at 10:12 AM.",
    ]);
    expect(yesterdays!.entries.filter((e) => e.kind === "dose").map((e) => e.doseText)).toEqual([
      "Methimazole 2.5 mg, 8:00 PM dose: given, then vomited up (8:10 PM). What the team did: Called the vet, who said not to repeat it",
      "Methimazole 2.5 mg, 8:00 AM dose: given late, at 9:30 AM. Why: Miso hid under the bed until 9:30",
    ]);
    expect(yesterdays!.missed).toEqual([]);

    const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    await runCareDiaries({ db, env, logger: createLogger("silent") }, at("20:30"));
    const [mail] = await db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.dedupeKey, `care-diary:${s.householdId}:${today}`));
    const words = mail!.message.text;
    expect(words).toContain("Incidents:\n- 3:00 PM: Miso sneezed all afternoon. What the team did: Kept her warm and watched. A vet was called.");
    expect(words).toContain(
      "Medication:\n- Methimazole 2.5 mg, 8:00 AM dose: missed, not given. The team was alerted at 10:05 AM; OC followed it up at 10:12 AM.\n" +
        "- Methimazole 2.5 mg, 8:00 PM dose: refused, not given (8:05 PM). What the team did: Will try again in a treat at 9 PM (OC)",
    );
  });
});

async function checkedIn(stayId: string, instant: Date) {
  await db.insert(stayEvents).values({ stayId, kind: "checkIn", actor: "desk@example.com", at: instant });
}

function doseOn(s: { stayId: string; catId: string }, day: string, time: string, outcome: DoseInput["outcome"] = "given"): DoseInput {
  return { ...dose(s, time, outcome), dueAt: at(time, day).toISOString() };
}

describe("bad input", () => {
  /** Posts a form to Today's action as the page does (`submitForm`): the status and what the person reads. */
  async function post(fields: Record<string, string>, now: Date) {
    const staff = await staffMember();
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const answer = await submitForm(form, careEntryForm, async (input) => {
      if (input.intent === "photo") throw new Error("no photo here");
      await logCareEntry(db, staff, input, now);
      return { kind: "success", title: "Logged" };
    });
    const words = [...(answer.data.result?.error ? Object.values(answer.data.result.error).flat() : []), answer.data.notice?.description].filter(Boolean);
    return { status: answer.init?.status ?? 200, words: words.join(" ") };
  }

  it("a weight of -1, 0, 1e9 or text, a dose time outside the day, a correction of nothing: a clear message, never a 500", async () => {
    const s = await stayWithMiso();
    const ids = { stayId: s.stayId, catId: s.catId };
    for (const weight of ["-1", "0", "1e9", "heavy", ""]) {
      const { status, words } = await post({ intent: "weight", ...ids, weight }, at("09:00"));
      expect(status, weight).toBe(400);
      expect(words, weight).toMatch(/Enter a weight between 0\.5 and 15 kg|Enter the weight in kilograms, e\.g\. 4\.25/);
    }
    const doseAt = (dueAt: string) => post({ intent: "dose", ...ids, medication: "Methimazole", outcome: "given", dueAt }, at("08:05"));
    for (const dueAt of [`${today}T25:00:00Z`, "tonight", ""]) expect(await doseAt(dueAt), dueAt).toEqual({ status: 400, words: "Choose the dose" });
    // A real instant the profile has no dose at (3 AM): refused in words.
    expect(await doseAt(at("03:00").toISOString())).toMatchObject({
      status: 409,
      words: expect.stringContaining("Miso's profile no longer has Methimazole at that time. Reload the page."),
    });
    // A correction of nothing: an unknown entry, or not an id at all.
    expect(await post({ intent: "water", ...ids, correctsId: crypto.randomUUID() }, at("09:00"))).toMatchObject({
      status: 404,
      words: expect.stringContaining("We couldn't find the entry to correct. Reload the page."),
    });
    expect(await post({ intent: "water", ...ids, correctsId: "nothing" }, at("09:00"))).toMatchObject({ status: 400, words: "Choose the entry to correct" });
    expect(await db.select().from(careEntries).where(eq(careEntries.stayId, s.stayId))).toEqual([]);
  });

  it("the desk's weight at check-in of -1, 0, 1e9 or text: a clear message, never a 500, and the cat is not checked in", async () => {
    const s = await stayWithMiso("confirmed", today);
    for (const weight of ["-1", "0", "1e9", "heavy"]) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ intent: "checkIn", "cats[0].catId": s.catId, "cats[0].weight": weight, overrideReason: "Signed on paper" }))
        form.set(name, value);
      const answer = await submitForm(form, deskCheckInForm, async (input) => {
        await changeStayAtDesk(db, s.stayId, "checkIn", "desk@example.com", {
          siteUrl: "http://localhost",
          now: at("11:00"),
          handover: { ...input, staffUserId: null },
        });
        return { kind: "success", title: "Checked in" };
      });
      expect(answer.init?.status, weight).toBe(400);
      expect(Object.values(answer.data.result?.error ?? {}).flat(), weight).toEqual([
        expect.stringMatching(/^(Enter a weight between 0\.1 and 30 kg|Enter the weight in kilograms, e\.g\. 4\.25)$/),
      ]);
    }
    expect((await careToday(db, at("12:00"))).suites.flatMap((x) => x.cats).some((c) => c.stayId === s.stayId)).toBe(false);
  });
});
