import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StayStatus } from "~/domain/stay-status";
import { CODE_OR_OVERRIDE_MESSAGE, OVERRIDE_REASON_MESSAGE, PICKUP_CODE_MESSAGE, releaseForm } from "~/features/stays/release-schema";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { loadSiteContent } from "../content/content";
import type { Database } from "../db/client";
import {
  PICKUP_WRONG_CODES_A_DAY,
  cats,
  mailQueue,
  smsQueue,
  stayCats,
  stayPickupAttempts,
  textOptOuts,
  stayPickupCodes,
  stayPickupPeople,
  stayReleases,
  staySuites,
  stays,
  suites,
} from "../db/schema/index";
import { loadEnv } from "../env";
import { type AppError } from "../http/errors";
import { createLogger } from "../logger";
import { deliverQueuedSms } from "../telephony/sms-queue";
import { createTelephony } from "../telephony/telephony";
import { testHousehold } from "../testing/households";
import { testSuiteType } from "../testing/suites";
import { createTestDatabase } from "../testing/test-database";
import { lastTextTo, otherCode, refusal } from "../testing/texted-codes";
import { PICKUP_TEXT, type ReleasingStaff, pickupAtDesk, releaseOf, releaseWithCode, releaseWithOverride, sendPickupCodes } from "./pickup";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
const logger = createLogger("silent");
const deps = () => ({ db: database.db, env, logger });

const today = businessDate(new Date());
const tomorrow = addBusinessDays(today, 1);
/** A business time on the departure day (today), or on another day. */
const at = (time: string, day = today) => businessLocalToUtc(day, time);
const morning = at("07:05");

const desk: ReleasingStaff = { userId: crypto.randomUUID(), email: "desk@example.com", isAdmin: false };
const manager: ReleasingStaff = { userId: crypto.randomUUID(), email: "manager@example.com", isAdmin: true };

const freshPhone = () => `+1949${crypto.randomInt(200, 999)}${String(crypto.randomInt(0, 9999)).padStart(4, "0")}`;

/** A household (its own mobile) whose cat Milo is in the hotel and leaves `checkOut`, with the pickup people named at check-in. */
async function leavingStay(options: { checkOut?: string; status?: StayStatus; pickup?: number } = {}) {
  const { db } = database;
  const mobile = freshPhone();
  const household = await testHousehold(db, new Date(), { cats: ["Milo"], mobilePhone: mobile });
  const checkOut = options.checkOut ?? today;
  const dates = { checkIn: addBusinessDays(checkOut, -3), checkOut };
  const type = await testSuiteType(db, 1);
  const [suite] = await db.select().from(suites).where(eq(suites.suiteTypeId, type.id));
  const [stay] = await db
    .insert(stays)
    .values({ householdId: household.householdId, status: options.status ?? "checked_in", ...dates, totalCents: 15_000, priceLines: [], cancellationTiers: [] })
    .returning();
  const [room] = await db
    .insert(staySuites)
    .values({ stayId: stay!.id, suiteId: suite!.id, suiteTypeId: type.id, ...dates })
    .returning();
  const [cat] = await db.select().from(cats).where(eq(cats.id, household.catIds[0]!));
  await db.insert(stayCats).values({ stayId: stay!.id, staySuiteId: room!.id, catId: cat!.id, catName: cat!.name, ...dates });
  const pickup = Array.from({ length: options.pickup ?? 0 }, (_, i) => ({ stayId: stay!.id, position: i + 1, name: `Pickup ${i + 1}`, phone: freshPhone() }));
  if (pickup.length > 0) await db.insert(stayPickupPeople).values(pickup);
  return { stay: stay!, owner: { name: "Ana Ruiz", phone: mobile }, pickup };
}

/** Hands the queued texts to the simulated provider, which records each in `telephony_events`. */
const deliverTexts = (now: Date) => deliverQueuedSms({ db: database.db, telephony: createTelephony(env, database.db, logger), env }, now, 200);

const codesOf = (stayId: string) => database.db.select().from(stayPickupCodes).where(eq(stayPickupCodes.stayId, stayId));

