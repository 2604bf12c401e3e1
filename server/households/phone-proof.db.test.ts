import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { householdForm } from "~/features/cats/schema";
import { PHONE_PROOF_TEXT } from "~/domain/phone-proof";
import type { Database, Db } from "../db/client";
import { phoneVerifications, smsQueue, users } from "../db/schema/index";
import { loadEnv } from "../env";
import { type AppError } from "../http/errors";
import { createLogger } from "../logger";
import { type Telephony, createTelephony } from "../telephony/telephony";
import { createTestDatabase } from "../testing/test-database";
import { lastTextTo, otherCode, refusal } from "../testing/texted-codes";
import { saveHousehold } from "./households";
import { confirmPhoneCode, phoneProofStatus, sendPhoneCode } from "./phone-proof";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const env = loadEnv({ LOG_LEVEL: "silent" });
const logger = createLogger("silent");
const at = (m: number) => new Date(Date.UTC(2026, 10, 26, 18, m));
/** The real telephony module: without Twilio settings, the simulated provider records each text. */
const deps = (telephony: Pick<Telephony, "sendSms"> = createTelephony(env, database.db, logger)) => ({ db: database.db, env, logger, telephony });
const freshPhone = () => `+1949${crypto.randomInt(200, 999)}${String(crypto.randomInt(0, 9999)).padStart(4, "0")}`;

async function household(db: Db) {
  const mobile = freshPhone();
  const [user] = await db
    .insert(users)
    .values({ email: `proof-${crypto.randomBytes(4).toString("hex")}@example.com` })
    .returning();
  await saveHousehold(db, user!.id, householdForm.parse({ name: "Noor", mobilePhone: mobile }), at(0));
  return { userId: user!.id, mobile };
}

