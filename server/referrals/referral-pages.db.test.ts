import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { loader as referLoader } from "~/routes/refer.$code";
import { REFERRAL_TEXT, type ReferralSection } from "~/domain/referral-texts";
import type { FormReply } from "~/lib/forms";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { loadEnv } from "../env";
import { testRequestContext } from "../testing/request-context";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { REFERRAL_COOKIE } from "./referrals";

/**
 * The pages of a referral (ADR 0153) as a browser meets them: "Refer a friend" on /account (an
 * account with no household yet gets its link with a button), and the link's page for a visitor
 * (the code kept in a cookie), its owner, another customer and a code that is no link.
 */
let database: Database;
let context: RequestContext;
const site = "https://cats.example";

beforeAll(async () => {
  database = await createTestDatabase();
  context = testRequestContext(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_SITE_URL: site }), database.db);
});
afterAll(() => database.close());

type Handler = (args: { request: Request; context: RequestContext; params: Record<string, string> }) => Promise<unknown>;
type Answer<T> = { data: T; init: ResponseInit | null };

const accountReferral = async (cookie: string) =>
  (
    (await (accountLoader as unknown as Handler)({ request: new Request(`${site}/account`, { headers: { cookie } }), context, params: {} })) as {
      referral: ReferralSection;
    }
  ).referral;

async function openLink(code: string, cookie = "") {
  const request = new Request(`${site}/refer/${code}`, { headers: { cookie } });
  const answer = (await (referLoader as unknown as Handler)({ request, context, params: { code } })) as Answer<{ state: string }> | { state: string };
  const { data, init } = "data" in answer ? answer : { data: answer, init: null };
  return { state: data.state, status: init?.status ?? 200, setCookie: new Headers(init?.headers).get("set-cookie") };
}

describe("referral pages", () => {
  it("give an account its link on /account, and tell a visitor, the owner, another customer and a wrong code what the link does for them", async () => {
    const owner = await sessionCookieFor(database.db, "referrer@example.com");
    expect(await accountReferral(owner)).toEqual({ link: null, earned: 0, available: [] });

    const request = new Request(`${site}/account`, { method: "POST", headers: { cookie: owner }, body: new URLSearchParams({ intent: "referral-link" }) });
    const created = (await (accountAction as unknown as Handler)({ request, context, params: {} })) as Answer<FormReply>;
    expect(created.data.notice).toEqual({ kind: "success", title: REFERRAL_TEXT.created });
    const { link } = await accountReferral(owner);
    expect(link).toMatch(new RegExp(`^${site}/refer/[0-9a-f]{16}$`));
    // Stable: the same link on every visit.
    expect((await accountReferral(owner)).link).toBe(link);
    const code = link!.split("/").at(-1)!;

    const visitor = await openLink(code);
    expect(visitor).toMatchObject({ state: "welcome", status: 200 });
    expect(visitor.setCookie).toContain(`${REFERRAL_COOKIE}=${code}`);
    expect(visitor.setCookie).toContain("HttpOnly");

    expect(await openLink(code, owner)).toEqual({ state: "own", status: 200, setCookie: null });
    expect(await openLink(code, await sessionCookieFor(database.db, "someone@example.com"))).toEqual({ state: "member", status: 200, setCookie: null });
    expect(await openLink("0123456789abcdef")).toEqual({ state: "unknown", status: 404, setCookie: null });
    expect(await openLink("not a code")).toEqual({ state: "unknown", status: 404, setCookie: null });
  });
});
