import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CareEntryInput, careEntryForm } from "~/features/care/schema";
import { entryText } from "~/domain/care-wording";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { addStaffMember, removeStaffMember, rolesOf } from "../auth/roles";
import { staffMember as staffMember_, stayWithMiso as stayWithMiso_ } from "../testing/care";
import type { Database, Db } from "../db/client";
import { careEntries, cats, users } from "../db/schema/index";
import { testHousehold } from "../testing/households";
import { createTestDatabase } from "../testing/test-database";
import sharp from "sharp";
import { careLog, careToday, entriesOf, logCareEntry, processCarePhoto, readCarePhoto } from "./care";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const today = businessDate(new Date());
/** Times of today, business time: the tests move through the day by passing `now`. */
const at = (time: string) => businessLocalToUtc(today, time);
const minutesAfter = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

const stayWithMiso = (status?: "checked_in" | "confirmed", checkIn?: string) => stayWithMiso_(db, status, checkIn);
const staffMember = (email?: string) => staffMember_(db, email);

const breakfast = (s: { stayId: string; catId: string }, eaten: "half" | "all" = "half", correctsId?: string): CareEntryInput => ({
  intent: "meal",
  stayId: s.stayId,
  catId: s.catId,
  meal: "Breakfast",
  eaten,
  correctsId,
});
type DoseInput = Extract<CareEntryInput, { intent: "dose" }>;
const morningDose = (s: { stayId: string; catId: string }, remark?: string): DoseInput => ({
  intent: "dose",
  stayId: s.stayId,
  catId: s.catId,
  medication: "Methimazole",
  dueAt: at("08:00").toISOString(),
  outcome: "given",
  remark,
});

describe("the staff role", () => {
  it("is given and taken by e-mail; an admin is staff too; a customer is neither", async () => {
    const { userId, email } = await staffMember();
    expect(await rolesOf(db, userId)).toMatchObject({ role: "care", isAdmin: false, isStaff: true, permissions: ["care"] });
    expect(await addStaffMember(db, email)).toBe("already staff");
    expect(await removeStaffMember(db, email)).toBe(true);
    expect(await rolesOf(db, userId)).toMatchObject({ role: null, isAdmin: false, isStaff: false, permissions: [] });
    expect(await removeStaffMember(db, email)).toBe(false);
    const [admin] = await db
      .insert(users)
      .values({ email: `admin-${crypto.randomUUID()}@example.com` })
      .returning();
    await db.execute(sql`insert into user_roles (user_id, role) values (${admin!.id}, 'owner')`);
    expect(await rolesOf(db, admin!.id)).toMatchObject({ role: "owner", isAdmin: true, isStaff: true });
    expect(await addStaffMember(db, admin!.email)).toBe("admin");
  });
});

