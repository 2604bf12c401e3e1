import crypto from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yearPeriod } from "~/domain/revenue";
import { billLineForm } from "~/features/stays/bill-schema";
import { type ReceiptFigures, receiptRows } from "~/domain/receipt";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { FormReply } from "~/lib/forms";
import { revenueReport } from "../analytics/revenue";
import { setTeamRole } from "../auth/roles";
import { type Database, rowsOf } from "../db/client";
import { appointments, groomPayments, groomers, payments, receipts, stayBillLines, stays, suiteTypes, suites } from "../db/schema/index";
import { recordGroomPayment } from "../grooming/groom-payments";
import { recordGroomGuarantee } from "../grooming/guarantee";
import { AppError } from "../http/errors";
import { recordBalanceAtDesk } from "../payments/balance";
import { paymentProviders } from "../payments/provider";
import { createSimulatedPaymentProvider } from "../payments/simulated-provider";
import { weekdayOnOrAfter } from "../testing/dates";
import { checkInAtDesk, checkOutAtDesk } from "../testing/desk";
import { testHousehold } from "../testing/households";
import { testPageBuild } from "../testing/page-build";
import { sessionCookieFor } from "../testing/sessions";
import { bookStayFromForm } from "../testing/stay-forms";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startPageTestServer } from "../testing/test-server";
import { addBillLine, addGroomToBill, deskBill } from "./bill";
import { stayHistory } from "./history";
import { stayBalance } from "./balance";
import { addOverdueNight } from "./overdue";

/**
 * Check-out is an invoice (ADR 0192): the desk's lines on a stay's bill, each a row and a price line,
 * on the receipt and in the revenue report; the discount a manager's; a post sent many times one
 * line; bad input refused in words with nothing changed; and the ledger of a month of stays reconciles.
 */

const siteUrl = "http://localhost:3000";
const now = new Date();
const today = businessDate(now);
const providers = paymentProviders(createSimulatedPaymentProvider({ siteUrl }));
const STAFF = "desk@example.com";
let database: Database;
let server: TestServer;
let groomerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [groomer] = await database.db.select({ id: groomers.id }).from(groomers).limit(1);
  groomerId = groomer!.id;
  const page = { path: "admin/stays/:stayId/check-out", module: await import("~/routes/admin/stays.$stayId.check-out") };
  server = await startPageTestServer(database, testPageBuild({ "routes/admin/stays.$stayId.check-out.tsx": page }));
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/**
 * A new household's three-night stay in a $50 suite ($150 less the first night free: $100), checked
 * in on its arrival day; each its own week, the departures of `month` weeks apart when asked.
 */
let weeks = 0;
async function checkedInStay(checkInDay?: string) {
  const db = database.db;
  const home = await testHousehold(db, now);
  const [type] = await db
    .insert(suiteTypes)
    .values({ name: `Test ${crypto.randomUUID()}`, maxCats: 2, nightlyRateCents: 5000, extraCatRateCents: 2000 })
    .returning();
  await db.insert(suites).values({ suiteTypeId: type!.id, name: `T-${crypto.randomUUID()}` });
  const checkIn = checkInDay ?? weekdayOnOrAfter(addBusinessDays(today, 20 + 7 * (weeks += 1)), 1);
  const checkOut = addBusinessDays(checkIn, 3);
  const booked = await bookStayFromForm(
    db,
    home.user.id,
    { checkIn, checkOut, catIds: home.catIds, suiteTypeId: type!.id, arrangement: "together" },
    { siteUrl, now },
  );
  await checkInAtDesk(db, booked.id, STAFF, { siteUrl, now });
  return { ...home, stayId: booked.id, checkIn, checkOut };
}

const stayRow = async (id: string) => (await database.db.select().from(stays).where(eq(stays.id, id)))[0]!;
const linesOf = (id: string) => database.db.select().from(stayBillLines).where(eq(stayBillLines.stayId, id));

