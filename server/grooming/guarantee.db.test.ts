import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastTwelveMonths } from "~/domain/revenue";
import { groomGuaranteeForm } from "~/features/grooming/schema";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { revenueReport } from "../analytics/revenue";
import type { Database } from "../db/client";
import { appointments, groomGuarantees, groomers, mailQueue } from "../db/schema/index";
import type { AppointmentStatus } from "../db/schema/index";
import { AppError } from "../http/errors";
import { testHousehold } from "../testing/households";
import { createTestDatabase } from "../testing/test-database";
import { recordGroomPayment } from "./groom-payments";
import { recentlyCompletedGrooms, recordGroomGuarantee } from "./guarantee";

/**
 * The satisfaction guarantee on a completed groom (ADR 0166): given back at the desk, once per groom,
 * within the promised 7 days and up to its price; the customer is told by mail and the revenue
 * report counts it as the grooms' refunds.
 */

let database: Database;
const now = new Date();
const today = businessDate(now);
const siteUrl = "http://localhost:3000";
const staffEmail = "desk@example.com";
let household: Awaited<ReturnType<typeof testHousehold>>;
let groomerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  household = await testHousehold(database.db, now, { cats: ["Miso"] });
  const [groomer] = await database.db.select({ id: groomers.id }).from(groomers).limit(1);
  groomerId = groomer!.id;
});
afterAll(() => database.close());

/** A groom of the household that started `daysAgo` days before today, at a time of its own (the groomer's grooms never overlap). */
let minutes = 0;
async function groom(daysAgo: number, status: AppointmentStatus = "Completed", priceCents = 8500, paid = true) {
  minutes += 90;
  const startsAt = new Date(businessLocalToUtc(addBusinessDays(today, -daysAgo), "08:00").getTime() + minutes * 60_000);
  const [row] = await database.db
    .insert(appointments)
    .values({
      householdId: household.householdId,
      customerEmail: household.user.email,
      serviceId: "full-grooming",
      catNames: "Miso",
      catIds: household.catIds,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      groomerId,
      priceCents,
      status,
      createdBy: staffEmail,
      updatedBy: staffEmail,
    })
    .returning();
  // Paid at the desk as it was done (ADR 0192): the guarantee gives back what was paid.
  if (paid && status !== "Cancelled") await recordGroomPayment(database.db, { appointmentId: row!.id, method: "cash", staffEmail }, now);
  return row!.id;
}

const give = (appointmentId: string, amountCents: number, at = now) =>
  recordGroomGuarantee(database.db, { appointmentId, amountCents, reason: "The nails were cut too short.", method: "cash", staffEmail }, { siteUrl, now: at });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const guaranteesOf = (appointmentId: string) => database.db.select().from(groomGuarantees).where(eq(groomGuarantees.appointmentId, appointmentId));
const mailsOf = async (appointmentId: string) => (await database.db.select().from(mailQueue)).filter((m) => m.dedupeKey === `groom:${appointmentId}:guarantee`);