describe("the pickup codes", () => {
  it("texts the owner and each pickup person a code of their own once, however many processes run the job at once; the database holds no code readable", async () => {
    const { db } = database;
    const { stay, owner, pickup } = await leavingStay({ pickup: 2 });

    await Promise.all([sendPickupCodes(deps(), morning), sendPickupCodes(deps(), morning)]);
    await sendPickupCodes(deps(), at("09:00"));
    const codes = await codesOf(stay.id);
    expect(codes.map((c) => [c.person, c.name, c.phone, c.day]).sort()).toEqual(
      [
        [0, owner.name, owner.phone, today],
        [1, "Pickup 1", pickup[0]!.phone, today],
        [2, "Pickup 2", pickup[1]!.phone, today],
      ].sort(),
    );
    const queued = await db.select().from(smsQueue).where(eq(smsQueue.stayId, stay.id));
    expect(queued).toHaveLength(3);

    await deliverTexts(morning);
    const { business } = await loadSiteContent(db);
    const texts = await Promise.all([owner.phone, ...pickup.map((p) => p.phone)].map((phone) => lastTextTo(database.db, phone)));
    for (const text of texts)
      expect(text.body).toBe(`${business.name}: the pickup code for Milo today is ${text.code}. Show it at the desk. Valid today only.`);
    expect(new Set(texts.map((t) => t.code)).size).toBe(3);
    // Neither the codes' rows nor the queued texts hold a code readable.
    const stored = JSON.stringify([await codesOf(stay.id), await db.select().from(smsQueue).where(eq(smsQueue.stayId, stay.id))]);
    for (const { code } of texts) expect(stored).not.toContain(code);
  });

  it("sends nothing before 07:00, nor for a stay that leaves another day or is not checked in", async () => {
    const early = await leavingStay();
    const leavesTomorrow = await leavingStay({ checkOut: tomorrow });
    const notIn = await leavingStay({ status: "confirmed" });

    await sendPickupCodes(deps(), at("06:59"));
    expect(await codesOf(early.stay.id)).toHaveLength(0);

    await sendPickupCodes(deps(), morning);
    expect(await codesOf(early.stay.id)).toHaveLength(1);
    expect(await codesOf(leavesTomorrow.stay.id)).toHaveLength(0);
    expect(await codesOf(notIn.stay.id)).toHaveLength(0);
  });
});

describe("a mobile that replied STOP (ADR 0191)", () => {
  it("gets no pickup code by text: the text is withheld, saying why, and the owner's code is e-mailed instead, sealed", async () => {
    const { db } = database;
    const { stay, owner, pickup } = await leavingStay({ pickup: 1 });
    await db.insert(textOptOuts).values([
      { phone: owner.phone, keyword: "STOP", optedOutAt: at("06:00") },
      { phone: pickup[0]!.phone, keyword: "QUIT", optedOutAt: at("06:00") },
    ]);
    await sendPickupCodes(deps(), morning);
    await deliverTexts(morning);
    const texts = await db.select().from(smsQueue).where(eq(smsQueue.stayId, stay.id));
    expect(texts.map((t) => t.status)).toEqual(["withheld", "withheld"]);
    expect(texts[0]!.lastError).toMatch(/^Not sent: this number replied (STOP|QUIT)/);
    const mails = await db.select().from(mailQueue).where(eq(mailQueue.stayId, stay.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ message: { subject: "Your pickup code for Milo today", text: "" } });
    expect(mails[0]!.sealed).not.toBeNull();
    // The desk's check-out page says how each code went.
    expect((await pickupAtDesk(db, stay.id, morning)).codesToday).toEqual([
      { name: owner.name, sentAt: morning, by: "email" },
      { name: "Pickup 1", sentAt: morning, by: "none" },
    ]);
  });
});

