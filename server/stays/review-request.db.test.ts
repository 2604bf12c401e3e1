import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultEditableBusiness } from "~/features/content/business-defaults";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import type { RequestContext } from "../context";
import { invalidateSiteContentCache, publishValue } from "../content/content";
import { type Database, openDatabase } from "../db/client";
import { careIncidents, mailQueue, reviewRequests, stayEvents, stayReleases, stays } from "../db/schema/index";
import { type Env, loadEnv } from "../env";
import { testHousehold } from "../testing/households";
import { testRequestContext } from "../testing/request-context";
import { createTestDatabase } from "../testing/test-database";
import { householdOfReviewToken, reviewUnsubscribeToken, runReviewRequests } from "./review-request";

/**
 * The thank-you mail asking for a review (ADR 0167): the day after a check-out from 10:00, once per
 * household in 90 days, never without a review page address, never to a household that unsubscribed,
 * and once when two servers run the job at the same moment.
 */

let database: Database;
let env: Env;
let context: RequestContext;
const site = "https://cats.example";
const reviewPage = "https://g.page/r/laguna-niguel-cat-hotel/review";
const today = businessDate(new Date());
/** An instant on the day `days` from today, at a Los Angeles time. */
const on = (days: number, time: string) => businessLocalToUtc(addBusinessDays(today, days), time);

beforeAll(async () => {
  database = await createTestDatabase();
  env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_SITE_URL: site, SESSION_SECRET: "a".repeat(40) });
  context = testRequestContext(env, database.db);
});
afterAll(() => database.close());

const publishReviewPage = async (url: string) => {
  await publishValue(database.db, "business", { ...defaultEditableBusiness, reviewPageUrl: url }, "owner@example.com");
  invalidateSiteContentCache();
};

/** A household's stay that checked out `checkOutIn` days from today. */
async function checkedOutStay(checkOutIn: number, householdId?: string) {
  const household = householdId ? { householdId, user: null } : await testHousehold(database.db, new Date());
  const [stay] = await database.db
    .insert(stays)
    .values({
      householdId: household.householdId,
      status: "checked_out",
      checkIn: addBusinessDays(today, checkOutIn - 3),
      checkOut: addBusinessDays(today, checkOutIn),
      totalCents: 18000,
      priceLines: [],
      cancellationTiers: [],
    })
    .returning();
  return { stayId: stay!.id, householdId: household.householdId, email: household.user?.email };
}

const run = (now: Date, db = database.db) => runReviewRequests({ db, env }, now);
const requestsOf = (householdId: string) => database.db.select().from(reviewRequests).where(eq(reviewRequests.householdId, householdId));
const mailsOf = (stayIds: string[]) => database.db.select().from(mailQueue).where(inArray(mailQueue.stayId, stayIds));

type Handler = (args: { request: Request; context: RequestContext; params: Record<string, string> }) => Promise<unknown>;
type Answer = { state: string; list?: string; email?: string };
const unwrap = (answer: unknown): Answer => (answer && typeof answer === "object" && "data" in answer ? (answer as { data: Answer }).data : (answer as Answer));