describe("Today", () => {
  it("lists each cat checked in by suite, with its meals, doses and litter checks due, and today's arrivals apart", async () => {
    const here = await stayWithMiso();
    const arriving = await stayWithMiso("confirmed", today);
    const later = await stayWithMiso("confirmed", addBusinessDays(today, 1));
    const view = await careToday(db, at("08:30"));
    const suite = view.suites.find((s) => s.suite === here.suite)!;
    expect(suite.cats.map((c) => c.name)).toEqual(["Miso"]);
    const miso = suite.cats[0]!;
    expect(miso.meals.map((m) => [m.name, m.time, m.done])).toEqual([
      ["Breakfast", "7:00 AM", null],
      ["Dinner", "6:00 PM", null],
    ]);
    expect(miso.doses.map((d) => [d.name, d.dose, d.time, d.window, d.late])).toEqual([
      ["Methimazole", "2.5 mg", "8:00 AM", "7:00 AM–9:00 AM", false],
      ["Methimazole", "2.5 mg", "8:00 PM", "7:00 PM–9:00 PM", false],
    ]);
    expect(miso.litter.map((l) => l.name)).toEqual(["Morning litter", "Evening litter"]);
    expect(view.suites.some((s) => s.suite === arriving.suite || s.suite === later.suite)).toBe(false);
    expect(view.arriving.map((a) => a.stayId)).toContain(arriving.stayId);
    expect(view.arriving.map((a) => a.stayId)).not.toContain(later.stayId);
    // Past its window with nothing logged, the dose is overdue.
    const after = await careToday(db, at("09:01"));
    expect(after.suites.find((s) => s.suite === here.suite)!.cats[0]!.doses[0]!.late).toBe(true);
  });

  it("shows what was logged against what was due, with the time and who logged it by name: the account's full name, else its address's", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember(`maria.lopez.${crypto.randomInt(1e9)}@example.com`);
    const named = await staffMember(`desk.${crypto.randomInt(1e9)}@example.com`);
    await db.update(users).set({ fullName: "Dee Okafor" }).where(eq(users.id, named.userId));
    await logCareEntry(db, staff, breakfast(s), at("07:10"));
    await logCareEntry(db, staff, morningDose(s), at("08:05"));
    await logCareEntry(db, named, { intent: "litter", stayId: s.stayId, catId: s.catId, urine: true, stool: "normal" }, at("09:00"));
    const miso = (await careToday(db, at("09:30"))).suites.find((x) => x.suite === s.suite)!.cats[0]!;
    expect(miso.meals[0]!.done).toMatchObject({ eaten: "half", time: "7:10 AM", by: "Maria Lopez" });
    expect(miso.doses[0]!.done).toMatchObject({ outcome: "given", time: "8:05 AM", by: "Maria Lopez" });
    expect(miso.doses[0]!.late).toBe(false);
    expect(miso.litter.map((l) => l.done?.stool ?? null)).toEqual(["normal", null]);
    expect(miso.entries.map((e) => [e.time, e.by])).toEqual([
      ["9:00 AM", "Dee Okafor"],
      ["8:05 AM", "Maria Lopez"],
      ["7:10 AM", "Maria Lopez"],
    ]);
    // The owner's log keeps the initials stored on each row.
    const owners = await careLog(db, { userId: s.userId, isStaff: false }, s.stayId, at("09:30"));
    expect(owners.days[0]!.entries.map((e) => e.by)).toEqual(["D", "ML", "ML"]);
  });

  it("fills the litter check nearest to when it happened: a missed morning stays empty, a correction keeps its slot", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember();
    const litter = (stool: "normal" | "soft", correctsId?: string) =>
      ({ intent: "litter", stayId: s.stayId, catId: s.catId, urine: true, stool, correctsId }) as CareEntryInput;
    // The morning check was missed; the evening one is logged at 7:05 PM.
    const evening = await logCareEntry(db, staff, litter("soft"), at("19:05"));
    const slots = async (now: Date) => (await careToday(db, now)).suites.find((x) => x.suite === s.suite)!.cats[0]!.litter.map((l) => l.done?.stool ?? null);
    expect(await slots(at("19:10"))).toEqual([null, "soft"]);
    // The morning one logged late, at 1:30 PM, is still the morning's; the evening's correction at 9 PM stays the evening's.
    await logCareEntry(db, staff, litter("normal"), at("13:30"));
    await logCareEntry(db, staff, litter("normal", evening.id), at("21:00"));
    expect(await slots(at("21:05"))).toEqual(["normal", "normal"]);
  });
});

describe("a dose", () => {
  it("logged within 60 minutes of its time needs no remark; past that, it needs one", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember();
    // 60 minutes after is still inside the window.
    expect((await logCareEntry(db, staff, morningDose(s), minutesAfter(at("08:00"), 60))).remark).toBeNull();
    const late = logCareEntry(db, staff, { ...morningDose(s), dueAt: at("20:00").toISOString() }, minutesAfter(at("20:00"), 61));
    await expect(late).rejects.toMatchObject({ status: 400, code: "DOSE_OUT_OF_WINDOW", message: expect.stringContaining("say why in a remark") });
    const early = logCareEntry(db, staff, { ...morningDose(s), dueAt: at("20:00").toISOString() }, minutesAfter(at("20:00"), -61));
    await expect(early).rejects.toMatchObject({ code: "DOSE_OUT_OF_WINDOW" });
    const remarked = await logCareEntry(
      db,
      staff,
      { ...morningDose(s, "Miso hid under the bed"), dueAt: at("20:00").toISOString() },
      minutesAfter(at("20:00"), 75),
    );
    expect(remarked.remark).toBe("Miso hid under the bed");
  });

  it("without a remark outside its window is refused by the database too", async () => {
    const s = await stayWithMiso();
    const insert = db.insert(careEntries).values({
      stayId: s.stayId,
      catId: s.catId,
      kind: "dose",
      day: today,
      medication: "Methimazole",
      dueAt: at("08:00"),
      outcome: "given",
      staffInitials: "ML",
      at: at("10:00"),
    });
    await expect(insert).rejects.toThrow();
  });

  it("must be one the cat's profile makes due", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember();
    await expect(logCareEntry(db, staff, { ...morningDose(s), dueAt: at("09:00").toISOString() }, at("09:00"))).rejects.toMatchObject({
      status: 409,
      code: "DOSE_NOT_IN_PROFILE",
    });
    await expect(logCareEntry(db, staff, { ...morningDose(s), medication: "Aspirin" }, at("08:00"))).rejects.toMatchObject({ code: "DOSE_NOT_IN_PROFILE" });
  });
});

