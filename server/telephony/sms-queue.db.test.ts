import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../db/client";
import { smsQueue, telephonyEvents } from "../db/schema/index";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { MAX_ATTEMPTS } from "../messages/delivery";
import { createTestDatabase } from "../testing/test-database";
import { FakeTwilioHttp, TEST_TWILIO_ENV } from "../testing/twilio-http";
import { deliverQueuedSms, failedSms, queueSms, retrySms } from "./sms-queue";
import { createTelephony } from "./telephony";
import { inTransaction } from "../db/transaction";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const logger = createLogger("silent");
/** The key that seals a one-time secret's text. */
const keys = loadEnv({ NODE_ENV: "test", ENCRYPTION_KEY: "5e".repeat(32) });
const simulated = (db: Db) => createTelephony(loadEnv({ NODE_ENV: "test" }), db, logger);
const twilioThrough = (db: Db, http: FakeTwilioHttp) =>
  createTelephony(loadEnv({ NODE_ENV: "test", ...TEST_TWILIO_ENV }), db, logger, { twilioHttpClient: http });

/** A fresh mobile number (E.164), so each test sees only its own texts. */
const freshPhone = () => `+1949${String(crypto.randomInt(2_000_000, 9_999_999))}`;

const textsTo = (db: Db, to: string) =>
  db
    .select()
    .from(telephonyEvents)
    .where(and(eq(telephonyEvents.kind, "sms"), eq(telephonyEvents.to, to)));

describe("the text queue", () => {
  it("sends a queued text once through the provider, however often the same change queued it", async () => {
    const { db } = database;
    const to = freshPhone();
    const key = `test:${crypto.randomUUID()}`;
    const now = new Date();
    await inTransaction(db, (tx) => queueSms(tx, { dedupeKey: key, to, body: "Your stay is confirmed." }, now));
    await inTransaction(db, (tx) => queueSms(tx, { dedupeKey: key, to, body: "Your stay is confirmed." }, now));

    expect(await deliverQueuedSms({ db, telephony: simulated(db), env: keys }, now)).toMatchObject({ sent: 1 });
    expect(await deliverQueuedSms({ db, telephony: simulated(db), env: keys }, now)).toEqual({ sent: 0, failed: 0 });
    expect((await textsTo(db, to)).map((t) => t.body)).toEqual(["Your stay is confirmed."]);
    const [row] = await db.select().from(smsQueue).where(eq(smsQueue.dedupeKey, key));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("sends each text once when two deliveries run at once", async () => {
    const { db } = database;
    const to = freshPhone();
    const now = new Date();
    for (let i = 0; i < 5; i++) await inTransaction(db, (tx) => queueSms(tx, { dedupeKey: `test:${crypto.randomUUID()}`, to, body: `Text ${i}` }, now));
    const runs = await Promise.all([
      deliverQueuedSms({ db, telephony: simulated(db), env: keys }, now),
      deliverQueuedSms({ db, telephony: simulated(db), env: keys }, now),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(5);
    expect((await textsTo(db, to)).map((t) => t.body).sort()).toEqual(["Text 0", "Text 1", "Text 2", "Text 3", "Text 4"]);
  });

  it("keeps a text while the provider fails, retries after a pause, gives up after the last attempt and sends it once staff retry", async () => {
    const { db } = database;
    const to = freshPhone();
    const key = `test:${crypto.randomUUID()}`;
    let now = new Date();
    await inTransaction(db, (tx) => queueSms(tx, { dedupeKey: key, to, body: "A suite is free for your dates." }, now));
    const http = new FakeTwilioHttp();
    http.reply = () => ({ statusCode: 500, body: { code: 20500, message: "Internal Server Error", status: 500 } });
    const twilio = twilioThrough(db, http);

    expect(await deliverQueuedSms({ db, telephony: twilio, env: keys }, now)).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await db.select().from(smsQueue).where(eq(smsQueue.dedupeKey, key));
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting!.lastError).toContain("twilio 500");
    // Not due before the pause.
    expect(await deliverQueuedSms({ db, telephony: twilio, env: keys }, now)).toEqual({ sent: 0, failed: 0 });

    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      const [row] = await db.select().from(smsQueue).where(eq(smsQueue.dedupeKey, key));
      now = new Date(row!.nextAttemptAt.getTime() + 1);
      await deliverQueuedSms({ db, telephony: twilio, env: keys }, now);
    }
    const [row] = await db.select().from(smsQueue).where(eq(smsQueue.dedupeKey, key));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(http.requests).toHaveLength(MAX_ATTEMPTS);
    expect((await failedSms(db)).find((t) => t.id === row!.id)).toMatchObject({ to, body: "A suite is free for your dates." });
    // Failed for good: the job leaves it alone.
    expect(await deliverQueuedSms({ db, telephony: twilio, env: keys }, new Date(now.getTime() + 24 * 60 * 60_000))).toEqual({ sent: 0, failed: 0 });

    // The provider is fixed; staff send it again.
    http.reply = () => ({ statusCode: 201, body: { sid: `SM${"0".repeat(32)}`, status: "queued" } });
    await retrySms(db, row!.id, now);
    expect((await failedSms(db)).map((t) => t.id)).not.toContain(row!.id);
    await expect(retrySms(db, row!.id, now)).rejects.toMatchObject({ status: 404 });
    expect(await deliverQueuedSms({ db, telephony: twilio, env: keys }, now)).toEqual({ sent: 1, failed: 0 });
    const sent = http.requests.at(-1)!;
    expect(sent.data).toMatchObject({ To: to, From: TEST_TWILIO_ENV.TWILIO_FROM_NUMBER, Body: "A suite is free for your dates." });
    const [done] = await db.select().from(smsQueue).where(eq(smsQueue.dedupeKey, key));
    expect(done).toMatchObject({ status: "sent", lastError: null });
  });
});