/** A groom of the household on `day` at a time of its own (the groomer's grooms never overlap). */
let groomMinutes = 0;
async function groomOn(home: { householdId: string; user: { email: string }; catIds: string[] }, day: string, priceCents = 9500) {
  groomMinutes += 90;
  const startsAt = new Date(businessLocalToUtc(day, "07:00").getTime() + (groomMinutes % 600) * 60_000);
  const [row] = await database.db
    .insert(appointments)
    .values({
      householdId: home.householdId,
      customerEmail: home.user.email,
      serviceId: "full-grooming",
      catNames: "Miso",
      catIds: home.catIds,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
      groomerId,
      priceCents,
      status: "Completed",
      createdBy: STAFF,
      updatedBy: STAFF,
    })
    .returning();
  return row!.id;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const line = (stayId: string, kind: "late_pickup" | "vet_bill" | "retail" | "tip" | "discount", amount: number, description = "", at = now) =>
  addBillLine(database.db, { stayId, kind, description, amount, staffEmail: STAFF }, at);

/** Posts the check-out page's form as a browser without JavaScript would. */
async function post(stayId: string, cookie: string, fields: Record<string, string>) {
  const res = await fetch(`${server.url}/admin/stays/${stayId}/check-out`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ stayId, ...fields }),
  });
  const reply = (await res.json()) as { actionData?: Record<string, FormReply> };
  const answer = reply.actionData ? Object.values(reply.actionData)[0] : undefined;
  return { status: res.status, title: answer?.notice?.title, errors: answer?.result.error };
}

const staffCookie = async (role: "owner" | "front_desk") => {
  const email = `${role}-${crypto.randomUUID()}@example.com`;
  if (role === "owner") return sessionCookieFor(database.db, email, { admin: true });
  const cookie = await sessionCookieFor(database.db, email);
  await setTeamRole(database.db, email, "front_desk");
  return cookie;
};
const formToken = () => crypto.randomBytes(18).toString("base64url");

