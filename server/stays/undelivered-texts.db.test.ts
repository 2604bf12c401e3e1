import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/stays";
import type { FormReply } from "~/lib/forms";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { smsQueue } from "../db/schema/index";
import { loadEnv } from "../env";
import { testRequestContext } from "../testing/request-context";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";

/** The Stays page's list of texts the queue gave up on, and its "Send again", called as React Router calls them. */
let database: Database;
let context: RequestContext;
let staffCookie = "";

beforeAll(async () => {
  database = await createTestDatabase();
  context = testRequestContext(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), database.db);
  staffCookie = await sessionCookieFor(database.db, `staff-${crypto.randomUUID()}@cathotel.test`, { admin: true });
});
afterAll(() => database.close());

type Args = { request: Request; context: RequestContext; params: Record<string, string> };

async function sendAgain(smsId: string) {
  const request = new Request("http://localhost/admin/stays", {
    method: "POST",
    headers: { cookie: staffCookie },
    body: new URLSearchParams({ intent: "retrySms", smsId }),
  });
  const answer = (await (action as unknown as (a: Args) => Promise<unknown>)({ request, context, params: {} })) as {
    data: FormReply;
    init: ResponseInit | null;
  };
  return { status: answer.init?.status ?? 200, notice: answer.data.notice };
}

async function undeliveredTexts() {
  const request = new Request("http://localhost/admin/stays", { headers: { cookie: staffCookie } });
  const data = await (loader as unknown as (a: Args) => Promise<{ undeliveredTexts: { id: string; to: string; body: string }[] }>)({
    request,
    context,
    params: {},
  });
  return data.undeliveredTexts;
}

describe("texts not delivered, on the Stays page", () => {
  it("shows staff a text the provider refused to the end, and sends it again when they ask", async () => {
    const { db } = database;
    const [failed] = await db
      .insert(smsQueue)
      .values({
        dedupeKey: `test:${crypto.randomUUID()}`,
        toPhone: "+19492491234",
        body: "Your stay is confirmed.",
        status: "failed",
        attempts: 8,
        lastError: "twilio 500",
      })
      .returning();
    expect(await undeliveredTexts()).toEqual([expect.objectContaining({ id: failed!.id, to: "+19492491234", body: "Your stay is confirmed." })]);

    expect(await sendAgain(failed!.id)).toEqual({ status: 200, notice: { kind: "success", title: "The text is queued again" } });
    // Queued again, and perhaps already sent by the pass the page starts in the background.
    const [queued] = await db.select().from(smsQueue).where(eq(smsQueue.id, failed!.id));
    expect(["queued", "sent"]).toContain(queued!.status);
    expect(await undeliveredTexts()).toEqual([]);

    // A second press (another tab) is told the text is no longer waiting.
    const again = await sendAgain(failed!.id);
    expect(again.status).toBe(404);
    expect(again.notice).toMatchObject({ kind: "error" });
  });
});
