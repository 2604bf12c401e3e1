import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catForm } from "~/features/cats/schema";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { DEFAULT_VACCINE_POLICY, yearsAfter } from "~/domain/vaccines";
import { publishValue } from "../content/content";
import type { Database } from "../db/client";
import { users, vaccineDocuments, vaccineRecords, vaccineReminders } from "../db/schema/index";
import { loadEnv } from "../env";
import { AppError } from "../http/errors";
import { createLogger } from "../logger";
import { createMailer, readOutbox } from "../mail/mailer";
import { deliverQueuedMail } from "../mail/queue";
import { testPdf } from "../testing/certificates";
import { createTestDatabase } from "../testing/test-database";
import { createCat } from "./households";
import { processCatPhoto, readCatPhoto, saveCatPhoto } from "./photos";
import { runVaccineReminders } from "./vaccine-reminder-job";
import {
  listVaccineRecords,
  readVaccineDocument,
  reviewQueuePage,
  rejectVaccineRecord,
  uploadVaccineRecord,
  vaccineCoverage,
  vaccineRecordHistory,
  verifyVaccineRecord,
} from "./vaccines";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// Noon in Los Angeles today: every date below is relative to it.
const now = businessLocalToUtc(businessDate(new Date()), "12:00");
const today = businessDate(now);
const day = (n: number) => addBusinessDays(today, n);

const PDF = testPdf();
const jpeg = (size = 400) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#c08040" } })
    .jpeg()
    .toBuffer();
const pdf = (name = "fvrcp.pdf") => ({ name, bytes: PDF });

