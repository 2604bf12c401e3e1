import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { callMeBackForm } from "../db/schema/index";
import { createLogger } from "../logger";
import { storedRateLimitKey } from "../rate-limit/rate-limit";
import { createTelephony } from "../telephony/telephony";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { FakeTwilioHttp, TEST_TWILIO_ENV } from "../testing/twilio-http";
import { AUTO_CALL_MAX_AGE_MS, CALLING_STALE_MS, PENDING_GRACE_MS, recoverUnsettledLeads, recoveryReasons } from "./recovery-job";
import type { CallbackDeps } from "./service";

const BUSINESS_PHONE = "+19492497700";
let counter = 0;
const nextNumber = () => `949249${String(5000 + counter++).padStart(4, "0")}`;
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

let database: Database;
let server: TestServer;
const http = new FakeTwilioHttp();
let deps: CallbackDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { ...TEST_TWILIO_ENV, BUSINESS_PHONE, CALLBACK_GLOBAL_PER_HOUR: "1000", CALLBACK_PER_IP_PER_HOUR: "1000" };
  server = await startTestServer(database, env, { telephony: { twilioHttpClient: http } });
  const logger = createLogger("silent");
  deps = { db: database.db, env: server.env, logger, telephony: createTelephony(server.env, database.db, logger, { twilioHttpClient: http }) };
});
afterAll(async () => {
  await server.close();
  await database.close();
});
beforeEach(() => {
  http.requests.length = 0;
  http.reply = (request) => ({ statusCode: 201, body: { sid: `CA${String(http.requests.indexOf(request)).padStart(32, "0")}`, status: "queued" } });
});

const post = (phoneNumber: string, ip = nextIp()) =>
  fetch(`${server.url}/api/callback`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ phoneNumber }),
  });
const leadsFor = (phone: string) => database.db.select().from(callMeBackForm).where(eq(callMeBackForm.phoneNumber, phone));
const callsTo = (phone: string) => http.requests.filter((r) => (r.data as Record<string, string>).To === phone).length;

describe("a visitor whose request failed can retry and is told the truth", () => {
  it("when the lead cannot be stored: 503 each time (never 'wait for our call'), then the retry is called", async () => {
    const digits = nextNumber();
    // Every new row is refused; existing rows are untouched (NOT VALID), the rate-limit tables work.
    await database.db.execute(sql`alter table call_me_back_form add constraint refuse_new_leads check (phone_number is null) not valid`);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await post(digits);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(await res.json()).toEqual({ error: { code: "SAVE_FAILED", message: "Failed to save phone number" } });
      }
    } finally {
      await database.db.execute(sql`alter table call_me_back_form drop constraint refuse_new_leads`);
    }
    expect(http.requests).toHaveLength(0);

    const retry = await post(digits);
    expect(retry.status).toBe(200);
    expect(await leadsFor(`+1${digits}`)).toMatchObject([{ callStatus: "placed" }]);
    expect(callsTo(`+1${digits}`)).toBe(1);
  });

  it("when the call could not be placed: the lead is kept as failed and the retry is called", async () => {
    const digits = nextNumber();
    http.reply = () => new Error("socket hang up");
    expect((await post(digits)).status).toBe(502);
    http.reply = () => ({ statusCode: 201, body: { sid: "CA11111111111111111111111111111111", status: "queued" } });
    const retry = await post(digits);
    expect(retry.status).toBe(200);
    const leads = await leadsFor(`+1${digits}`);
    expect(leads.map((l) => l.callStatus).sort()).toEqual(["failed", "placed"]);
    // After a call was placed, "wait for our call" is true and holds for 15 minutes.
    const again = await post(digits);
    expect(again.status).toBe(429);
    expect((await again.json()).error.code).toBe("NUMBER_RECENTLY_CALLED");
    expect(await leadsFor(`+1${digits}`)).toHaveLength(2);
  });

  it("when calls are paused: the lead is kept as paused and the number is not held", async () => {
    const paused = await startTestServer(database, { BUSINESS_PHONE, CALLBACK_GLOBAL_PER_HOUR: "1", CALLBACK_PER_IP_PER_HOUR: "1000" });
    const postToPaused = (phoneNumber: string) =>
      fetch(`${paused.url}/api/callback`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
        body: JSON.stringify({ phoneNumber }),
      });
    // A cap of one call an hour is one counter row, however many shards a larger cap keeps.
    const emptyTheCap = () => database.db.execute(sql`delete from rate_limit_window_counts where key = ${storedRateLimitKey("callback:global")}`);
    try {
      await emptyTheCap();
      expect((await postToPaused(nextNumber())).status).toBe(200); // uses the one call of this hour
      const digits = nextNumber();
      const res = await postToPaused(digits);
      expect(res.status).toBe(503);
      expect((await res.json()).error.code).toBe("CALLS_PAUSED");
      expect(await leadsFor(`+1${digits}`)).toMatchObject([{ callStatus: "paused" }]);
      await emptyTheCap();
      expect((await postToPaused(digits)).status).toBe(200);
    } finally {
      await paused.close();
    }
  });
});

