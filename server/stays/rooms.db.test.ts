import crypto from "node:crypto";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catForm, householdForm } from "~/features/cats/schema";
import type { stayWindowsForm, suiteTypeForm } from "~/features/stays/admin-schema";
import type { WeeklyWindows } from "~/domain/calendar";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { z } from "~/lib/zod";
import type { Database, Db } from "../db/client";
import { mediaImages, suites, users } from "../db/schema/index";
import { createCat, saveHousehold } from "../households/households";
import { AppError } from "../http/errors";
import { findVariant } from "../media/store";
import { createTestDatabase } from "../testing/test-database";
import { listSuiteTypes, loadStaySettings, stayCalendar } from "./calendar";
import { processSuitePhoto, saveStayWindows, saveSuiteType } from "./rooms";
import { quoteStay } from "./quote";
import { bookStayFromForm } from "../testing/stay-forms";
import { weekdayOnOrAfter } from "../testing/dates";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";

/** The first date on or after `from` that falls on `weekday` (0 = Sunday). */
const next = (weekday: number, from = addBusinessDays(today, 14)) => weekdayOnOrAfter(from, weekday);

/** A new customer with one cat (no vaccine records: the date rules are checked before them). */
async function customer(db: Db) {
  const [user] = await db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com` })
    .returning();
  await saveHousehold(db, user!.id, householdForm.parse({ name: "Ana Ruiz", mobilePhone: "(949) 249-1234" }), now);
  const cat = await createCat(db, user!.id, catForm.parse({ name: "Miso", sex: "female", spayedNeutered: "yes", felvFivStatus: "negative" }), now);
  return { userId: user!.id, catIds: [cat.id] };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const landscapePhoto = (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

function suiteType(name: string, extra: Partial<z.output<typeof suiteTypeForm>> = {}): Omit<z.output<typeof suiteTypeForm>, "photo"> {
  return {
    intent: "saveType",
    name,
    description: "A quiet room",
    size: "5 ft",
    maxCats: 2,
    nightlyRate: 5000,
    extraCatRate: 2000,
    removePhoto: false,
    ...extra,
  };
}

describe("arrival and departure hours", () => {
  it("a weekday saved without arrival windows refuses a check-in that day; the quote shows the saved hours of the days asked for", async () => {
    const { db } = database;
    const mornings = [{ from: "08:30", to: "11:00" }];
    const afternoons = [
      { from: "14:00", to: "15:00" },
      { from: "16:00", to: "18:30" },
    ];
    // Open every day, Wednesday closed for arrivals only.
    const arrival: WeeklyWindows = [0, 1, 2, 3, 4, 5, 6].map((day) => (day === 3 ? [] : mornings));
    const departure: WeeklyWindows = [0, 1, 2, 3, 4, 5, 6].map(() => afternoons);
    const input: z.output<typeof stayWindowsForm> = { intent: "windows", arrival, departure };
    await saveStayWindows(db, input, "staff@example.com", now);

    expect(await loadStaySettings(db)).toMatchObject({ arrivalWindows: arrival, departureWindows: departure, updatedBy: "staff@example.com" });

    const { userId, catIds } = await customer(db);
    const [type] = await listSuiteTypes(db);
    const wednesday = next(3);
    const error = await refusal(
      bookStayFromForm(
        db,
        userId,
        { checkIn: wednesday, checkOut: addBusinessDays(wednesday, 2), catIds, suiteTypeId: type!.id, arrangement: "together" },
        { siteUrl, now },
      ),
    );
    expect(error.status).toBe(400);
    expect(error.details?.fields).toEqual({ checkIn: "We're closed for arrivals that day. Please choose another check-in date." });
    // Leaving that Wednesday is fine: only arrivals are closed.
    const monday = addBusinessDays(wednesday, -2);
    const throughWednesday = await quoteStay(db, userId, { checkIn: monday, checkOut: wednesday, catIds }, now);
    expect(throughWednesday.problems).toEqual([]);
    expect(throughWednesday.arrivalWindows).toEqual(mornings);
    expect(throughWednesday.departureWindows).toEqual(afternoons);

    const calendar = await stayCalendar(db, today, 28);
    expect(calendar.find((d) => d.date === wednesday)).toMatchObject({ arrivals: false, departures: true });
    // Sunday, closed by the starting hours, is open now.
    expect(calendar.find((d) => d.date === next(0))).toMatchObject({ arrivals: true, departures: true });
  });
});

describe("a suite type's photo", () => {
  it("is saved with the type, listed and served in its sizes; a new one replaces it, and it can be removed", async () => {
    const { db } = database;
    const name = `Garden ${crypto.randomUUID().slice(0, 8)}`;
    const created = await saveSuiteType(
      db,
      suiteType(name),
      {
        image: await processSuitePhoto(await landscapePhoto("#2f9288")),
        uploadedBy: "staff@example.com",
      },
      new Date(),
    );
    await db.insert(suites).values({ suiteTypeId: created.id, name: `G-${crypto.randomUUID()}` });

    const listed = (await listSuiteTypes(db)).find((t) => t.id === created.id)!;
    expect(listed.photoImageId).toEqual(expect.any(String));
    expect(await findVariant(db, listed.photoImageId!, 600)).toBeInstanceOf(Buffer);
    expect(await findVariant(db, listed.photoImageId!, 1200)).toBeInstanceOf(Buffer);

    // The customer choosing a suite gets the photo with the type.
    const { userId, catIds } = await customer(db);
    const thursday = next(4);
    const quote = await quoteStay(db, userId, { checkIn: thursday, checkOut: addBusinessDays(thursday, 1), catIds }, now);
    expect(quote.options.find((o) => o.suiteTypeId === created.id)?.photoImageId).toBe(listed.photoImageId);

    // Saving the rates without a new photo keeps it.
    await saveSuiteType(db, suiteType(name, { suiteTypeId: created.id, nightlyRate: 5500 }), null, new Date());
    expect((await listSuiteTypes(db)).find((t) => t.id === created.id)).toMatchObject({ photoImageId: listed.photoImageId, nightlyRateCents: 5500 });

    const replaced = await saveSuiteType(
      db,
      suiteType(name, { suiteTypeId: created.id }),
      {
        image: await processSuitePhoto(await landscapePhoto("#d96d1f")),
        uploadedBy: "staff@example.com",
      },
      new Date(),
    );
    expect(replaced.photoImageId).toEqual(expect.any(String));
    expect(replaced.photoImageId).not.toBe(listed.photoImageId);

    const removed = await saveSuiteType(db, suiteType(name, { suiteTypeId: created.id, removePhoto: true }), null, new Date());
    expect(removed.photoImageId).toBeNull();
    expect((await listSuiteTypes(db)).find((t) => t.id === created.id)?.photoImageId).toBeNull();
  });

  it("a file that is not a usable photo is refused under the photo field, and a refused name keeps no image", async () => {
    const { db } = database;
    const notAPicture = await refusal(processSuitePhoto(Buffer.from("not a picture")));
    expect(notAPicture.details?.fields).toEqual({ photo: "Only JPEG, PNG and WebP images can be uploaded; this file is none of them." });
    const tiny = await refusal(
      processSuitePhoto(
        await sharp({ create: { width: 200, height: 120, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      ),
    );
    expect(tiny.details?.fields).toEqual({ photo: expect.stringContaining("at least 300 pixels") });

    const name = `Loft ${crypto.randomUUID().slice(0, 8)}`;
    await saveSuiteType(db, suiteType(name), null, new Date());
    const [before] = await db.select({ images: count() }).from(mediaImages);
    const taken = await refusal(
      saveSuiteType(db, suiteType(name), { image: await processSuitePhoto(await landscapePhoto("#123456")), uploadedBy: "staff@example.com" }, new Date()),
    );
    expect(taken.code).toBe("NAME_TAKEN");
    const [after] = await db.select({ images: count() }).from(mediaImages);
    expect(after!.images).toBe(before!.images);
  });
});