describe("a line on the bill at check-out", () => {
  it("is a row and a price line of the stay: the balance due, the bill and the receipt show it", async () => {
    const { stayId } = await checkedInStay();
    expect(await line(stayId, "late_pickup", 2500, "Collected at 7 pm")).toEqual({ label: "Late pickup: Collected at 7 pm", cents: 2500 });
    await line(stayId, "vet_bill", 12_050, "Ear drops");
    await line(stayId, "retail", 1800, "Food");
    await line(stayId, "tip", 1000);
    const stay = await stayRow(stayId);
    expect(stay.totalCents).toBe(10_000 + 2500 + 12_050 + 1800 + 1000);
    expect(stay.priceLines.slice(-4)).toEqual([
      { label: "Late pickup: Collected at 7 pm", cents: 2500 },
      { label: "Vet bill passed on: Ear drops", cents: 12_050 },
      { label: "Food or retail: Food", cents: 1800 },
      { label: "Tip", cents: 1000 },
    ]);
    expect((await linesOf(stayId)).map((l) => [l.kind, l.cents, l.recordedBy])).toEqual([
      ["late_pickup", 2500, `staff:${STAFF}`],
      ["vet_bill", 12_050, `staff:${STAFF}`],
      ["retail", 1800, `staff:${STAFF}`],
      ["tip", 1000, `staff:${STAFF}`],
    ]);
    expect((await stayBalance(database.db, stay)).dueCents).toBe(stay.totalCents);
    expect((await deskBill(database.db, stayId)).totalCents).toBe(stay.totalCents);

    await recordBalanceAtDesk(database.db, providers, { stayId, method: "cash", staffEmail: STAFF }, { now });
    await checkOutAtDesk(database.db, stayId, STAFF, { siteUrl, now: businessLocalToUtc(stay.checkOut, "11:00") });
    const [receipt] = await database.db.select().from(receipts).where(eq(receipts.stayId, stayId));
    const rows = receiptRows(receipt!.figures as ReceiptFigures);
    expect(rows).toEqual(
      expect.arrayContaining([
        { label: "Late pickup: Collected at 7 pm", cents: 2500 },
        { label: "Tip", cents: 1000 },
        { label: "Total", cents: stay.totalCents, total: true },
        { label: "Balance due", cents: 0, total: true },
      ]),
    );
  });

  it("takes a discount with its reason from a manager, never more than the bill; the front desk is refused it in words", async () => {
    const { stayId } = await checkedInStay();
    const owner = await staffCookie("owner");
    const desk = await staffCookie("front_desk");
    const discount = { intent: "billLine", kind: "discount", description: "Regular guest", amount: "20", formToken: formToken() };

    const refused = await post(stayId, desk, discount);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.errors)).toMatch(/Front desk/);
    expect(await linesOf(stayId)).toEqual([]);
    // The front desk adds what is not a discount.
    expect(await post(stayId, desk, { intent: "billLine", kind: "tip", amount: "5", formToken: formToken() })).toMatchObject({
      status: 200,
      title: "Tip: $5.00 added to the bill",
    });

    const above = await post(stayId, owner, { ...discount, amount: "105.01", formToken: formToken() });
    expect([above.status, above.errors]).toMatchObject([400, { amount: ["A discount can't be more than the bill: at most $105.00."] }]);
    expect(await post(stayId, owner, discount)).toMatchObject({ status: 200, title: "Discount: Regular guest: −$20.00 added to the bill" });
    const stay = await stayRow(stayId);
    expect([stay.totalCents, stay.priceLines.at(-1)]).toEqual([8500, { label: "Discount: Regular guest", cents: -2000 }]);
    // The whole bill may be taken off, not a cent more.
    expect((await refusal(line(stayId, "discount", 8501, "Goodwill"))).code).toBe("DISCOUNT_ABOVE_BILL");
    await line(stayId, "discount", 8500, "Goodwill");
    expect((await stayRow(stayId)).totalCents).toBe(0);
  });

  it("posted 20 times at once with one form token is one line; every post is answered", async () => {
    const { stayId } = await checkedInStay();
    const owner = await staffCookie("owner");
    const fields = { intent: "billLine", kind: "late_pickup", description: "Two hours late", amount: "25", formToken: formToken() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(stayId, owner, fields)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.title === "Late pickup: Two hours late: $25.00 added to the bill")).toHaveLength(1);
    expect(answers.filter((a) => a.title?.startsWith("Already recorded at "))).toHaveLength(19);
    expect(await linesOf(stayId)).toHaveLength(1);
    expect((await stayRow(stayId)).totalCents).toBe(12_500);
  });

  it("added by mistake is removed before check-out, once, with who removed it: the price, the receipt and the revenue report leave it out", async () => {
    // A month of its own, so the revenue report's figures for it are this stay's.
    const { stayId, checkOut } = await checkedInStay(weekdayOnOrAfter(`${addBusinessDays(today, 700).slice(0, 7)}-02`, 1));
    const owner = await staffCookie("owner");
    await line(stayId, "vet_bill", 12_050, "X-ray");
    await line(stayId, "tip", 1000);
    const [mistake] = (await linesOf(stayId)).filter((l) => l.kind === "vet_bill");
    const fields = { intent: "removeLine", lineId: mistake!.id, formToken: formToken() };
    // Sent twice at once (a double tap without the script): removed once, the second told so.
    const answers = await Promise.all([post(stayId, owner, fields), post(stayId, owner, fields)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.title).toSorted()).toEqual([
      expect.stringMatching(/^Already recorded at /),
      "Vet bill passed on: X-ray: $120.50 removed from the bill",
    ]);
    const stay = await stayRow(stayId);
    expect(stay.totalCents).toBe(10_000 + 1000);
    expect(stay.priceLines.map((l) => l.label)).not.toContain("Vet bill passed on: X-ray");
    expect((await deskBill(database.db, stayId)).added.map((l) => l.label)).toEqual(["Tip"]);
    const [kept] = await database.db.select().from(stayBillLines).where(eq(stayBillLines.id, mistake!.id));
    expect(kept).toMatchObject({ cents: 12_050, removedBy: expect.stringMatching(/^staff:owner-/), removedAt: expect.any(Date) });
    const history = await stayHistory(database.db, stayId);
    expect(history.find((h) => h.what.startsWith("Removed from the bill"))).toMatchObject({ what: "Removed from the bill: Vet bill passed on: X-ray $120.50" });
    // Removed already: said in words, nothing changes.
    const again = await post(stayId, owner, { ...fields, formToken: formToken() });
    expect([again.status, again.errors]).toEqual([409, { "": ["Vet bill passed on: X-ray was removed from the bill already, so nothing changed."] }]);

    await recordBalanceAtDesk(database.db, providers, { stayId, method: "cash", staffEmail: STAFF }, { now });
    await checkOutAtDesk(database.db, stayId, STAFF, { siteUrl, now: businessLocalToUtc(checkOut, "11:00") });
    const [receipt] = await database.db.select().from(receipts).where(eq(receipts.stayId, stayId));
    expect((receipt!.figures as ReceiptFigures).lines.map((l) => l.label)).not.toContain("Vet bill passed on: X-ray");
    expect((receipt!.figures as ReceiptFigures).totalCents).toBe(11_000);
    const month = checkOut.slice(0, 7);
    const figures = (await revenueReport(database.db, yearPeriod(Number(month.slice(0, 4))))).months.find((m) => m.month === month)!.services.stays;
    expect([figures.extrasCents, figures.completedCents]).toEqual([1000, 11_000]);
    // Checked out: the bill is closed, and a line is no longer removed.
    const tip = (await linesOf(stayId)).find((l) => l.kind === "tip");
    const closed = await post(stayId, owner, { intent: "removeLine", lineId: tip!.id, formToken: formToken() });
    expect([closed.status, closed.errors]).toEqual([409, { "": ["This stay is checked out and paid in full, so its bill is closed: nothing was removed."] }]);
    expect((await stayRow(stayId)).totalCents).toBe(11_000);
  });

  it("refuses bad input in words and changes nothing: negative, huge or malformed amounts, a discount without its reason, a stay not checked in, one checked out", async () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = billLineForm.safeParse({ intent: "billLine", stayId: crypto.randomUUID(), kind: "retail", ...fields });
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ amount: "-5" })).toEqual({ amount: "Enter the amount in dollars, like 25 or 25.50" });
    expect(errors({ amount: "0" })).toEqual({ amount: "Enter an amount above $0.00" });
    expect(errors({ amount: "10000.01" })).toEqual({ amount: "One line is at most $10,000.00" });
    expect(errors({ amount: "999999999" })).toEqual({ amount: "One line is at most $10,000.00" });
    expect(errors({ amount: "1e3" })).toEqual({ amount: "Enter the amount in dollars, like 25 or 25.50" });
    expect(errors({ amount: "" })).toEqual({ amount: "Enter the amount" });
    expect(errors({ kind: "discount", amount: "5" })).toEqual({ description: "Say why the discount is given" });
    expect(errors({ kind: "refund", amount: "5" })).toEqual({ kind: "Choose what the line is for" });
    // Posted so, the page answers 400 with the message and nothing is added.
    const { stayId } = await checkedInStay();
    const owner = await staffCookie("owner");
    const huge = await post(stayId, owner, { intent: "billLine", kind: "vet_bill", amount: "250000", formToken: formToken() });
    expect([huge.status, huge.errors]).toEqual([400, { amount: ["One line is at most $10,000.00"] }]);
    expect(await linesOf(stayId)).toEqual([]);

    // Checked out and paid: the bill is closed.
    await recordBalanceAtDesk(database.db, providers, { stayId, method: "cash", staffEmail: STAFF }, { now });
    const { checkOut } = await stayRow(stayId);
    await checkOutAtDesk(database.db, stayId, STAFF, { siteUrl, now: businessLocalToUtc(checkOut, "11:00") });
    const closed = await refusal(line(stayId, "tip", 500));
    expect([closed.status, closed.code, closed.message]).toEqual([
      409,
      "BILL_CLOSED",
      "This stay is checked out and paid in full, so its bill is closed: nothing was added.",
    ]);
    const before = await stayRow(stayId);
    const viaPage = await post(stayId, owner, { intent: "billLine", kind: "tip", amount: "5", formToken: formToken() });
    expect([viaPage.status, viaPage.errors]).toEqual([409, { "": ["This stay is checked out and paid in full, so its bill is closed: nothing was added."] }]);
    expect(await stayRow(stayId)).toEqual(before);
    expect(await linesOf(stayId)).toEqual([]);

    // Checked out owing: closed too, and the desk is told where to collect it.
    const owing = await checkedInStay();
    await checkOutAtDesk(database.db, owing.stayId, STAFF, {
      siteUrl,
      now: businessLocalToUtc(owing.checkOut, "11:00"),
      reason: "Pays by the card link tonight",
    });
    expect((await refusal(line(owing.stayId, "tip", 500))).message).toMatch(/^This stay is checked out and its receipt issued, so its bill is closed/);
    // Not yet checked in: nothing either.
    const home = await testHousehold(database.db, now);
    const [type] = await database.db.select().from(suiteTypes).limit(1);
    const checkIn = weekdayOnOrAfter(addBusinessDays(today, 200 + 7 * (weeks += 1)), 2);
    const confirmed = await bookStayFromForm(
      database.db,
      home.user.id,
      { checkIn, checkOut: addBusinessDays(checkIn, 2), catIds: home.catIds, suiteTypeId: type!.id, arrangement: "together" },
      { siteUrl, now },
    );
    expect((await refusal(line(confirmed.id, "tip", 500))).message).toBe(
      "Lines are added to the bill while the cat is with us: this stay is not checked in, so nothing was added.",
    );
    expect((await refusal(line(crypto.randomUUID(), "tip", 500))).status).toBe(404);
  });
});