describe("releasing the cat", () => {
  it("releases to exactly one of 20 people showing one code at once; the others are told it was used", async () => {
    const { db } = database;
    const { stay, owner, pickup } = await leavingStay({ pickup: 1 });
    await sendPickupCodes(deps(), morning);
    await deliverTexts(morning);
    const { code } = await lastTextTo(database.db, owner.phone);
    const noon = at("12:00");

    // On PostgreSQL each call runs on its own connection of the pool.
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => releaseWithCode(deps(), { stayId: stay.id, code, staff: desk }, noon)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const losers = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as AppError] : []));
    expect(losers).toHaveLength(19);
    for (const loser of losers) expect(loser).toMatchObject({ status: 409, code: "PICKUP_CODE_USED", message: PICKUP_TEXT.codeUsed });

    expect(await releaseOf(db, stay.id)).toEqual({
      method: "code",
      collectedBy: owner.name,
      person: 0,
      staffEmail: desk.email,
      staffName: "Desk",
      releasedAt: noon,
    });
    expect((await codesOf(stay.id)).find((c) => c.person === 0)!.usedAt).toEqual(noon);
    // Another valid code cannot release the cat again.
    const second = await lastTextTo(database.db, pickup[0]!.phone);
    expect(await refusal(releaseWithCode(deps(), { stayId: stay.id, code: second.code, staff: desk }, noon))).toMatchObject({
      status: 409,
      code: "CAT_ALREADY_RELEASED",
    });
    expect((await codesOf(stay.id)).find((c) => c.person === 1)!.usedAt).toBeNull();

    // A release is never changed; the stay's deletion still removes it.
    await expect(db.update(stayReleases).set({ collectedBy: "Someone Else" }).where(eq(stayReleases.stayId, stay.id))).rejects.toThrow();
    await db.delete(stays).where(eq(stays.id, stay.id));
    expect(await db.select().from(stayReleases).where(eq(stayReleases.stayId, stay.id))).toHaveLength(0);
  });

  it("refuses a code from yesterday from 00:00 the next day, and a wrong code, each in words", async () => {
    const { stay, owner, pickup } = await leavingStay({ pickup: 1 });
    await sendPickupCodes(deps(), morning);
    await deliverTexts(morning);
    const { code } = await lastTextTo(database.db, owner.phone);
    const theirs = await lastTextTo(database.db, pickup[0]!.phone);

    expect(await refusal(releaseWithCode(deps(), { stayId: stay.id, code, staff: desk }, at("00:00", tomorrow)))).toEqual({
      status: 409,
      code: "PICKUP_CODE_EXPIRED",
      message: PICKUP_TEXT.codeExpired,
    });
    const wrong = [otherCode(code), otherCode(theirs.code)].find((c) => c !== code && c !== theirs.code)!;
    expect(await refusal(releaseWithCode(deps(), { stayId: stay.id, code: wrong, staff: desk }, at("18:00")))).toEqual({
      status: 400,
      code: "PICKUP_CODE_WRONG",
      message: PICKUP_TEXT.codeWrong,
    });
    expect(PICKUP_TEXT).toMatchObject({
      codeExpired: "This pickup code has expired: codes are valid on the pickup day only. Call the owner.",
      codeWrong: "This pickup code is not right. Check it with the person, or call the owner.",
      codeUsed: "This pickup code has already been used. Call the owner before releasing the cat.",
    });
    // Until midnight the code is good.
    const release = await releaseWithCode(deps(), { stayId: stay.id, code: theirs.code, staff: desk }, at("23:59"));
    expect(release).toMatchObject({ method: "code", collectedBy: "Pickup 1", person: 1 });
  });

  it("counts 20 wrong codes entered at once exactly, closes the codes for the day after ten, even to the right code, and leaves the override", async () => {
    const { db } = database;
    const { stay, owner } = await leavingStay();
    await sendPickupCodes(deps(), morning);
    await deliverTexts(morning);
    const { code } = await lastTextTo(database.db, owner.phone);
    const noon = at("12:00");
    const wrongs = new Set<string>();
    while (wrongs.size < 20) {
      const guess = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
      if (guess !== code) wrongs.add(guess);
    }

    // On PostgreSQL each call runs on its own connection of the pool.
    const outcomes = await Promise.allSettled([...wrongs].map((guess) => releaseWithCode(deps(), { stayId: stay.id, code: guess, staff: desk }, noon)));
    const refusals = outcomes.map((o) => (o.status === "rejected" ? (o.reason as AppError).code : "released"));
    expect(refusals.filter((c) => c === "PICKUP_CODE_WRONG")).toHaveLength(PICKUP_WRONG_CODES_A_DAY - 1);
    // The tenth wrong code closes the codes; the ten after it are refused uncounted.
    expect(refusals.filter((c) => c === "PICKUP_CODES_CLOSED")).toHaveLength(20 - (PICKUP_WRONG_CODES_A_DAY - 1));
    const attempts = await db.select().from(stayPickupAttempts).where(eq(stayPickupAttempts.stayId, stay.id));
    expect(attempts.map((a) => a.number).sort((a, b) => a - b)).toEqual(Array.from({ length: PICKUP_WRONG_CODES_A_DAY }, (_, i) => i + 1));
    expect(attempts.every((a) => a.day === today && a.staffEmail === desk.email && a.staffUserId === desk.userId)).toBe(true);

    // The eleventh, the right code, is refused as well, in words that send the desk to a manager; the code stays unused.
    const closed = await releaseWithCode(deps(), { stayId: stay.id, code, staff: desk }, noon).catch((e: AppError) => e);
    expect(closed).toMatchObject({ status: 429, code: "PICKUP_CODES_CLOSED", message: PICKUP_TEXT.codesClosed, retryAfterSeconds: 12 * 3600 });
    expect(PICKUP_TEXT.codesClosed).toBe(
      "10 wrong pickup codes were entered for this stay today, so pickup codes are closed for it until tomorrow. Call the owner; only a manager can release the cat now, with the override and a reason.",
    );
    expect(await releaseOf(db, stay.id)).toBeNull();
    expect((await codesOf(stay.id))[0]!.usedAt).toBeNull();
    expect(await pickupAtDesk(db, stay.id, noon)).toMatchObject({ wrongCodesToday: PICKUP_WRONG_CODES_A_DAY, codesClosed: true });
    // The database holds the limit whatever the code does: no eleventh wrong code, no number twice.
    const attempt = { stayId: stay.id, day: today, staffUserId: desk.userId, staffEmail: desk.email, at: noon };
    await expect(db.insert(stayPickupAttempts).values({ ...attempt, number: PICKUP_WRONG_CODES_A_DAY + 1 })).rejects.toThrow();
    await expect(db.insert(stayPickupAttempts).values({ ...attempt, number: 3 })).rejects.toThrow();

    // The count is the day's: the next day starts again (where a code of the day before is expired).
    expect(await refusal(releaseWithCode(deps(), { stayId: stay.id, code, staff: desk }, at("00:00", tomorrow)))).toMatchObject({
      code: "PICKUP_CODE_EXPIRED",
    });
    expect((await pickupAtDesk(db, stay.id, at("00:00", tomorrow))).wrongCodesToday).toBe(1);
    // A manager's override still releases the cat.
    expect(await releaseWithOverride(db, { stayId: stay.id, reason: "Owner on the phone, ID checked", staff: manager }, noon)).toMatchObject({
      method: "override",
    });
  });

  it("lets a manager release without a code only with a reason, once", async () => {
    const { db } = database;
    const { stay } = await leavingStay();
    const form = { intent: "release", stayId: stay.id };
    // The form: a code of six digits, or the override with its reason; both empty is refused in words.
    const problems = (input: Record<string, string>) => releaseForm.safeParse({ ...form, ...input }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(problems({})).toEqual([["code", PICKUP_CODE_MESSAGE]]);
    expect(problems({ code: "12345" })).toEqual([["code", PICKUP_CODE_MESSAGE]]);
    expect(problems({ override: "on", reason: " " })).toEqual([["reason", OVERRIDE_REASON_MESSAGE]]);
    expect(problems({ override: "on", code: "123456", reason: "Lost phone" })).toEqual([["code", CODE_OR_OVERRIDE_MESSAGE]]);
    expect(releaseForm.parse({ ...form, code: " 123456 " })).toEqual({ ...form, method: "code", code: "123456" });
    const reason = "Owner called; her sister has ID";
    expect(releaseForm.parse({ ...form, override: "on", reason: ` ${reason} ` })).toEqual({ ...form, method: "override", reason, manager: "", pin: "" });

    const noon = at("12:00");
    expect(await refusal(releaseWithOverride(db, { stayId: stay.id, reason, staff: desk }, noon))).toMatchObject({
      status: 403,
      code: "RELEASE_OVERRIDE_FORBIDDEN",
    });
    expect(await refusal(releaseWithOverride(db, { stayId: stay.id, reason: "  ", staff: manager }, noon))).toMatchObject({
      status: 400,
      code: "RELEASE_REASON_NEEDED",
    });
    // Nor does the table take a release with neither a code nor a reason.
    await expect(
      db.insert(stayReleases).values({ stayId: stay.id, overrideReason: " ", staffUserId: manager.userId, staffEmail: manager.email, releasedAt: noon }),
    ).rejects.toThrow();
    expect(await releaseOf(db, stay.id)).toBeNull();

    expect(await releaseWithOverride(db, { stayId: stay.id, reason, staff: manager }, noon)).toEqual({
      method: "override",
      reason,
      staffEmail: manager.email,
      // An account without a name yet goes by the one its address gives (ADR 0196); a manager's own override needs no one to confirm it.
      staffName: "Manager",
      confirmedBy: null,
      releasedAt: noon,
    });
    expect(await refusal(releaseWithOverride(db, { stayId: stay.id, reason: "Again", staff: manager }, noon))).toMatchObject({
      status: 409,
      code: "CAT_ALREADY_RELEASED",
    });
    const notIn = await leavingStay({ status: "checked_out" });
    expect(await refusal(releaseWithOverride(db, { stayId: notIn.stay.id, reason: "Why not", staff: manager }, noon))).toMatchObject({
      status: 409,
      code: "STAY_NOT_IN_HOTEL",
    });
    expect(
      await db
        .select()
        .from(stayReleases)
        .where(inArray(stayReleases.stayId, [stay.id, notIn.stay.id])),
    ).toHaveLength(1);
  });
});