describe("entries", () => {
  it("are only logged for a cat in the hotel now", async () => {
    const s = await stayWithMiso("confirmed", today);
    const staff = await staffMember();
    await expect(logCareEntry(db, staff, breakfast(s), at("07:10"))).rejects.toMatchObject({ status: 404, code: "CAT_NOT_IN_HOTEL" });
    const other = await stayWithMiso();
    await expect(logCareEntry(db, staff, { ...breakfast(other), catId: s.catId }, at("07:10"))).rejects.toMatchObject({ status: 404 });
  });

  it("are never edited: the database refuses an update", async () => {
    const s = await stayWithMiso();
    const entry = await logCareEntry(db, await staffMember(), breakfast(s), at("07:10"));
    await expect(db.update(careEntries).set({ eaten: "all" }).where(eq(careEntries.id, entry.id))).rejects.toThrow();
    expect((await entriesOf(db, s.stayId))[0]!.eaten).toBe("half");
  });

  it("keep their initials when the staff member's account is gone", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember("sam.jones.gone@example.com");
    await logCareEntry(db, staff, breakfast(s), at("07:10"));
    await db.delete(users).where(eq(users.id, staff.userId));
    expect((await entriesOf(db, s.stayId)).map((e) => [e.staffUserId, e.staffInitials])).toEqual([[null, "SJ"]]);
  });

  it("are corrected by a new entry that replaces the old one in Today and in the log, once", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember();
    const first = await logCareEntry(db, staff, breakfast(s, "half"), at("07:10"));
    const fix = await logCareEntry(db, staff, breakfast(s, "all", first.id), at("07:20"));
    expect(fix.correctsId).toBe(first.id);
    const miso = (await careToday(db, at("07:30"))).suites.find((x) => x.suite === s.suite)!.cats[0]!;
    expect(miso.meals[0]!.done).toMatchObject({ id: fix.id, eaten: "all", isCorrection: true });
    expect(miso.entries.map((e) => e.id)).toEqual([fix.id]);
    const log = await careLog(db, { userId: s.userId, isStaff: false }, s.stayId, new Date());
    expect(log.days.flatMap((d) => d.entries.map((e) => e.id))).toEqual([fix.id]);
    // Both rows are kept.
    expect(await entriesOf(db, s.stayId)).toHaveLength(2);
    await expect(logCareEntry(db, staff, breakfast(s, "half", first.id), at("07:40"))).rejects.toMatchObject({ status: 409, code: "CARE_ENTRY_CORRECTED" });
    // Another stay's entry is not this one's to correct.
    const other = await stayWithMiso();
    await expect(logCareEntry(db, staff, breakfast(other, "all", fix.id), at("07:40"))).rejects.toMatchObject({ status: 404 });
  });

  it("20 staff correcting one entry at once: one correction stands, the others are told", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember();
    const first = await logCareEntry(db, staff, breakfast(s), at("07:10"));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => logCareEntry(db, staff, breakfast(s, "all", first.id), at("07:20"))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409, code: "CARE_ENTRY_CORRECTED" });
  });
});