describe("a groom", () => {
  it("done during the stay is a line of its bill at its price, once; then it cannot be paid at the desk as well", async () => {
    const home = await checkedInStay();
    const groomId = await groomOn(home, home.checkOut);
    const elsewhere = await groomOn(home, addBusinessDays(home.checkOut, 5));
    expect((await deskBill(database.db, home.stayId)).grooms).toEqual([
      expect.objectContaining({ id: groomId, serviceTitle: "Full Grooming", priceCents: 9500, settled: null }),
    ]);
    const added = await addGroomToBill(database.db, { stayId: home.stayId, appointmentId: groomId, staffEmail: STAFF }, now);
    expect(added).toEqual({ label: expect.stringMatching(/^Groom: Full Grooming, /), cents: 9500 });
    expect((await stayRow(home.stayId)).totalCents).toBe(19_500);
    const twice = await Promise.allSettled(
      Array.from({ length: 5 }, () => addGroomToBill(database.db, { stayId: home.stayId, appointmentId: groomId, staffEmail: STAFF }, now)),
    );
    expect(twice.every((t) => t.status === "rejected" && (t.reason as AppError).code === "GROOM_BILLED")).toBe(true);
    expect((await stayRow(home.stayId)).totalCents).toBe(19_500);
    expect((await deskBill(database.db, home.stayId)).grooms[0]!.settled).toBe("billed");
    // Not of this stay: unknown to its bill.
    expect((await refusal(addGroomToBill(database.db, { stayId: home.stayId, appointmentId: elsewhere, staffEmail: STAFF }, now))).status).toBe(404);
    // The stay's bill collects it: no payment of its own.
    const paid = await refusal(recordGroomPayment(database.db, { appointmentId: groomId, method: "cash", staffEmail: STAFF }, now));
    expect([paid.code, paid.message]).toEqual(["GROOM_BILLED", "This groom is on its stay's bill, which collects it: nothing was recorded here."]);
  });

  it("on its own is paid at the desk once, even 20 times at once; then it is not billed on a stay, and its guarantee gives back at most that", async () => {
    const home = await checkedInStay();
    const groomId = await groomOn(home, home.checkIn, 6000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => recordGroomPayment(database.db, { appointmentId: groomId, method: "card", staffEmail: STAFF }, now)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "rejected").map((o) => (o.reason as AppError).message)).toEqual(
      Array(19).fill("This groom was paid already, so nothing more was recorded."),
    );
    expect(await database.db.select().from(groomPayments).where(eq(groomPayments.appointmentId, groomId))).toMatchObject([
      { amountCents: 6000, method: "card", recordedBy: `staff:${STAFF}` },
    ]);
    const billed = await refusal(addGroomToBill(database.db, { stayId: home.stayId, appointmentId: groomId, staffEmail: STAFF }, now));
    expect([billed.code, billed.message]).toEqual(["GROOM_PAID", "This groom was paid at the desk already, so it was not added to the bill."]);
    expect((await stayRow(home.stayId)).totalCents).toBe(10_000);
  });
});

