import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { incomingTexts, phoneVerifications, smsQueue, stays, textOptOuts, users } from "../db/schema/index";
import { loadEnv } from "../env";
import { deliverQueuedSms, queueSms } from "../telephony/sms-queue";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { FakeTwilioHttp, TEST_TWILIO_ENV } from "../testing/twilio-http";
import { testHousehold } from "../testing/households";
import { createTelephony } from "../telephony/telephony";
import { createLogger } from "../logger";
import { EMPTY_TWIML, incomingWebhookUrl } from "./router";
import {
  answerDueAt,
  conversations,
  deleteOldTexts,
  markConversationDone,
  markConversationRead,
  openConversation,
  openStayTexts,
  textsOfStay,
  raiseUnansweredTextAlerts,
  receiveText,
  replyToConversation,
  unreadTextCount,
} from "./texts";
import { inTransaction } from "../db/transaction";

const SITE = "https://cathotel.example.com";
/** Days in these tests are counted from today (business time), never named. */
const today = businessDate(new Date());
let database: Database;
let server: TestServer;
const twilioHttp = new FakeTwilioHttp();

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database, { ...TEST_TWILIO_ENV, PUBLIC_SITE_URL: SITE }, { telephony: { twilioHttpClient: twilioHttp } });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const freshPhone = () => `+1949${crypto.randomInt(200, 999)}${String(crypto.randomInt(0, 9999)).padStart(4, "0")}`;
const freshSid = () => `SM${crypto.randomBytes(16).toString("hex")}`;
const business = async () => ({ name: "Test Cat Hotel", phone: { display: "(949) 555-0100", tel: "+19495550100" } }) as never;
const deps = () => ({ db: database.db, business });

/** Posts the webhook as Twilio does: form-encoded, signed over the public URL and the fields. */
function postIncoming(fields: Record<string, string>, options: { token?: string; signature?: string; body?: string } = {}) {
  const url = incomingWebhookUrl(SITE);
  const signature = options.signature ?? twilio.getExpectedTwilioSignature(options.token ?? TEST_TWILIO_ENV.TWILIO_AUTH_TOKEN, url, fields);
  return fetch(`${server.url}/api/telephony/incoming`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: options.body ?? new URLSearchParams(fields).toString(),
  });
}

const storedFrom = (db: Db, phone: string) => db.select().from(incomingTexts).where(eq(incomingTexts.fromPhone, phone));
const queuedTo = (db: Db, phone: string) => db.select().from(smsQueue).where(eq(smsQueue.toPhone, phone));