describe("proving the household mobile", () => {
  it("texts a 6-digit code to the saved mobile, keeps only its hash, and the right code proves the number", async () => {
    const { userId, mobile } = await household(database.db);
    expect(await phoneProofStatus(database.db, userId, at(0))).toEqual({ state: "none" });

    const { expiresAt } = await sendPhoneCode(deps(), userId, "192.0.2.10", at(0));
    expect(expiresAt).toEqual(at(10));
    const code = (await lastTextTo(database.db, mobile)).code;
    const [row] = await database.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    expect(row).toMatchObject({ phone: mobile, attempts: 0, verifiedAt: null });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(await phoneProofStatus(database.db, userId, at(1))).toEqual({ state: "code-sent", expiresAt: at(10).toISOString() });

    await confirmPhoneCode(deps(), userId, code, at(2));
    expect(await phoneProofStatus(database.db, userId, at(3))).toEqual({ state: "verified", verifiedAt: at(2).toISOString() });
    // Proven: nothing more to send.
    expect(await refusal(sendPhoneCode(deps(), userId, "192.0.2.10", at(5)))).toMatchObject({ status: 409, message: PHONE_PROOF_TEXT.alreadyVerified });
  });

  it("refuses a wrong code clearly, and locks the code after five wrong tries", async () => {
    const { userId, mobile } = await household(database.db);
    await sendPhoneCode(deps(), userId, "192.0.2.11", at(0));
    const code = (await lastTextTo(database.db, mobile)).code;
    for (let i = 1; i <= 4; i++) {
      expect(await refusal(confirmPhoneCode(deps(), userId, otherCode(code), at(1)))).toEqual({
        status: 400,
        code: "PHONE_CODE_WRONG",
        message: PHONE_PROOF_TEXT.codeWrong,
      });
    }
    expect(await refusal(confirmPhoneCode(deps(), userId, otherCode(code), at(1)))).toMatchObject({ status: 400, message: PHONE_PROOF_TEXT.codeLocked });
    // Even the right code no longer works: a new one must be sent.
    expect(await refusal(confirmPhoneCode(deps(), userId, code, at(1)))).toMatchObject({ status: 400, message: PHONE_PROOF_TEXT.codeLocked });
    expect(await phoneProofStatus(database.db, userId, at(1))).toEqual({ state: "none" });

    await sendPhoneCode(deps(), userId, "192.0.2.11", at(2));
    await confirmPhoneCode(deps(), userId, (await lastTextTo(database.db, mobile)).code, at(3));
    expect((await phoneProofStatus(database.db, userId, at(3))).state).toBe("verified");
  });

  it("refuses an expired code with its own words, and a code never sent", async () => {
    const { userId, mobile } = await household(database.db);
    expect(await refusal(confirmPhoneCode(deps(), userId, "123456", at(0)))).toMatchObject({ status: 400, message: PHONE_PROOF_TEXT.noCode });
    await sendPhoneCode(deps(), userId, "192.0.2.12", at(0));
    const code = (await lastTextTo(database.db, mobile)).code;
    expect(await refusal(confirmPhoneCode(deps(), userId, code, at(10)))).toEqual({
      status: 400,
      code: "PHONE_CODE_EXPIRED",
      message: PHONE_PROOF_TEXT.codeExpired,
    });
    expect(await phoneProofStatus(database.db, userId, at(10))).toEqual({ state: "none" });
  });

  it("makes the code before a new one useless", async () => {
    const { userId, mobile } = await household(database.db);
    await sendPhoneCode(deps(), userId, "192.0.2.13", at(0));
    const first = (await lastTextTo(database.db, mobile)).code;
    await sendPhoneCode(deps(), userId, "192.0.2.13", at(2));
    const second = (await lastTextTo(database.db, mobile)).code;
    if (first !== second) expect(await refusal(confirmPhoneCode(deps(), userId, first, at(3)))).toMatchObject({ message: PHONE_PROOF_TEXT.codeWrong });
    await confirmPhoneCode(deps(), userId, second, at(3));
  });

  it("limits the texts: one a minute per account, five a day to one number", async () => {
    const { userId, mobile } = await household(database.db);
    await sendPhoneCode(deps(), userId, "192.0.2.14", at(0));
    expect(await refusal(sendPhoneCode(deps(), userId, "192.0.2.14", at(0)))).toMatchObject({ status: 429, message: PHONE_PROOF_TEXT.sendTooMany });
    // Another account typing the same number shares the number's allowance.
    const [other] = await database.db
      .insert(users)
      .values({ email: `proof-other-${crypto.randomBytes(4).toString("hex")}@example.com` })
      .returning();
    await saveHousehold(database.db, other!.id, householdForm.parse({ name: "Other", mobilePhone: mobile }), at(0));
    for (const m of [1, 2, 3, 4]) await sendPhoneCode(deps(), other!.id, "192.0.2.15", at(m * 2));
    const refused = await sendPhoneCode(deps(), other!.id, "192.0.2.15", at(12)).then(
      () => null,
      (e: unknown) => e as AppError,
    );
    expect(refused).toMatchObject({ status: 429 });
    expect(refused!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("asks for a saved mobile first", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `proof-none-${crypto.randomBytes(4).toString("hex")}@example.com` })
      .returning();
    expect(await refusal(sendPhoneCode(deps(), user!.id, "192.0.2.16", at(0)))).toEqual({ status: 400, code: "NO_MOBILE", message: PHONE_PROOF_TEXT.noMobile });
  });

  it("keeps nothing when the text could not be sent, and says so", async () => {
    const { userId, mobile } = await household(database.db);
    const failing = { sendSms: () => Promise.reject(new Error("provider down")) };
    expect(await refusal(sendPhoneCode(deps(failing), userId, "192.0.2.17", at(0)))).toMatchObject({ status: 502, message: PHONE_PROOF_TEXT.sendFailed });
    expect(await database.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId))).toEqual([]);
    // Nor does the text queue send the dead code later.
    expect(await database.db.select().from(smsQueue).where(eq(smsQueue.toPhone, mobile))).toEqual([]);
  });

  it("drops the proof when the household saves another mobile, and keeps it when the same one is saved again", async () => {
    const { userId, mobile } = await household(database.db);
    await sendPhoneCode(deps(), userId, "192.0.2.18", at(0));
    await confirmPhoneCode(deps(), userId, (await lastTextTo(database.db, mobile)).code, at(1));
    await saveHousehold(database.db, userId, householdForm.parse({ name: "Noor Haddad", mobilePhone: mobile }), at(2));
    expect((await phoneProofStatus(database.db, userId, at(2))).state).toBe("verified");

    await saveHousehold(database.db, userId, householdForm.parse({ name: "Noor Haddad", mobilePhone: freshPhone() }), at(3));
    expect(await phoneProofStatus(database.db, userId, at(3))).toEqual({ state: "none" });
    // Back to the first number: proven again only by a new code.
    await saveHousehold(database.db, userId, householdForm.parse({ name: "Noor Haddad", mobilePhone: mobile }), at(4));
    expect(await phoneProofStatus(database.db, userId, at(4))).toEqual({ state: "none" });
  });

  it("cannot hold a proof for a number that is not the household's mobile (the database refuses it)", async () => {
    const { userId } = await household(database.db);
    const error = await database.db
      .insert(phoneVerifications)
      .values({ id: crypto.randomUUID(), userId, phone: freshPhone(), codeHash: "x", expiresAt: at(10), verifiedAt: at(0) })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeTruthy();
  });
});
