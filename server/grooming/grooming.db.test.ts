import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate, businessLocalToUtc, businessTime } from "~/lib/business-time";
import { customerActor, listCustomerAppointments, setStatus, updateAppointment } from "../appointments/appointments";
import type { Database, Db } from "../db/client";
import { appointments, groomerDaysOff, groomers, mailQueue } from "../db/schema/index";
import { EXCLUSION_VIOLATION, sqlStateOf } from "../db/sql-state";
import { getHousehold } from "../households/households";
import { AppError } from "../http/errors";
import { createTestDatabase } from "../testing/test-database";
import { groomerWeekForm } from "~/features/grooming/schema";
import {
  addDayOff,
  bookGroom,
  cancelCustomerAppointment,
  listGroomingServices,
  quoteGroom,
  removeDayOff,
  rescheduleGroom,
  saveGroomerWeek,
  saveGroomingService,
} from "./grooming";
import { type TestHouseholdOptions, testHousehold } from "../testing/households";
import { weekdayOnOrAfter } from "../testing/dates";
import { bookGroomFromForm, quoteGroomFromForm } from "../testing/groom-forms";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";

/** A Tuesday some weeks out (the groomer works 9-5 with lunch 12-1): each test takes its own, so their grooms never meet. */
const tuesdayIn = (days: number) => weekdayOnOrAfter(addBusinessDays(today, days), 2);

