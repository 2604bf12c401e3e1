import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/account";
import { PHONE_PROOF_TEXT } from "~/domain/phone-proof";
import type { FormReply } from "~/lib/forms";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { telephonyEvents } from "../db/schema/index";
import { loadEnv } from "../env";
import { testRequestContext } from "../testing/request-context";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { FORM_TOKEN, formToken } from "../http/form-once";

/**
 * The mobile's proof on /account (ADR 0140) as the page's forms post it: the household form, then
 * "Verify this number", then the code, each answered as every form is (ADR 0112).
 */
let database: Database;
let context: RequestContext;
let cookie = "";
const mobile = "+19495550177";

beforeAll(async () => {
  database = await createTestDatabase();
  context = testRequestContext(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), database.db);
  cookie = await sessionCookieFor(database.db, "noor@example.com");
});
afterAll(() => database.close());

type Handler = (args: { request: Request; context: RequestContext; params: Record<string, string> }) => Promise<unknown>;

async function post(fields: Record<string, string>) {
  const request = new Request("http://localhost/account", {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({ [FORM_TOKEN]: formToken(), ...fields }),
  });
  const answer = (await (action as unknown as Handler)({ request, context, params: {} })) as { data: FormReply; init: ResponseInit | null };
  return { status: answer.init?.status ?? 200, reply: answer.data };
}

async function proof() {
  const request = new Request("http://localhost/account", { headers: { cookie } });
  const data = (await (loader as unknown as Handler)({ request, context, params: {} })) as { phoneProof: { state: string } };
  return data.phoneProof.state;
}

describe("/account's mobile proof forms", () => {
  it("save the mobile, text a code to it, refuse a malformed or wrong code in words, and take the right one", async () => {
    expect((await post({ intent: "household", name: "Noor", mobilePhone: "(949) 555-0177" })).reply.notice).toEqual({
      kind: "success",
      title: "Household saved",
    });
    expect(await proof()).toBe("none");

    const sent = await post({ intent: "send-phone-code" });
    expect(sent.status).toBe(200);
    expect(sent.reply.notice).toMatchObject({ kind: "success", title: PHONE_PROOF_TEXT.codeSent, description: expect.stringContaining("(949) 555-0177") });
    expect(await proof()).toBe("code-sent");
    const [text] = await database.db.select().from(telephonyEvents).where(eq(telephonyEvents.to, mobile)).orderBy(desc(telephonyEvents.createdAt));
    const code = /\b(\d{6})\b/.exec(text!.body)![1]!;

    const malformed = await post({ intent: "confirm-phone-code", code: "12ab" });
    expect(malformed.status).toBe(400);
    expect(malformed.reply.result.error).toEqual({ code: [PHONE_PROOF_TEXT.codeFormat] });

    const wrong = await post({ intent: "confirm-phone-code", code: String((Number(code) + 1) % 1_000_000).padStart(6, "0") });
    expect(wrong.status).toBe(400);
    expect(wrong.reply.result.error).toMatchObject({ "": [PHONE_PROOF_TEXT.codeWrong] });
    expect(await proof()).toBe("code-sent");

    // Typed with a space, as people copy it from a text.
    const right = await post({ intent: "confirm-phone-code", code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(right.reply.notice).toMatchObject({ kind: "success", title: PHONE_PROOF_TEXT.confirmed });
    expect(await proof()).toBe("verified");
  });

  it("answer a form the page does not have with 400", async () => {
    expect((await post({ intent: "something-else" })).status).toBe(400);
  });
});