describe("the review request after a stay", () => {
  it("is not sent without a review page address, nor on the check-out day or before 10:00 the next day", async () => {
    const { stayId, householdId } = await checkedOutStay(0);
    await run(on(1, "11:00"));
    expect(await requestsOf(householdId)).toEqual([]);

    await publishReviewPage(reviewPage);
    await run(on(0, "18:00"));
    await run(on(1, "09:45"));
    expect(await requestsOf(householdId)).toEqual([]);
    await run(on(1, "10:00"));
    expect((await requestsOf(householdId)).map((r) => r.stayId)).toEqual([stayId]);
    // Two days later is not "the next day": a stay that ended then is not asked about.
    const late = await checkedOutStay(-1);
    await run(on(1, "12:00"));
    expect(await requestsOf(late.householdId)).toEqual([]);
  });

  it("is queued once when two servers run the job at the same moment, with the review address and an unsubscribe link that works", async () => {
    await publishReviewPage(reviewPage);
    const { stayId, householdId, email } = await checkedOutStay(10);
    // The household's second stay ended the same day: still one thank-you, whichever server takes it.
    const twin = await checkedOutStay(10, householdId);
    // A second server: its own connections to the same PostgreSQL database (PGlite has one process).
    const other = database.url ? await openDatabase({ url: database.url, poolSize: 2 }) : null;
    try {
      const now = on(11, "10:05");
      await Promise.all([run(now), run(now, other?.db ?? database.db), run(now)]);
    } finally {
      await other?.close();
    }
    expect(await requestsOf(householdId)).toHaveLength(1);
    const mails = await mailsOf([stayId, twin.stayId]);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.toAddress).toBe(email);
    expect(mail.message.subject).toMatch(/^Thank you for staying with /);
    expect(mail.message.text).toContain(`Leave a review: ${reviewPage}`);
    expect(mail.message.html).toContain(`href="${reviewPage}"`);

    // The link in the mail names the household, signed; a changed signature names none.
    const link = /Unsubscribe from review requests: (\S+)/.exec(mail.message.text)![1]!;
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${site}/unsubscribe`);
    const token = url.searchParams.get("token")!;
    expect(token).toBe(reviewUnsubscribeToken(env, householdId));
    expect(householdOfReviewToken(env, token)).toBe(householdId);
    expect(householdOfReviewToken(env, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(householdOfReviewToken({ SESSION_SECRET: "b".repeat(40) }, token)).toBeNull();

    // Opening it changes nothing; its button stops the requests.
    const page = unwrap(await (unsubscribeLoader as unknown as Handler)({ request: new Request(link), context, params: {} }));
    expect(page).toMatchObject({ state: "confirm", list: "reviews" });
    expect(page.email).not.toBe(email);
    const post = new Request(`${site}/unsubscribe`, { method: "POST", body: new URLSearchParams({ token }) });
    expect(unwrap(await (unsubscribeAction as unknown as Handler)({ request: post, context, params: {} }))).toEqual({ state: "done" });
    expect(unwrap(await (unsubscribeLoader as unknown as Handler)({ request: new Request(link), context, params: {} }))).toMatchObject({ state: "done" });
    const forged = new Request(`${site}/unsubscribe`, { method: "POST", body: new URLSearchParams({ token: `${token.slice(0, -2)}xx` }) });
    expect(unwrap(await (unsubscribeAction as unknown as Handler)({ request: forged, context, params: {} }))).toEqual({ state: "invalid" });

    // Unsubscribed: the next stay, long after the 90 days, is not asked about.
    const next = await checkedOutStay(120, householdId);
    await run(on(121, "10:30"));
    expect(await requestsOf(householdId)).toHaveLength(1);
    expect(await mailsOf([next.stayId])).toEqual([]);
  });

  it("is sent at most once in 90 days per household: none for a stay 30 days later, one for a stay 91 days later", async () => {
    await publishReviewPage(reviewPage);
    const first = await checkedOutStay(20);
    // Two stays of the household ending the same day: one thank-you.
    const sameDay = await checkedOutStay(20, first.householdId);
    await run(on(21, "10:30"));
    expect(await requestsOf(first.householdId)).toHaveLength(1);

    const thirtyDaysLater = await checkedOutStay(50, first.householdId);
    await run(on(51, "10:30"));
    expect(await requestsOf(first.householdId)).toHaveLength(1);

    const ninetyOneDaysLater = await checkedOutStay(111, first.householdId);
    await run(on(112, "10:30"));
    const asked = (await requestsOf(first.householdId)).map((r) => r.stayId);
    expect(asked).toHaveLength(2);
    expect(asked).toContain(ninetyOneDaysLater.stayId);
    expect(asked).not.toContain(thirtyDaysLater.stayId);
    expect(await mailsOf([first.stayId, sameDay.stayId, thirtyDaysLater.stayId, ninetyOneDaysLater.stayId])).toHaveLength(2);
  });

  it("counts from the release: a cat collected a day late is asked the day after it went home, not the day after its check-out date (ADR 0197)", async () => {
    await publishReviewPage(reviewPage);
    const { stayId, householdId } = await checkedOutStay(130);
    await database.db.insert(stayReleases).values({
      stayId,
      overrideReason: "Collected a day late",
      staffUserId: crypto.randomUUID(),
      staffEmail: "desk@example.com",
      releasedAt: on(131, "16:00"),
    });
    await run(on(131, "10:30"));
    expect(await requestsOf(householdId)).toEqual([]);
    await run(on(132, "10:30"));
    expect((await requestsOf(householdId)).map((r) => r.stayId)).toEqual([stayId]);
  });

  it("is held back after an incident, a satisfaction guarantee or an overdue pickup", async () => {
    await publishReviewPage(reviewPage);
    const [incident, guarantee, overdue, quiet] = [await checkedOutStay(140), await checkedOutStay(140), await checkedOutStay(140), await checkedOutStay(140)];
    await database.db.insert(careIncidents).values({
      stayId: incident.stayId,
      whatHappened: "Slipped out of the suite",
      happenedAt: on(139, "14:00"),
      whatWasDone: "Caught in the hall",
      vetCalled: false,
      staffInitials: "SR",
    });
    await database.db.insert(stayEvents).values([
      { stayId: guarantee.stayId, kind: "guarantee", actor: "staff:owner@example.com", detail: {}, at: on(140, "11:00") },
      { stayId: overdue.stayId, kind: "overdue_night", actor: "system:overdue", detail: {}, at: on(140, "20:00") },
    ]);
    await run(on(141, "10:30"));
    for (const held of [incident, guarantee, overdue]) expect(await requestsOf(held.householdId)).toEqual([]);
    expect(await requestsOf(quiet.householdId)).toHaveLength(1);
  });
});