describe("the check-out page's Pickup", () => {
  it("names who may collect, the codes texted today and, once released, who collected the cat", async () => {
    const { stay, owner, pickup } = await leavingStay({ pickup: 1 });
    const early = at("06:30");
    expect(await pickupAtDesk(database.db, stay.id, early)).toEqual({
      today,
      collectors: [
        { person: 0, name: owner.name, phone: owner.phone },
        { person: 1, name: "Pickup 1", phone: pickup[0]!.phone },
      ],
      codesToday: [],
      wrongCodesToday: 0,
      codesClosed: false,
      release: null,
    });
    await sendPickupCodes(deps(), morning);
    await deliverTexts(morning);
    expect((await pickupAtDesk(database.db, stay.id, morning)).codesToday).toEqual([
      { name: owner.name, sentAt: morning, by: "text" },
      { name: "Pickup 1", sentAt: morning, by: "text" },
    ]);
    // The next day's page counts no code as today's.
    expect((await pickupAtDesk(database.db, stay.id, at("08:00", tomorrow))).codesToday).toEqual([]);

    const { code } = await lastTextTo(database.db, pickup[0]!.phone);
    const ownerCode = (await lastTextTo(database.db, owner.phone)).code;
    const wrong = [otherCode(code), otherCode(otherCode(code))].find((c) => c !== ownerCode)!;
    const noon = at("12:00");
    // A refusal of the code names the form's field, so the page shows it beside the code.
    expect((await releaseWithCode(deps(), { stayId: stay.id, code: wrong, staff: desk }, noon).catch((e: AppError) => e)) as AppError).toMatchObject({
      details: { fields: { code: expect.any(String) } },
    });
    await releaseWithCode(deps(), { stayId: stay.id, code, staff: desk }, noon);
    expect((await pickupAtDesk(database.db, stay.id, noon)).release).toEqual({
      method: "code",
      collectedBy: "Pickup 1",
      person: 1,
      staffEmail: desk.email,
      staffName: "Desk",
      releasedAt: noon,
    });
    await expect(pickupAtDesk(database.db, "not-a-uuid", noon)).rejects.toMatchObject({ status: 404 });
  });
});