describe("the satisfaction guarantee on a groom", () => {
  it("records what was given back at the desk, mails the customer, lists it on the groom and counts it as a groom refund in the revenue report", async () => {
    const month = (r: Awaited<ReturnType<typeof revenueReport>>) => r.months.at(-1)!.services.grooms;
    const before = month(await revenueReport(database.db, lastTwelveMonths(today)));
    const id = await groom(2);
    expect((await recentlyCompletedGrooms(database.db, today)).find((g) => g.id === id)).toMatchObject({ priceCents: 8500, guarantee: null });

    expect(await give(id, 2500)).toEqual({ amountCents: 2500, method: "cash" });
    expect(await guaranteesOf(id)).toMatchObject([
      { amountCents: 2500, method: "cash", reason: "The nails were cut too short.", recordedBy: `staff:${staffEmail}` },
    ]);
    const [mail] = await mailsOf(id);
    expect(mail).toMatchObject({ toAddress: household.user.email, message: { subject: "Your satisfaction guarantee refund of $25.00" } });
    expect(mail!.message.text).toContain("we have given you back $25.00 at the desk in cash");
    expect((await recentlyCompletedGrooms(database.db, today)).find((g) => g.id === id)!.guarantee).toMatchObject({ amountCents: 2500, method: "cash" });

    const after = month(await revenueReport(database.db, lastTwelveMonths(today)));
    // Paid $85.00 at the desk, $25.00 given back: the grooms' net is what was kept.
    expect([after.balancesCents - before.balancesCents, after.refundsCents - before.refundsCents, after.netCents - before.netCents]).toEqual([
      8500, 2500, 6000,
    ]);
  });

  it("is given once per groom, even when two staff record it at the same moment", async () => {
    const id = await groom(1);
    const outcomes = await Promise.allSettled([give(id, 1000), give(id, 2000)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected")!.reason as AppError;
    expect([refused.code, refused.message]).toEqual([
      "GUARANTEE_ALREADY_GIVEN",
      "The satisfaction guarantee was already given for this groom, so nothing more was recorded.",
    ]);
    expect(await guaranteesOf(id)).toHaveLength(1);
    expect(await mailsOf(id)).toHaveLength(1);
    expect((await refusal(give(id, 500))).code).toBe("GUARANTEE_ALREADY_GIVEN");
  });

  it("refuses, each in words, a groom not completed, one more than 7 days ago, more than was paid, one not paid, and an unknown groom; nothing is recorded or mailed", async () => {
    const confirmed = await groom(0, "Confirmed");
    const old = await groom(8);
    const lastDay = await groom(7);
    const priced = await groom(3, "Completed", 4000);
    const unpaid = await groom(2, "Completed", 4000, false);

    expect((await refusal(give(confirmed, 1000))).message).toBe("The satisfaction guarantee is for a completed groom: mark the groom completed first.");
    const late = await refusal(give(old, 1000));
    expect([late.code, late.message]).toEqual([
      "GUARANTEE_DAYS_PASSED",
      expect.stringMatching(/^The satisfaction guarantee is for 7 days after a groom; this one was on /),
    ]);
    const tooMuch = await refusal(give(priced, 4001));
    expect([tooMuch.status, tooMuch.message, tooMuch.details]).toEqual([
      400,
      "Give back at most $40.00, what was paid for the groom.",
      { fields: { amount: "Give back at most $40.00, what was paid for the groom." } },
    ]);
    const notPaid = await refusal(give(unpaid, 1000));
    expect([notPaid.code, notPaid.message]).toEqual(["GROOM_NOT_PAID", "Record the groom's payment first: the guarantee gives back what was paid."]);
    expect((await refusal(give(crypto.randomUUID(), 1000))).status).toBe(404);
    for (const id of [confirmed, old, priced, unpaid]) {
      expect(await guaranteesOf(id)).toEqual([]);
      expect(await mailsOf(id)).toEqual([]);
    }
    // The whole price, on the 7th day, is still promised.
    expect(await give(lastDay, 8500)).toEqual({ amountCents: 8500, method: "cash" });
    // The list offers the form only for completed grooms of the last 7 days.
    const listed = (await recentlyCompletedGrooms(database.db, today)).map((g) => g.id);
    expect(listed).toEqual(expect.arrayContaining([lastDay, priced]));
    expect(listed).not.toContain(old);
    expect(listed).not.toContain(confirmed);
  });

  it("refuses in the form, before the database: no reason, an amount of zero or less, no way it was given back", () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = groomGuaranteeForm.safeParse({ intent: "groomGuarantee", appointmentId: crypto.randomUUID(), method: "cash", ...fields });
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ reason: "  ", amount: "10" })).toEqual({ reason: "Say what went wrong" });
    expect(errors({ reason: "Cold water", amount: "0" })).toEqual({ amount: "Enter an amount above $0.00" });
    expect(errors({ reason: "Cold water", amount: "-5" })).toEqual({ amount: "Enter the amount given back in dollars, like 65 or 65.50" });
    expect(errors({ reason: "Cold water", amount: "12.50", method: "card" })).toEqual({ method: "Choose cash or check" });
    expect(
      groomGuaranteeForm.parse({ intent: "groomGuarantee", appointmentId: crypto.randomUUID(), reason: "Cold water", amount: "$12.50", method: "check" })
        .amount,
    ).toBe(1250);
  });
});