describe("the ledger", () => {
  it("reconciles after a month of stays with lines, grooms, discounts, an overstay and a check-out unpaid: charges − credits = payments − refunds + owed", async () => {
    const db = database.db;
    // Five stays leaving in one month, far enough ahead to be that month's only departures of this file.
    const first = weekdayOnOrAfter(`${addBusinessDays(today, 400).slice(0, 7)}-02`, 1);
    const days = [0, 7, 14, 21].map((n) => addBusinessDays(first, n));
    const month = addBusinessDays(days[0]!, 3).slice(0, 7);
    const leave = (s: { checkOut: string }) => businessLocalToUtc(s.checkOut, "11:00");

    const late = await checkedInStay(days[0]);
    await line(late.stayId, "late_pickup", 2500, "Collected at 7 pm");
    await line(late.stayId, "tip", 1000);
    await recordBalanceAtDesk(db, providers, { stayId: late.stayId, method: "cash", staffEmail: STAFF }, { now });
    await checkOutAtDesk(db, late.stayId, STAFF, { siteUrl, now: leave(late) });

    const groomed = await checkedInStay(days[1]);
    await line(groomed.stayId, "vet_bill", 12_050, "Ear drops");
    await addGroomToBill(db, { stayId: groomed.stayId, appointmentId: await groomOn(groomed, groomed.checkOut), staffEmail: STAFF }, now);
    await recordBalanceAtDesk(db, providers, { stayId: groomed.stayId, method: "check", checkNumber: "1042", staffEmail: STAFF }, { now });
    await checkOutAtDesk(db, groomed.stayId, STAFF, { siteUrl, now: leave(groomed) });

    const unpaid = await checkedInStay(days[2]);
    await line(unpaid.stayId, "retail", 1800, "Food");
    await line(unpaid.stayId, "discount", 2000, "Regular guest");
    await checkOutAtDesk(db, unpaid.stayId, STAFF, { siteUrl, now: leave(unpaid), reason: "Pays by the card link tonight" });

    // Kept a night past its departure (ADR 0182): the night on the bill, then a line and the balance.
    const kept = await checkedInStay(days[3]);
    expect(await addOverdueNight(db, kept.stayId, kept.checkOut, businessLocalToUtc(kept.checkOut, "23:30"))).toBe("extended");
    const keptStay = await stayRow(kept.stayId);
    await line(kept.stayId, "tip", 500);
    await recordBalanceAtDesk(db, providers, { stayId: kept.stayId, method: "cash", staffEmail: STAFF }, { now });
    await checkOutAtDesk(db, kept.stayId, STAFF, { siteUrl, now: leave(keptStay) });

    // A groom on its own, paid at the desk, half given back under its guarantee.
    const own = await groomOn(late, today, 8000);
    await recordGroomPayment(db, { appointmentId: own, method: "cash", staffEmail: STAFF }, now);
    await recordGroomGuarantee(db, { appointmentId: own, amountCents: 4000, reason: "Cold water", method: "cash", staffEmail: STAFF }, { siteUrl, now });

    const ids = [late, groomed, unpaid, kept].map((s) => s.stayId);
    const rows = await db.select().from(stays).where(inArray(stays.id, ids));
    let charges = 0;
    let credits = 0;
    let paid = 0;
    let refunded = 0;
    let owed = 0;
    for (const stay of rows) {
      expect(stay.status).toBe("checked_out");
      for (const l of stay.priceLines) {
        if (l.cents >= 0) charges += l.cents;
        else credits -= l.cents;
      }
      expect(stay.priceLines.reduce((sum, l) => sum + l.cents, 0)).toBe(stay.totalCents);
      const balance = await stayBalance(db, stay);
      paid += balance.paid.reduce((sum, p) => sum + p.amountCents, 0);
      refunded += balance.paid.reduce((sum, p) => sum + p.refundedCents, 0);
      owed += balance.dueCents;
      // The receipt carries the bill as it was at check-out.
      const [receipt] = await db.select().from(receipts).where(eq(receipts.stayId, stay.id));
      expect((receipt!.figures as ReceiptFigures).lines).toEqual(stay.priceLines);
    }
    // Four first nights free ($50 each) and one discount ($20) are the credits; $118 is owed.
    expect({ credits, owed }).toEqual({ credits: 4 * 5000 + 2000, owed: 10_000 + 1800 - 2000 });
    expect(charges - credits).toBe(paid - refunded + owed);

    // The revenue report's month: what was added at check-out and the discounts, as the rows hold them.
    const report = await revenueReport(db, yearPeriod(Number(month.slice(0, 4))));
    const figures = report.months.find((m) => m.month === month)!.services.stays;
    const [sums] = await rowsOf<{ extras: string; discounts: string }>(
      db,
      sql`select coalesce(sum(l.cents) filter (where l.cents > 0), 0)::bigint as extras, coalesce(-sum(l.cents) filter (where l.cents < 0), 0)::bigint as discounts
        from stay_bill_lines l join stays s on s.id = l.stay_id
        where s.status = 'checked_out' and to_char(s.check_out, 'YYYY-MM') = ${month}`,
    );
    expect({ extras: figures.extrasCents, discounts: figures.discountsCents }).toEqual({ extras: Number(sums!.extras), discounts: Number(sums!.discounts) });
    expect(figures.extrasCents).toBeGreaterThanOrEqual(2500 + 1000 + 12_050 + 9500 + 1800 + 500);
    expect(figures.discountsCents).toBeGreaterThanOrEqual(2000);
    // The grooms' money this month: what was paid at the desk, less what was given back; never below nothing.
    const grooms = (await revenueReport(db, yearPeriod(Number(today.slice(0, 4))))).months.find((m) => m.month === today.slice(0, 7))!.services.grooms;
    expect(grooms.netCents).toBe(grooms.balancesCents - grooms.refundsCents);
    expect(grooms.netCents).toBeGreaterThanOrEqual(4000);
    expect((await db.select().from(payments).where(inArray(payments.stayId, ids))).every((p) => p.status === "paid")).toBe(true);
  }, 60_000);
});