/** A new household with cats whose FVRCP (the required vaccine) is verified (or awaiting review) until `fvrcpUntil`. */
async function household(db: Db, options: TestHouseholdOptions = {}) {
  const { user, catIds } = await testHousehold(db, now, options);
  return { user, catIds };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const grooms = (db: Db, email: string) => db.select().from(appointments).where(eq(appointments.customerEmail, email));
const times = async (db: Db, userId: string, catIds: string[], day: string, serviceId = "full-grooming") =>
  (await quoteGroom(db, userId, { serviceId, catIds, day }, now)).times.map((t) => t.time);

describe("grooming services", () => {
  it("are the published grooming services with a duration and a price, which admin edits", async () => {
    const { db } = database;
    expect((await listGroomingServices(db)).map((s) => [s.title, s.durationMinutes, s.priceCents])).toEqual([
      ["Full Grooming", 90, 8500],
      ["Bath & Brush", 60, 5500],
      ["Lion Cuts & Mat Removal", 120, 11000],
    ]);
    await saveGroomingService(db, { serviceId: "bath-and-brush", durationMinutes: 45, priceCents: 6000, bookable: true }, "admin@example.com", now);
    expect((await listGroomingServices(db)).find((s) => s.id === "bath-and-brush")).toMatchObject({ durationMinutes: 45, priceCents: 6000 });
    await saveGroomingService(db, { serviceId: "bath-and-brush", durationMinutes: 60, priceCents: 5500, bookable: false }, "admin@example.com", now);
    expect((await listGroomingServices(db)).map((s) => s.id)).not.toContain("bath-and-brush");
    await saveGroomingService(db, { serviceId: "bath-and-brush", durationMinutes: 60, priceCents: 5500, bookable: true }, "admin@example.com", now);
    // Only grooming services have a price: boarding is not one.
    expect((await refusal(saveGroomingService(db, { serviceId: "cat-boarding", durationMinutes: 60, priceCents: 1, bookable: true }, "a", now))).code).toBe(
      "SERVICE_NOT_FOUND",
    );
  });
});

describe("booking a groom", () => {
  it("confirms the first free time at once, queues the confirmation with a calendar file, and the time is gone for the next customer", async () => {
    const { db } = database;
    const day = tuesdayIn(7);
    const first = await household(db);
    const offered = await times(db, first.user.id, first.catIds, day);
    expect(offered[0]).toBe("09:00");

    const groom = await bookGroom(db, first.user, { serviceId: "full-grooming", catIds: first.catIds, day, time: offered[0]! }, { siteUrl, now });
    expect(groom).toMatchObject({
      status: "Confirmed",
      serviceId: "full-grooming",
      catNames: "Miso",
      priceCents: 8500,
      customerEmail: first.user.email.toLowerCase(),
    });
    expect(groom.startsAt).toEqual(businessLocalToUtc(day, "09:00"));
    expect(groom.endsAt).toEqual(businessLocalToUtc(day, "10:30"));

    // The household's, on its /appointments.
    expect(groom.householdId).toBe((await getHousehold(db, first.user.id))!.id);
    const listed = await listCustomerAppointments(db, customerActor(first.user), now);
    expect(listed.upcoming.map((a) => a.id)).toEqual([groom.id]);

    const [mail] = await db
      .select()
      .from(mailQueue)
      .where(like(mailQueue.dedupeKey, `groom:${groom.id}:%`));
    expect(mail?.message.subject).toContain("Your groom is booked");
    const ics = mail?.message.attachments?.[0];
    expect(ics?.filename).toBe("groom.ics");
    expect(ics?.content).toContain(
      `DTSTART:${groom.startsAt
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    );

    const second = await household(db);
    const left = await times(db, second.user.id, second.catIds, day);
    for (const taken of ["09:00", "09:15", "10:15"]) expect(left).not.toContain(taken);
    expect(left[0]).toBe("10:30");
  });

  it("gives two cats one groom after the other, at the price of two", async () => {
    const { db } = database;
    const day = tuesdayIn(14);
    const { user, catIds } = await household(db, { cats: ["Miso", "Tofu"] });
    const groom = await bookGroom(db, user, { serviceId: "full-grooming", catIds, day, time: "13:00" }, { siteUrl, now });
    expect(groom).toMatchObject({ catNames: "Miso, Tofu", priceCents: 17000 });
    expect(businessTime(groom.endsAt!)).toBe("16:00");
  });

  it("holds the vaccine rule on the appointment day", async () => {
    const { db } = database;
    const day = tuesdayIn(21);
    const expiring = await household(db, { fvrcpUntil: addBusinessDays(day, -1) });
    const quote = await quoteGroom(db, expiring.user.id, { serviceId: "full-grooming", catIds: expiring.catIds, day }, now);
    expect(quote.coverage[0]).toMatchObject({ state: "not-covered", problems: [expect.stringContaining("before the groom")] });
    const refused = await refusal(bookGroom(db, expiring.user, { serviceId: "full-grooming", catIds: expiring.catIds, day, time: "09:00" }, { siteUrl, now }));
    expect(refused.code).toBe("VACCINES_NOT_COVERED");
    expect(await grooms(db, expiring.user.email.toLowerCase())).toEqual([]);

    // Valid through the day itself is enough.
    const covered = await household(db, { fvrcpUntil: day });
    expect((await bookGroom(db, covered.user, { serviceId: "full-grooming", catIds: covered.catIds, day, time: "09:00" }, { siteUrl, now })).status).toBe(
      "Confirmed",
    );

    // A record awaiting review holds the time as Pending.
    const awaiting = await household(db, { verified: false });
    expect((await bookGroom(db, awaiting.user, { serviceId: "full-grooming", catIds: awaiting.catIds, day, time: "13:00" }, { siteUrl, now })).status).toBe(
      "Pending",
    );
  });

  it("refuses bad input with a clear reason and saves nothing", async () => {
    const { db } = database;
    const day = tuesdayIn(28);
    const { user, catIds } = await household(db);
    const other = await household(db);
    const book = (input: Partial<{ serviceId: string; catIds: string[]; day: string; time: string }>) =>
      refusal(bookGroomFromForm(db, user, { serviceId: "full-grooming", catIds, day, time: "09:00", ...input }, { siteUrl, now }));

    expect(await book({ day: addBusinessDays(today, -1) })).toMatchObject({ code: "DAY_NOT_BOOKABLE", message: "Choose today or a later day." });
    expect(await book({ day: addBusinessDays(today, 200) })).toMatchObject({ code: "DAY_NOT_BOOKABLE" });
    expect(await book({ time: "12:15" })).toMatchObject({ code: "TIME_NOT_FREE", details: { fields: { time: "Choose one of the times shown" } } });
    expect(await book({ time: "07:00" })).toMatchObject({ code: "TIME_NOT_FREE" });
    expect(await book({ catIds: other.catIds })).toMatchObject({ code: "CAT_NOT_FOUND" });
    expect(await book({ serviceId: "cat-boarding" })).toMatchObject({ code: "SERVICE_NOT_FOUND" });
    expect(await book({ serviceId: "no-such-service" })).toMatchObject({ code: "SERVICE_NOT_FOUND" });
    expect(await book({ time: "9am" })).toMatchObject({ code: "VALIDATION_FAILED" });
    // A day the calendar does not have, and the same cat twice (once it was booked for two grooms' time at twice the price).
    const impossible = `${addBusinessDays(today, 400).slice(0, 4)}-02-30`;
    expect(await book({ day: impossible })).toMatchObject({ status: 400, message: "Enter a real date.", details: { fields: { day: "Enter a real date." } } });
    expect(await book({ catIds: [catIds[0]!, catIds[0]!] })).toMatchObject({
      status: 400,
      message: "Each cat can be chosen once.",
      details: { fields: { catIds: "Each cat can be chosen once." } },
    });
    expect(await refusal(quoteGroomFromForm(db, user.id, { serviceId: "full-grooming", catIds: [catIds[0]!, catIds[0]!], day }, now))).toMatchObject({
      status: 400,
    });
    expect(await grooms(db, user.email.toLowerCase())).toEqual([]);
  });

  it("offers nothing on the groomer's day off or on Sunday", async () => {
    const { db } = database;
    const day = tuesdayIn(35);
    const { user, catIds } = await household(db);
    const [groomer] = await db.select().from(groomers);
    await db.insert(groomerDaysOff).values({ groomerId: groomer!.id, day, reason: "Vacation" });
    expect(await times(db, user.id, catIds, day)).toEqual([]);
    expect(await times(db, user.id, catIds, addBusinessDays(day, 5))).toEqual([]);
    // Saturday mornings: 9 to 12.
    expect((await times(db, user.id, catIds, addBusinessDays(day, 4), "bath-and-brush")).at(-1)).toBe("11:00");
  });

  it("gives 20 concurrent requests for one time exactly one groom; the others are told it is taken", async () => {
    const { db } = database;
    const day = tuesdayIn(42);
    const customers = await Promise.all(Array.from({ length: 20 }, () => household(db)));
    const outcomes = await Promise.allSettled(
      customers.map((c) => bookGroom(db, c.user, { serviceId: "full-grooming", catIds: c.catIds, day, time: "10:00" }, { siteUrl, now })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const codes = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as AppError).code] : []));
    expect(new Set(codes)).toEqual(new Set(["TIME_NOT_FREE"]));
    const held = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.startsAt, businessLocalToUtc(day, "10:00")), eq(appointments.status, "Confirmed")));
    expect(held).toHaveLength(1);
  });

  it("lets the database refuse an overlapping groom for the same groomer, whatever the code does; a cancelled one frees the time", async () => {
    const { db } = database;
    const day = tuesdayIn(49);
    const { user, catIds } = await household(db);
    const groom = await bookGroom(db, user, { serviceId: "full-grooming", catIds, day, time: "09:00" }, { siteUrl, now });
    const overlapping = { ...groom, id: crypto.randomUUID(), startsAt: businessLocalToUtc(day, "10:00"), endsAt: businessLocalToUtc(day, "11:00") };
    const error = await db
      .insert(appointments)
      .values(overlapping)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlStateOf(error)).toBe(EXCLUSION_VIOLATION);
    // Back to back is fine.
    await db.insert(appointments).values({ ...overlapping, startsAt: businessLocalToUtc(day, "10:30"), endsAt: businessLocalToUtc(day, "11:00") });

    await cancelCustomerAppointment(db, customerActor(user), groom.id, { siteUrl, now });
    expect((await times(db, user.id, catIds, day))[0]).toBe("09:00");
    const [cancelled] = await db
      .select()
      .from(mailQueue)
      .where(like(mailQueue.dedupeKey, `groom:${groom.id}:cancelled:%`));
    expect(cancelled?.message.subject).toContain("Your groom is cancelled");
    expect(cancelled?.message.attachments?.[0]?.content).toContain("METHOD:CANCEL");
    // Within 24 hours of the start it is refused, as for every appointment.
    const soon = await bookGroom(db, user, { serviceId: "full-grooming", catIds, day, time: "13:00" }, { siteUrl, now });
    const late = new Date(soon.startsAt.getTime() - 3_600_000);
    expect((await refusal(cancelCustomerAppointment(db, customerActor(user), soon.id, { siteUrl, now: late }))).code).toBe("INSIDE_CANCELLATION_WINDOW");
  });
});

describe("moving a groom", () => {
  it("moves it to a free time with the same checks, frees the old time and mails the change", async () => {
    const { db } = database;
    const day = tuesdayIn(56);
    const { user, catIds } = await household(db);
    const other = await household(db);
    const groom = await bookGroom(db, user, { serviceId: "full-grooming", catIds, day, time: "09:00" }, { siteUrl, now });
    await bookGroom(db, other.user, { serviceId: "full-grooming", catIds: other.catIds, day, time: "13:00" }, { siteUrl, now });

    expect((await refusal(rescheduleGroom(db, user, { appointmentId: groom.id, day, time: "13:30" }, { siteUrl, now }))).code).toBe("TIME_NOT_FREE");
    // Into its own time, shifted: its old row does not block it.
    const moved = await rescheduleGroom(db, user, { appointmentId: groom.id, day, time: "10:00" }, { siteUrl, now: new Date(now.getTime() + 1000) });
    expect(businessTime(moved.startsAt)).toBe("10:00");
    // The hour before it is free again (a 60-minute Bath & Brush fits).
    expect((await times(db, other.user.id, other.catIds, day, "bath-and-brush"))[0]).toBe("09:00");
    const mails = await db
      .select()
      .from(mailQueue)
      .where(like(mailQueue.dedupeKey, `groom:${groom.id}:changed:%`));
    expect(mails.map((m) => m.message.subject)).toEqual([expect.stringContaining("Your groom has moved")]);

    // Someone else's groom is not found; too close to the start is refused.
    expect((await refusal(rescheduleGroom(db, other.user, { appointmentId: groom.id, day, time: "14:30" }, { siteUrl, now }))).code).toBe("NOT_FOUND");
    const lateNow = new Date(moved.startsAt.getTime() - 3_600_000);
    expect((await refusal(rescheduleGroom(db, user, { appointmentId: groom.id, day, time: "14:30" }, { siteUrl, now: lateNow }))).code).toBe(
      "INSIDE_CANCELLATION_WINDOW",
    );
  });
});

describe("the groomer's calendar in admin", () => {
  it("a new week and a day off change the free times; a break outside the hours is refused", async () => {
    const { db } = database;
    const day = tuesdayIn(63);
    const { user, catIds } = await household(db);
    const [groomer] = await db.select().from(groomers);
    const week = (tuesday: Record<string, string>) => ({ intent: "week", groomerId: groomer!.id, from1: "09:00", to1: "17:00", ...tuesday });
    expect(groomerWeekForm.safeParse(week({ from2: "10:00", to2: "14:00", breakFrom2: "15:00", breakTo2: "16:00" })).error?.issues[0]?.message).toBe(
      "Tuesday's break must fall inside its hours",
    );
    const saved = groomerWeekForm.parse(week({ from2: "10:00", to2: "14:00", breakFrom2: "11:00", breakTo2: "11:30" }));
    const original = { workingHours: groomer!.workingHours, breaks: groomer!.breaks };
    await saveGroomerWeek(db, saved, new Date());
    try {
      expect(await times(db, user.id, catIds, day, "bath-and-brush")).toEqual(["10:00", "11:30", "11:45", "12:00", "12:15", "12:30", "12:45", "13:00"]);
      await addDayOff(db, { groomerId: groomer!.id, day, reason: "Vacation" });
      expect(await times(db, user.id, catIds, day)).toEqual([]);
      await removeDayOff(db, { groomerId: groomer!.id, day });
      expect(await times(db, user.id, catIds, day, "bath-and-brush")).toHaveLength(8);
    } finally {
      await saveGroomerWeek(db, { groomerId: groomer!.id, ...original }, new Date());
    }
  });
});

describe("staff changing a groom", () => {
  it("keep its length when moving its start, and are told, not failed, when the groomer is taken", async () => {
    const { db } = database;
    const day = tuesdayIn(70);
    const a = await household(db);
    const b = await household(db);
    const first = await bookGroom(db, a.user, { serviceId: "full-grooming", catIds: a.catIds, day, time: "09:00" }, { siteUrl, now });
    const second = await bookGroom(db, b.user, { serviceId: "full-grooming", catIds: b.catIds, day, time: "13:00" }, { siteUrl, now });
    const staff = { email: "staff@example.com", isAdmin: true } as const;
    const edit = (id: string, time: string) =>
      updateAppointment(
        db,
        staff,
        id,
        { customerEmail: a.user.email, serviceId: "full-grooming", catNames: "Miso", date: day, time, notes: "", autoReminder: false },
        now,
      );

    const moved = await edit(first.id, "10:00");
    expect(businessTime(moved.endsAt!)).toBe("11:30");
    expect(await refusal(edit(first.id, "12:30"))).toMatchObject({ code: "GROOMER_BUSY" });

    await cancelCustomerAppointment(db, customerActor(b.user), second.id, { siteUrl, now });
    await edit(first.id, "13:00");
    expect(await refusal(setStatus(db, staff, second.id, "Confirmed", now))).toMatchObject({ code: "GROOMER_BUSY" });
  });
});