describe("a weigh-in on a long stay", () => {
  /** The Today page's weight form as posted: kilograms as typed. */
  const weighIn = (s: { stayId: string; catId: string }, weight: string, correctsId?: string) =>
    careEntryForm.parse({ intent: "weight", stayId: s.stayId, catId: s.catId, weight, ...(correctsId ? { correctsId } : {}) }) as CareEntryInput;
  const todayOf = async (s: { suite: string }, now: Date) => (await careToday(db, now)).suites.find((x) => x.suite === s.suite)!.cats[0]!;
  /** A cat on no medication, eating well: weighed every 7 nights (a cat on medication is weighed every 2, ADR 0188). */
  const offMedication = async <T extends { catId: string }>(s: T) => {
    await db.update(cats).set({ medications: [] }).where(eq(cats.id, s.catId));
    return s;
  };

  it("is due on night 7 of a stay, not on night 6; logged, it covers the day, is corrected like any entry and reads in the owner's log", async () => {
    const nightSix = await offMedication(await stayWithMiso("checked_in", addBusinessDays(today, -6)));
    const nightSeven = await offMedication(await stayWithMiso("checked_in", addBusinessDays(today, -7)));
    expect((await todayOf(nightSix, at("09:00"))).weighIn).toBeNull();
    expect((await todayOf(nightSeven, at("09:00"))).weighIn).toEqual({ night: 7, closely: false, done: null });

    const staff = await staffMember("maria.lopez@example.com");
    const first = await logCareEntry(db, staff, weighIn(nightSeven, "4.25"), at("09:10"));
    expect(first).toMatchObject({ kind: "weight", weightGrams: 4250, day: today });
    expect((await todayOf(nightSeven, at("09:15"))).weighIn).toMatchObject({
      night: 7,
      done: { id: first.id, weightGrams: 4250, time: "9:10 AM", by: "Maria Lopez" },
    });

    const fix = await logCareEntry(db, staff, weighIn(nightSeven, "4,3", first.id), at("09:20"));
    expect((await todayOf(nightSeven, at("09:25"))).weighIn!.done).toMatchObject({ id: fix.id, weightGrams: 4300, isCorrection: true });
    const log = await careLog(db, { userId: nightSeven.userId, isStaff: false }, nightSeven.stayId, new Date());
    expect(log.days.flatMap((d) => d.entries.map(entryText))).toEqual(["Weight: 4.30 kg"]);
  });

  it("is due again on night 14, not on the nights between", async () => {
    const fourteen = await offMedication(await stayWithMiso("checked_in", addBusinessDays(today, -14)));
    const eight = await offMedication(await stayWithMiso("checked_in", addBusinessDays(today, -8)));
    expect((await todayOf(fourteen, at("09:00"))).weighIn).toEqual({ night: 14, closely: false, done: null });
    expect((await todayOf(eight, at("09:00"))).weighIn).toBeNull();
  });

  it("is due every 2 nights for a cat on medication, or one that ate nothing or a quarter yesterday or today", async () => {
    const onMedication = await stayWithMiso("checked_in", addBusinessDays(today, -2));
    const nightThree = await stayWithMiso("checked_in", addBusinessDays(today, -3));
    expect((await todayOf(onMedication, at("09:00"))).weighIn).toEqual({ night: 2, closely: true, done: null });
    expect((await todayOf(nightThree, at("09:00"))).weighIn).toBeNull();

    const picky = await offMedication(await stayWithMiso("checked_in", addBusinessDays(today, -4)));
    expect((await todayOf(picky, at("09:00"))).weighIn).toBeNull();
    const staff = await staffMember();
    await logCareEntry(db, staff, breakfast(picky, "half"), businessLocalToUtc(addBusinessDays(today, -1), "07:10"));
    expect((await todayOf(picky, at("09:00"))).weighIn).toBeNull();
    await logCareEntry(
      db,
      staff,
      { ...breakfast(picky, "half"), meal: "Dinner", eaten: "quarter" } as CareEntryInput,
      businessLocalToUtc(addBusinessDays(today, -1), "18:10"),
    );
    expect((await todayOf(picky, at("09:00"))).weighIn).toEqual({ night: 4, closely: true, done: null });
  });

  it("refuses a weight outside 0.5–15 kg, or not in kilograms, in words; the database refuses one too", async () => {
    const s = await stayWithMiso("checked_in", addBusinessDays(today, -7));
    const problems = (weight: string) =>
      careEntryForm.safeParse({ intent: "weight", stayId: s.stayId, catId: s.catId, weight }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(problems("0.49")).toEqual([["weight", "Enter a weight between 0.5 and 15 kg"]]);
    expect(problems("15.01")).toEqual([["weight", "Enter a weight between 0.5 and 15 kg"]]);
    expect(problems("4.255")).toEqual([["weight", "Enter the weight in kilograms, e.g. 4.25"]]);
    expect(problems("4250 g")).toEqual([["weight", "Enter the weight in kilograms, e.g. 4.25"]]);
    expect(problems("0.5")).toBeUndefined();
    expect(problems("15")).toBeUndefined();

    const row = { stayId: s.stayId, catId: s.catId, day: today, staffInitials: "ML", at: at("09:00") };
    await expect(db.insert(careEntries).values({ ...row, kind: "weight", weightGrams: 15_001 })).rejects.toThrow();
    await expect(db.insert(careEntries).values({ ...row, kind: "weight", weightGrams: 499 })).rejects.toThrow();
    await expect(db.insert(careEntries).values({ ...row, kind: "weight" })).rejects.toThrow();
    await expect(db.insert(careEntries).values({ ...row, kind: "water", weightGrams: 4000 })).rejects.toThrow();
    expect(await entriesOf(db, s.stayId)).toEqual([]);
  });
});

describe("a stay's care log", () => {
  it("is its household's and staff's: another household, an unknown and a malformed id are the same 404", async () => {
    const s = await stayWithMiso("checked_in", today);
    const staff = await staffMember("maria.lopez@example.com");
    await logCareEntry(db, staff, breakfast(s), at("07:10"));
    await logCareEntry(db, staff, morningDose(s), at("08:05"));
    const log = await careLog(db, { userId: s.userId, isStaff: false }, s.stayId, at("08:30"));
    expect(log.stay.catNames).toEqual(["Miso"]);
    expect(log.days).toHaveLength(1);
    expect(log.days[0]!.day).toBe(today);
    expect(log.days[0]!.entries.map((e) => [e.kind, e.time, e.by, e.dueTime])).toEqual([
      ["dose", "8:05 AM", "ML", "8:00 AM"],
      ["meal", "7:10 AM", "ML", null],
    ]);
    expect(log.days[0]!.entries[0]!.doseText).toBe("Methimazole 2.5 mg, 8:00 AM dose: given at 8:05 AM");
    expect((await careLog(db, { userId: staff.userId, isStaff: true }, s.stayId, at("08:30"))).days).toHaveLength(1);
    const stranger = await testHousehold(db, new Date());
    for (const id of [s.stayId, crypto.randomUUID(), "not-a-uuid"])
      await expect(careLog(db, { userId: stranger.user.id, isStaff: false }, id, new Date())).rejects.toMatchObject({ status: 404, code: "STAY_NOT_FOUND" });
  });
});

describe("a photo", () => {
  it("is processed like a cat's photo and served only to the stay's household and staff", async () => {
    const s = await stayWithMiso();
    const staff = await staffMember();
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#c08040" } })
      .jpeg()
      .toBuffer();
    const entry = await logCareEntry(
      db,
      staff,
      { intent: "photo", stayId: s.stayId, catId: s.catId, remark: "Sunbathing" },
      at("11:00"),
      await processCarePhoto(jpeg),
    );
    const [logged] = (await careLog(db, { userId: s.userId, isStaff: false }, s.stayId, new Date())).days[0]!.entries;
    expect(logged!.photo?.src).toBe(`/trips/${s.stayId}/photos/${entry.id}/480.webp`);
    const bytes = await readCarePhoto(db, { userId: s.userId, isStaff: false }, s.stayId, entry.id, 480);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 480, height: 360 });
    expect((await readCarePhoto(db, { userId: staff.userId, isStaff: true }, s.stayId, entry.id, 960)).length).toBeGreaterThan(0);
    const stranger = await testHousehold(db, new Date());
    await expect(readCarePhoto(db, { userId: stranger.user.id, isStaff: false }, s.stayId, entry.id, 480)).rejects.toMatchObject({ status: 404 });
    // Under another stay's address it is not found either.
    const other = await stayWithMiso();
    await expect(readCarePhoto(db, { userId: staff.userId, isStaff: true }, other.stayId, entry.id, 480)).rejects.toMatchObject({ status: 404 });
  });

  it("that is not an image is refused in words, under the photo field", async () => {
    await expect(processCarePhoto(Buffer.from("not an image at all"))).rejects.toMatchObject({
      status: 400,
      details: { fields: { photo: expect.any(String) } },
    });
  });
});