async function newUser(): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com` })
    .returning();
  return row!.id;
}

async function newCat(userId: string, name = "Miso") {
  return createCat(database.db, userId, catForm.parse({ name, sex: "female", spayedNeutered: "yes", medications: [] }), now);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("uploading a vaccine record", () => {
  it("checks the file by its bytes and its size, and the expiry date, and stores nothing it refuses", async () => {
    const { db } = database;
    const owner = await newUser();
    const cat = await newCat(owner);
    const upload = (expiresOn: string, document: { name: string; bytes: Buffer }, at = now) =>
      uploadVaccineRecord(db, owner, cat.id, { vaccine: "fvrcp", expiresOn, document }, at);

    expect(await refusal(upload(day(200), { name: "fvrcp.pdf", bytes: Buffer.from("just some text, named like a PDF") }))).toMatchObject({
      status: 400,
      code: "UNSUPPORTED_DOCUMENT_TYPE",
      details: { fields: { document: "Upload the certificate as a PDF, JPEG, PNG or WebP file; this file is none of them." } },
    });
    expect(await refusal(upload(day(200), { name: "empty.pdf", bytes: Buffer.alloc(0) }))).toMatchObject({ code: "DOCUMENT_MISSING" });
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await refusal(upload(day(200), { name: "big.pdf", bytes: big }))).toMatchObject({ status: 413, code: "DOCUMENT_TOO_BIG" });
    expect(await refusal(upload(day(-1), pdf()))).toMatchObject({
      status: 400,
      details: { fields: { expiresOn: "This date has passed: upload a current certificate." } },
    });
    expect(await refusal(upload(yearsAfter(today, 10), pdf()))).toMatchObject({ status: 400, code: "INVALID_EXPIRY_DATE" });
    expect(await refusal(upload(yearsAfter(day(1), 3), pdf()))).toMatchObject({ code: "INVALID_EXPIRY_DATE" });
    expect(await db.select().from(vaccineRecords).where(eq(vaccineRecords.catId, cat.id))).toEqual([]);

    // Today and exactly three years out are both fine; a JPEG photo of the certificate too.
    const first = await upload(today, { name: '../../etc/Miso\'s "FVRCP".pdf', bytes: PDF });
    expect(first).toMatchObject({ status: "awaiting_review", documentType: "application/pdf", documentName: "Miso's FVRCP.pdf", documentSize: PDF.length });
    const second = await upload(yearsAfter(today, 3), { name: "photo.jpg", bytes: await jpeg() }, new Date(now.getTime() + 60_000));
    expect(second.documentType).toBe("image/jpeg");

    // The newer record replaces the current one; the first stays as history.
    expect(await listVaccineRecords(db, owner, cat.id, now)).toMatchObject([{ id: second.id, vaccine: "fvrcp", status: "awaiting_review" }]);
    const history = await vaccineRecordHistory(db, owner, cat.id);
    expect(history.map((r) => [r.id, r.replacedAt !== null])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
  });

  it("keeps one current record when two uploads of a vaccine arrive at once", async () => {
    const owner = await newUser();
    const cat = await newCat(owner);
    const upload = () => uploadVaccineRecord(database.db, owner, cat.id, { vaccine: "fvrcp", expiresOn: day(60), document: pdf() }, now);
    await Promise.all([upload(), upload(), upload()]);
    expect(await listVaccineRecords(database.db, owner, cat.id, now)).toHaveLength(1);
    expect(await vaccineRecordHistory(database.db, owner, cat.id)).toHaveLength(3);
  });

  it("shows a record whose expiry date has passed as expired", async () => {
    const owner = await newUser();
    const cat = await newCat(owner);
    await uploadVaccineRecord(database.db, owner, cat.id, { vaccine: "rabies", expiresOn: day(10), document: pdf() }, now);
    expect((await listVaccineRecords(database.db, owner, cat.id, businessLocalToUtc(day(11), "09:00")))[0]?.status).toBe("expired");
    expect((await listVaccineRecords(database.db, owner, cat.id, businessLocalToUtc(day(10), "23:00")))[0]?.status).toBe("awaiting_review");
  });
});

describe("another household", () => {
  it("gets 404 for every cat, record, document and photo of this one", async () => {
    const { db } = database;
    const owner = await newUser();
    const stranger = await newUser();
    const cat = await newCat(owner);
    const record = await uploadVaccineRecord(db, owner, cat.id, { vaccine: "fvrcp", expiresOn: day(100), document: pdf() }, now);
    await saveCatPhoto(db, owner, cat.id, await processCatPhoto(await jpeg()), now);

    // Each call starts only when it is awaited: an early refusal would otherwise go unhandled.
    const notFound = [
      () => uploadVaccineRecord(db, stranger, cat.id, { vaccine: "fvrcp", expiresOn: day(100), document: pdf() }, now),
      () => listVaccineRecords(db, stranger, cat.id, now),
      () => vaccineRecordHistory(db, stranger, cat.id),
      () => vaccineCoverage(db, { userId: stranger, catIds: [cat.id], through: day(5), now }),
      () => readVaccineDocument(db, { userId: stranger, isAdmin: false }, record.id),
      () => readVaccineDocument(db, { userId: stranger, isAdmin: false }, "not-an-id"),
      () => readCatPhoto(db, { userId: stranger, isAdmin: false }, cat.id, 200),
      async () => saveCatPhoto(db, stranger, cat.id, await processCatPhoto(await jpeg()), now),
    ];
    for (const attempt of notFound) expect((await refusal(attempt())).status).toBe(404);
    // A mix of the user's own cat and another's is refused as a whole.
    const own = await newCat(stranger, "Tofu");
    expect((await refusal(vaccineCoverage(db, { userId: stranger, catIds: [own.id, cat.id], through: day(5), now }))).status).toBe(404);

    // The household and admins read them.
    expect((await readVaccineDocument(db, { userId: owner, isAdmin: false }, record.id)).bytes.equals(PDF)).toBe(true);
    expect((await readVaccineDocument(db, { userId: stranger, isAdmin: true }, record.id)).type).toBe("application/pdf");
    const photo = await readCatPhoto(db, { userId: owner, isAdmin: false }, cat.id, 200);
    expect(await sharp(photo).metadata()).toMatchObject({ format: "webp", width: 200, height: 200 });
  });
});

describe("a cat's photo", () => {
  it("gets the admin images' checks, named for the photo field, before anything is saved", async () => {
    const tiny = await refusal(processCatPhoto(await jpeg(100)));
    expect(tiny).toMatchObject({ code: "IMAGE_DIMENSIONS_TOO_SMALL", details: { fields: { photo: tiny.message } } });
    expect(await refusal(processCatPhoto(PDF))).toMatchObject({ code: "UNSUPPORTED_IMAGE_TYPE" });
  });
});

describe("vaccineCoverage", () => {
  it("is ready only with a verified record of each required vaccine valid through check-out (that day included)", async () => {
    const { db } = database;
    const owner = await newUser();
    const miso = await newCat(owner, "Miso");
    const tofu = await newCat(owner, "Tofu");
    const coverage = (through: string, catIds = [miso.id, tofu.id]) => vaccineCoverage(db, { userId: owner, catIds, through, now });

    expect(await coverage(day(7))).toEqual([
      { catId: miso.id, catName: "Miso", state: "not-covered", problems: ["FVRCP record needed."] },
      { catId: tofu.id, catName: "Tofu", state: "not-covered", problems: ["FVRCP record needed."] },
    ]);

    // Uploaded today: it counts at once, as awaiting review. Rabies is only recommended: never asked for.
    const misoRecord = await uploadVaccineRecord(db, owner, miso.id, { vaccine: "fvrcp", expiresOn: day(30), document: pdf() }, now);
    expect((await coverage(day(30), [miso.id]))[0]).toMatchObject({ state: "awaiting-review", problems: ["FVRCP record awaiting review."] });
    // Expiring exactly on the check-out day covers it; the day before does not.
    const shortOf = await coverage(day(31), [miso.id]);
    expect(shortOf[0]!.state).toBe("not-covered");
    expect(shortOf[0]!.problems[0]).toMatch(/^FVRCP expires [A-Z][a-z]{2} \d{1,2}, before check-out\.$/);

    await verifyVaccineRecord(db, misoRecord.id, { expiresOn: day(30) }, "staff@cathotel.test", now);
    expect((await coverage(day(30), [miso.id]))[0]).toMatchObject({ state: "ready", problems: [] });
    expect((await coverage(day(31), [miso.id]))[0]!.state).toBe("not-covered");

    const tofuRecord = await uploadVaccineRecord(db, owner, tofu.id, { vaccine: "fvrcp", expiresOn: day(300), document: pdf() }, now);
    await rejectVaccineRecord(db, tofuRecord.id, { reason: "The certificate is for another cat." }, "staff@cathotel.test", now);
    expect((await coverage(day(7), [tofu.id]))[0]).toMatchObject({
      state: "not-covered",
      problems: ["FVRCP record was not accepted: The certificate is for another cat."],
    });

    // A record that has expired by the day asked about.
    expect(
      (await vaccineCoverage(db, { userId: owner, catIds: [miso.id], through: day(35), now: businessLocalToUtc(day(32), "09:00") }))[0]!.problems[0],
    ).toMatch(/^FVRCP expired /);
  });

  it("follows the published vaccine policy", async () => {
    const { db } = database;
    const owner = await newUser();
    const cat = await newCat(owner);
    const fvrcp = await uploadVaccineRecord(db, owner, cat.id, { vaccine: "fvrcp", expiresOn: day(100), document: pdf() }, now);
    await verifyVaccineRecord(db, fvrcp.id, { expiresOn: day(100) }, "staff@cathotel.test", now);
    expect((await vaccineCoverage(db, { userId: owner, catIds: [cat.id], through: day(10), now }))[0]!.state).toBe("ready");
    await publishValue(db, "vaccines", { ...DEFAULT_VACCINE_POLICY, rabies: "required" }, "owner@cathotel.test");
    try {
      expect((await vaccineCoverage(db, { userId: owner, catIds: [cat.id], through: day(10), now }))[0]).toMatchObject({
        state: "not-covered",
        problems: ["Rabies record needed."],
      });
    } finally {
      await publishValue(db, "vaccines", DEFAULT_VACCINE_POLICY, "owner@cathotel.test");
    }
  });
});

describe("staff review", () => {
  it("lists records awaiting review oldest first, verifies with a corrected date, rejects with a reason, and decides once", async () => {
    const { db } = database;
    const owner = await newUser();
    const cat = await newCat(owner, "Queue cat");
    const older = await uploadVaccineRecord(db, owner, cat.id, { vaccine: "fvrcp", expiresOn: day(100), document: pdf() }, new Date(now.getTime() - 60_000));
    const newer = await uploadVaccineRecord(db, owner, cat.id, { vaccine: "rabies", expiresOn: day(200), document: pdf() }, now);
    const queue = (await reviewQueuePage(db)).records.filter((r) => r.catId === cat.id);
    expect(queue.map((r) => r.id)).toEqual([older.id, newer.id]);

    expect(await refusal(verifyVaccineRecord(db, older.id, { expiresOn: yearsAfter(today, 10) }, "staff@cathotel.test", now))).toMatchObject({
      code: "INVALID_EXPIRY_DATE",
    });
    const verified = await verifyVaccineRecord(db, older.id, { expiresOn: day(90) }, "staff@cathotel.test", now);
    expect(verified.record).toMatchObject({ status: "verified", expiresOn: day(90), reviewedBy: "staff@cathotel.test" });
    expect(await refusal(rejectVaccineRecord(db, older.id, { reason: "Too late" }, "other@cathotel.test", now))).toMatchObject({ status: 409 });

    expect(await refusal(rejectVaccineRecord(db, newer.id, { reason: "   " }, "staff@cathotel.test", now))).toMatchObject({ code: "REASON_REQUIRED" });
    const rejected = await rejectVaccineRecord(db, newer.id, { reason: "The page is cut off." }, "staff@cathotel.test", now);
    expect(rejected).toMatchObject({ catName: "Queue cat", record: { status: "rejected", rejectionReason: "The page is cut off." } });
    expect((await reviewQueuePage(db)).records.filter((r) => r.catId === cat.id)).toEqual([]);
    expect((await refusal(verifyVaccineRecord(db, crypto.randomUUID(), { expiresOn: day(9) }, "staff@cathotel.test", now))).status).toBe(404);
  });
});

describe("expiry reminders", () => {
  it("mail 30 days ahead and on the day, once each, when two runs race", async () => {
    const { db } = database;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vaccine-reminders-"));
    const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
    const logger = createLogger("silent");
    const deps = { db, mailer: createMailer(env, logger), env, logger };
    // Only this test's records: the others' would be due too.
    await db.delete(vaccineRecords);
    const [, soonId, todayId, rabiesId] = await (async () => {
      const owner = await newUser();
      const cat = await newCat(owner, "Reminder cat");
      const other = await newCat(owner, "Reminder cat two");
      const third = await newCat(owner, "Reminder cat three");
      // Far off: no mail. 30 days out: the early mail. Today: the on-the-day mail. Rabies (recommended): none.
      const far = await uploadVaccineRecord(db, owner, cat.id, { vaccine: "fvrcp", expiresOn: day(31), document: pdf() }, now);
      const soon = await uploadVaccineRecord(db, owner, other.id, { vaccine: "fvrcp", expiresOn: day(30), document: pdf() }, now);
      const onTheDay = await uploadVaccineRecord(db, owner, third.id, { vaccine: "fvrcp", expiresOn: today, document: pdf() }, now);
      const rabies = await uploadVaccineRecord(db, owner, third.id, { vaccine: "rabies", expiresOn: today, document: pdf() }, now);
      return [far.id, soon.id, onTheDay.id, rabies.id];
    })();

    const runs = await Promise.all([runVaccineReminders(deps, now), runVaccineReminders(deps, now)]);
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(2);
    // The mail queue's job sends them (it runs after the reminders' job).
    expect(await deliverQueuedMail(deps, now, 1000)).toEqual({ sent: 2, failed: 0 });
    const mails = await readOutbox(env);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Reminder cat three's FVRCP vaccination expires today$/),
      expect.stringMatching(/^Reminder cat two's FVRCP vaccination expires on /),
    ]);
    expect(mails.find((m) => m.subject.startsWith("Reminder cat two"))!.text).toMatch(/\/cats\/[0-9a-f-]{36}\?vaccine=fvrcp#upload-record/);
    expect((await db.select().from(vaccineReminders)).map((r) => [r.recordId, r.kind]).sort()).toEqual(
      [
        [soonId, "30-days"],
        [todayId, "on-the-day"],
      ].sort(),
    );
    expect(rabiesId).toBeDefined();

    // Later runs send nothing more.
    expect(await runVaccineReminders(deps, now)).toMatchObject({ queued: 0 });
    await deliverQueuedMail(deps, now, 1000);
    expect(await readOutbox(env)).toHaveLength(2);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe("documents are stored in the database", () => {
  it("with their bytes apart from the record", async () => {
    const owner = await newUser();
    const cat = await newCat(owner);
    const record = await uploadVaccineRecord(database.db, owner, cat.id, { vaccine: "felv", expiresOn: day(50), document: pdf() }, now);
    const [row] = await database.db.select().from(vaccineDocuments).where(eq(vaccineDocuments.recordId, record.id));
    expect(row!.bytes.equals(PDF)).toBe(true);
  });
});