describe("the incoming-text webhook", () => {
  it("stores a signed text once and answers empty TwiML; the replay stores nothing new", async () => {
    const from = freshPhone();
    const fields = { MessageSid: freshSid(), From: from, To: TEST_TWILIO_ENV.TWILIO_FROM_NUMBER, Body: "Is Miso eating?" };
    const first = await postIncoming(fields);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await first.text()).toBe(EMPTY_TWIML);
    const replay = await postIncoming(fields);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(EMPTY_TWIML);
    const stored = await storedFrom(database.db, from);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: "Is Miso eating?", householdId: null, keyword: null, readAt: null });
  });

  it("stores one row when the same text is delivered ten times at once", async () => {
    const from = freshPhone();
    const fields = { MessageSid: freshSid(), From: from, To: "", Body: "Hello?" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => postIncoming(fields)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await storedFrom(database.db, from)).toHaveLength(1);
  });

  it("refuses a forged signature with 403 and stores nothing", async () => {
    const from = freshPhone();
    const fields = { MessageSid: freshSid(), From: from, To: "", Body: "forged" };
    expect((await postIncoming(fields, { token: "not-the-auth-token" })).status).toBe(403);
    expect((await postIncoming(fields, { signature: "" })).status).toBe(403);
    // Signed, then altered on the way.
    const signed = twilio.getExpectedTwilioSignature(TEST_TWILIO_ENV.TWILIO_AUTH_TOKEN, incomingWebhookUrl(SITE), fields);
    expect((await postIncoming({ ...fields, Body: "altered" }, { signature: signed })).status).toBe(403);
    expect(await storedFrom(database.db, from)).toEqual([]);
  });

  it("answers a malformed delivery with 400, never a 500", async () => {
    const noSid = await postIncoming({ From: freshPhone(), Body: "no id" });
    expect(noSid.status).toBe(400);
    expect((await noSid.json()).error.code).toBe("VALIDATION_FAILED");
    expect((await postIncoming({ MessageSid: freshSid(), Body: "no sender" })).status).toBe(400);
    expect((await postIncoming({ MessageSid: "x'; drop table--", From: freshPhone(), Body: "bad id" })).status).toBe(400);
  });

  it("keeps a body over 1,600 characters whole, and a text from a number that is not a US mobile", async () => {
    const from = freshPhone();
    const long = "purr ".repeat(500);
    expect((await postIncoming({ MessageSid: freshSid(), From: from, To: "", Body: long })).status).toBe(200);
    expect((await storedFrom(database.db, from))[0]?.body).toBe(long);
    const shortCode = `7${crypto.randomInt(10000, 99999)}`;
    expect((await postIncoming({ MessageSid: freshSid(), From: shortCode, To: "", Body: "hi" })).status).toBe(200);
    expect(await storedFrom(database.db, shortCode)).toHaveLength(1);
  });

  it("keeps all of 20 texts that arrive at once from one number", async () => {
    const from = freshPhone();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => postIncoming({ MessageSid: freshSid(), From: from, To: "", Body: `text ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const stored = await storedFrom(database.db, from);
    expect(stored.map((s) => s.body).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `text ${i}`).sort());
  });
});

describe("the carriers' keywords", () => {
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const simulated = () => createTelephony(env, database.db, createLogger("silent"));

  it("STOP holds back every later text and says why; START lets them through again", async () => {
    const phone = freshPhone();
    const now = new Date();
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: " stop " }, now);
    expect(await database.db.select().from(textOptOuts).where(eq(textOptOuts.phone, phone))).toHaveLength(1);

    await inTransaction(database.db, (tx) => queueSms(tx, { dedupeKey: `t:${crypto.randomUUID()}`, to: phone, body: "Your pickup code is 123456" }, now));
    await deliverQueuedSms({ db: database.db, telephony: simulated(), env }, now);
    const [held] = await queuedTo(database.db, phone);
    expect(held).toMatchObject({ status: "withheld", sentAt: null });
    expect(held!.lastError).toMatch(/replied STOP .* until it replies START/);

    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "START" }, now);
    await inTransaction(database.db, (tx) => queueSms(tx, { dedupeKey: `t:${crypto.randomUUID()}`, to: phone, body: "Welcome back" }, now));
    await deliverQueuedSms({ db: database.db, telephony: simulated(), env }, now);
    const rows = await queuedTo(database.db, phone);
    expect(rows.find((r) => r.body === "Welcome back")).toMatchObject({ status: "sent" });
    // The text held back stays held back: it was about then.
    expect(rows.find((r) => r.body.startsWith("Your pickup"))).toMatchObject({ status: "withheld" });
  });

  it("holds back a text queued before the STOP that the queue had not sent yet", async () => {
    const phone = freshPhone();
    const now = new Date();
    await inTransaction(database.db, (tx) => queueSms(tx, { dedupeKey: `t:${crypto.randomUUID()}`, to: phone, body: "Queued before" }, now));
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "Unsubscribe" }, now);
    await deliverQueuedSms({ db: database.db, telephony: simulated(), env }, now);
    expect((await queuedTo(database.db, phone))[0]).toMatchObject({ status: "withheld" });
  });

  it("answers HELP with the hotel's name and phone, once however often the webhook repeats it", async () => {
    const phone = freshPhone();
    const sid = freshSid();
    for (let i = 0; i < 2; i++) await receiveText(deps(), { messageSid: sid, from: phone, to: "", body: "help" }, new Date());
    const texts = await queuedTo(database.db, phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("Test Cat Hotel");
    expect(texts[0]!.body).toContain("(949) 555-0100");
  });
});

describe("the desk's inbox", () => {
  const now = businessLocalToUtc(addBusinessDays(today, 1), "10:00");
  const desk = { userId: "", email: "desk@example.com" };
  beforeAll(async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `desk-${crypto.randomUUID()}@example.com` })
      .returning();
    desk.userId = user!.id;
  });

  it("files a text from a proven mobile under its household, and an unknown number apart", async () => {
    const phone = freshPhone();
    const home = await testHousehold(database.db, now, { mobilePhone: phone });
    await database.db
      .insert(phoneVerifications)
      .values({ id: crypto.randomUUID(), userId: home.user.id, phone, codeHash: "x", expiresAt: now, verifiedAt: now });
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "Ana here" }, now);
    const stranger = freshPhone();
    await receiveText(deps(), { messageSid: freshSid(), from: stranger, to: "", body: "Who is this?" }, now);

    const list = await conversations(database.db);
    expect(list.known.find((c) => c.householdId === home.householdId)).toMatchObject({ name: "Ana Ruiz", lastBody: "Ana here", unread: 1 });
    expect(list.unknown.find((c) => c.phone === stranger)).toMatchObject({ name: null, lastBody: "Who is this?", unread: 1 });
    expect(await unreadTextCount(database.db)).toBeGreaterThanOrEqual(2);
    // The menu beside the page that opens the stranger's conversation leaves it out.
    expect(await unreadTextCount(database.db, `phone:${stranger}`)).toBe((await unreadTextCount(database.db)) - 1);

    const key = `household:${home.householdId}`;
    const opened = await openConversation(database.db, key);
    expect(opened).toMatchObject({ unread: 1, entries: [{ body: "Ana here" }] });
    // Opening only reads; the page then posts that what it shows is read, once however often.
    expect((await conversations(database.db)).known.find((c) => c.householdId === home.householdId)?.unread).toBe(1);
    expect(await markConversationRead(database.db, key, now)).toBe(1);
    expect(await markConversationRead(database.db, key, now)).toBe(0);
    expect((await conversations(database.db)).known.find((c) => c.householdId === home.householdId)?.unread).toBe(0);
    expect((await openConversation(database.db, key)).unread).toBe(0);
  });

  it("sends an answer once however often it is posted, through the queue, with the sender's name", async () => {
    const phone = freshPhone();
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "Can I pick up early?" }, now);
    const input = { conversation: `phone:${phone}`, replyKey: crypto.randomUUID(), body: "Yes, from 9am." };
    const answers = await Promise.all(Array.from({ length: 20 }, () => replyToConversation(database.db, desk, input, now)));
    expect(new Set(answers.map((a) => a.replyId)).size).toBe(1);
    expect(answers.filter((a) => !a.repeated)).toHaveLength(1);
    const queued = await queuedTo(database.db, phone);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.body).toBe("Yes, from 9am.");
    const opened = await openConversation(database.db, `phone:${phone}`);
    expect(opened.entries.map((e) => [e.direction, e.body, e.by])).toEqual([
      ["in", "Can I pick up early?", null],
      ["out", "Yes, from 9am.", "desk@example.com"],
    ]);
  });

  it("marks a conversation done, and a later text opens it again", async () => {
    const phone = freshPhone();
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "Thanks!" }, now);
    expect(await markConversationDone(database.db, desk, `phone:${phone}`, now)).toBe(1);
    expect(await markConversationDone(database.db, desk, `phone:${phone}`, now)).toBe(0);
    expect((await conversations(database.db)).unknown.find((c) => c.phone === phone)?.open).toBe(0);
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "One more thing" }, new Date(now.getTime() + 60_000));
    expect((await conversations(database.db)).unknown.find((c) => c.phone === phone)?.open).toBe(1);
  });

  it("answers an unknown conversation with 404", async () => {
    await expect(openConversation(database.db, `phone:${freshPhone()}`)).rejects.toMatchObject({ status: 404 });
    await expect(openConversation(database.db, "nonsense")).rejects.toMatchObject({ status: 404 });
  });
});

describe("the unanswered-text alert", () => {
  it("counts 30 minutes of desk hours (08:00 to 18:00)", () => {
    const day = addBusinessDays(today, 2);
    const next = addBusinessDays(day, 1);
    expect(answerDueAt(businessLocalToUtc(day, "10:00"))).toEqual(businessLocalToUtc(day, "10:30"));
    expect(answerDueAt(businessLocalToUtc(day, "06:15"))).toEqual(businessLocalToUtc(day, "08:30"));
    expect(answerDueAt(businessLocalToUtc(day, "17:50"))).toEqual(businessLocalToUtc(next, "08:20"));
    expect(answerDueAt(businessLocalToUtc(day, "21:00"))).toEqual(businessLocalToUtc(next, "08:30"));
  });

  it("shows a stay's text on the stay and on Today, and flags it once, 30 desk minutes later, however many processes run the job", async () => {
    const phone = freshPhone();
    const at = businessLocalToUtc(addBusinessDays(today, 2), "10:00");
    const home = await testHousehold(database.db, at, { mobilePhone: phone });
    await database.db.insert(phoneVerifications).values({ id: crypto.randomUUID(), userId: home.user.id, phone, codeHash: "x", expiresAt: at, verifiedAt: at });
    const [stay] = await database.db
      .insert(stays)
      .values({
        householdId: home.householdId,
        status: "checked_in",
        checkIn: today,
        checkOut: addBusinessDays(today, 4),
        totalCents: 0,
        priceLines: [],
        cancellationTiers: [],
      })
      .returning();
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "How is Miso?" }, at);

    const onStay = await textsOfStay(database.db, stay!.id);
    expect(onStay).toEqual([expect.objectContaining({ from: "Ana Ruiz", body: "How is Miso?", answered: false, alerted: false })]);
    expect((await openStayTexts(database.db)).map((t) => t.body)).toContain("How is Miso?");

    expect(await raiseUnansweredTextAlerts(database.db, new Date(at.getTime() + 29 * 60_000))).not.toContain(onStay[0]!.id);
    const later = new Date(at.getTime() + 31 * 60_000);
    const runs = await Promise.all(Array.from({ length: 20 }, () => raiseUnansweredTextAlerts(database.db, later)));
    expect(runs.flat().filter((id) => id === onStay[0]!.id)).toHaveLength(1);
    expect((await textsOfStay(database.db, stay!.id))[0]).toMatchObject({ alerted: true, answered: false });
  });

  it("is raised for nothing but a stay's texts", async () => {
    const phone = freshPhone();
    const at = businessLocalToUtc(addBusinessDays(today, 2), "10:00");
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "no stay" }, at);
    const raised = await raiseUnansweredTextAlerts(database.db, new Date(at.getTime() + 3 * 3_600_000));
    const [row] = await storedFrom(database.db, phone);
    expect(raised).not.toContain(row!.id);
  });
});

describe("keeping texts two years", () => {
  it("deletes the texts older than two years and keeps the rest", async () => {
    const phone = freshPhone();
    const now = new Date();
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "old" }, new Date(now.getTime() - 731 * 86_400_000));
    await receiveText(deps(), { messageSid: freshSid(), from: phone, to: "", body: "recent" }, new Date(now.getTime() - 700 * 86_400_000));
    await deleteOldTexts(database.db, now);
    expect((await storedFrom(database.db, phone)).map((t) => t.body)).toEqual(["recent"]);
  });
});