describe("a failure after the lead is stored", () => {
  it("keeps the lead pending, tells the visitor it was saved, and the recovery job calls it once", async () => {
    const digits = nextNumber();
    // The per-number cooldown's table is gone for a moment: the lead is stored, its call cannot be decided.
    await database.db.execute(sql`alter table rate_limit_recent_events rename to rate_limit_recent_events_away`);
    let res: Response;
    try {
      res = await post(digits);
    } finally {
      await database.db.execute(sql`alter table rate_limit_recent_events_away rename to rate_limit_recent_events`);
    }
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect((await res.json()).error).toEqual({
      code: "CALL_DELAYED",
      message: "We saved your number and will call you back shortly. You can also call us at (949) 249-7700.",
    });
    const [lead] = await leadsFor(`+1${digits}`);
    expect(lead).toMatchObject({ callStatus: "pending" });
    expect(callsTo(`+1${digits}`)).toBe(0);

    const later = new Date(lead!.createdAt.getTime() + PENDING_GRACE_MS + 1000);
    await recoverUnsettledLeads(deps, later);
    await recoverUnsettledLeads(deps, later);
    expect(await leadsFor(`+1${digits}`)).toMatchObject([{ callStatus: "placed" }]);
    expect(callsTo(`+1${digits}`)).toBe(1);
  });
});

async function insertLead(phone: string, fields: Partial<typeof callMeBackForm.$inferInsert>) {
  const [row] = await database.db
    .insert(callMeBackForm)
    .values({ phoneNumber: phone, ...fields })
    .returning();
  return row!;
}

describe("the recovery job", () => {
  it("calls a lead a crash left pending, once, and leaves fresh pending leads to their request", async () => {
    const now = new Date();
    const left = await insertLead(`+1${nextNumber()}`, { createdAt: new Date(now.getTime() - PENDING_GRACE_MS - 1000) });
    const fresh = await insertLead(`+1${nextNumber()}`, { createdAt: now });

    await recoverUnsettledLeads(deps, now);
    await recoverUnsettledLeads(deps, now);

    const [called] = await database.db.select().from(callMeBackForm).where(eq(callMeBackForm.id, left.id));
    expect(called).toMatchObject({ callStatus: "placed", callError: null });
    expect(callsTo(left.phoneNumber)).toBe(1);
    const [untouched] = await database.db.select().from(callMeBackForm).where(eq(callMeBackForm.id, fresh.id));
    expect(untouched?.callStatus).toBe("pending");
    expect(callsTo(fresh.phoneNumber)).toBe(0);
  });

  it("marks for staff, with the reason and without calling: an interrupted call, a too-old request, a repeat of a called number", async () => {
    const now = new Date();
    const interrupted = await insertLead(`+1${nextNumber()}`, { callStatus: "calling", updatedAt: new Date(now.getTime() - CALLING_STALE_MS - 1000) });
    const tooOld = await insertLead(`+1${nextNumber()}`, { createdAt: new Date(now.getTime() - AUTO_CALL_MAX_AGE_MS - 1000) });
    const digits = nextNumber();
    expect((await post(digits)).status).toBe(200);
    const repeat = await insertLead(`+1${digits}`, { createdAt: new Date(now.getTime() - PENDING_GRACE_MS - 1000) });

    await recoverUnsettledLeads(deps, now);

    const byId = async (id: string) => (await database.db.select().from(callMeBackForm).where(eq(callMeBackForm.id, id)))[0];
    expect(await byId(interrupted.id)).toMatchObject({ callStatus: "failed", callError: recoveryReasons.interrupted });
    expect(await byId(tooOld.id)).toMatchObject({ callStatus: "failed", callError: recoveryReasons.tooOld });
    expect(await byId(repeat.id)).toMatchObject({ callStatus: "failed", callError: recoveryReasons.recentlyCalled });
    expect(callsTo(interrupted.phoneNumber) + callsTo(tooOld.phoneNumber)).toBe(0);
    expect(callsTo(`+1${digits}`)).toBe(1);
  });

  it("two runs at once never call a lead twice", async () => {
    const now = new Date();
    const numbers = Array.from({ length: 12 }, () => `+1${nextNumber()}`);
    for (const phone of numbers) await insertLead(phone, { createdAt: new Date(now.getTime() - PENDING_GRACE_MS - 1000) });

    const runs = await Promise.all([recoverUnsettledLeads(deps, now, 50), recoverUnsettledLeads(deps, now, 50), recoverUnsettledLeads(deps, now, 50)]);

    expect(runs.reduce((n, r) => n + r.claimed, 0)).toBe(numbers.length);
    for (const phone of numbers) {
      expect(callsTo(phone)).toBe(1);
      expect(await leadsFor(phone)).toMatchObject([{ callStatus: "placed" }]);
    }
  });
});
