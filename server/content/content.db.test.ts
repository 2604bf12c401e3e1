import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultEditableContent, defaultSiteContent } from "~/features/content/site-content";
import { sessionCookieName } from "../auth/cookies";
import { grantAdmin } from "../auth/roles";
import { createSession } from "../auth/sessions";
import type { Database } from "../db/client";
import { siteContentRevisions, users } from "../db/schema/index";
import { FORM_TOKEN, formToken } from "../http/form-once";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { action } from "~/routes/admin/content";
import type { RequestContext } from "../context";
import { testRequestContext } from "../testing/request-context";
import { contentHistory, invalidateSiteContentCache, loadPreviewContent, loadSiteContent, publishValue, revertTo, saveDraft } from "./content";

let database: Database;
let server: TestServer;
let adminCookie: string;
let customerCookie: string;

async function cookieFor(email: string, admin: boolean): Promise<string> {
  const [user] = await database.db.insert(users).values({ email }).returning();
  if (admin) await grantAdmin(database.db, user!.id);
  const { token } = await createSession(database.db, user!.id, new Date());
  return `${sessionCookieName(server.env)}=${token}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database, {
    PUBLIC_SITE_URL: "https://cats.example",
  });
  adminCookie = await cookieFor("owner@cathotel.test", true);
  customerCookie = await cookieFor("customer@example.com", false);
});
afterAll(async () => {
  await server.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(siteContentRevisions);
  invalidateSiteContentCache();
});

type ContentAction = (args: { request: Request; context: RequestContext; params: object }) => Promise<unknown>;
interface Reply {
  data: { result: { status: string; error?: Record<string, string[]> }; notice?: { title: string; description?: string }; draftId?: number };
  init: { status?: number } | null;
}

/** The Content page's form posted to its action: the reply, or what the action threw (a redirect). */
async function post(cookie: string | null, fields: Record<string, string>): Promise<Reply> {
  const request = new Request("http://localhost/admin/content", {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams({ [FORM_TOKEN]: formToken(), ...fields }),
  });
  const context = testRequestContext(server.env, database.db);
  return (await (action as ContentAction)({ request, context, params: {} }).catch((thrown: unknown) => thrown)) as Reply;
}
const statusOf = (reply: Reply | Response) => (reply instanceof Response ? reply.status : (reply.init?.status ?? 200));
const publish = (section: string, value: unknown) => post(adminCookie, { intent: "publish", section, value: JSON.stringify(value) });

const business = (phone: string) => ({
  ...defaultEditableContent.business,
  groomingPhone: phone,
});
const style = {
  headings: {
    fontSize: 40,
    letterSpacing: 0.5,
    align: "center",
    fontWeight: 800,
  },
  promo: null,
};

describe("site content storage", () => {
  it("shows the defaults, then a published edit at once; a draft changes nothing until published", async () => {
    expect(await loadSiteContent(database.db)).toEqual(defaultSiteContent);

    const draft = await saveDraft(database.db, "business", business("(949) 555-0199"), "owner@cathotel.test");
    expect((await loadSiteContent(database.db)).business.groomingPhone.display).toBe("(949) 555-0101");
    const preview = await loadPreviewContent(database.db, draft.id);
    expect(preview?.business.groomingPhone).toEqual({
      display: "(949) 555-0199",
      tel: "+19495550199",
    });

    await publishValue(database.db, "business", business("(949) 555-0199"), "owner@cathotel.test");
    const live = await loadSiteContent(database.db);
    expect(live.business.groomingPhone).toEqual({
      display: "(949) 555-0199",
      tel: "+19495550199",
    });
    // Facts that are not editable still come from the module.
    expect(live.business.name).toBe(defaultSiteContent.business.name);
  });

  it("reverts to an earlier revision or to the defaults by publishing a copy, and keeps the history", async () => {
    const first = await publishValue(database.db, "business", business("(949) 555-0111"), "a@cathotel.test");
    await publishValue(database.db, "business", business("(949) 555-0122"), "b@cathotel.test");
    expect((await loadSiteContent(database.db)).business.groomingPhone.display).toBe("(949) 555-0122");

    const back = await revertTo(database.db, "business", first.id, "c@cathotel.test");
    expect(back.sourceRevisionId).toBe(first.id);
    expect((await loadSiteContent(database.db)).business.groomingPhone.display).toBe("(949) 555-0111");

    await revertTo(database.db, "business", null, "c@cathotel.test");
    expect((await loadSiteContent(database.db)).business).toEqual(defaultSiteContent.business);

    const history = await contentHistory(database.db, "business");
    expect(history.map((r) => [r.status, r.createdBy])).toEqual([
      ["published", "c@cathotel.test"],
      ["published", "c@cathotel.test"],
      ["published", "b@cathotel.test"],
      ["published", "a@cathotel.test"],
    ]);
    expect(history.every((r) => r.createdAt instanceof Date)).toBe(true);
  });

  it("lays edited service texts over the module by title", async () => {
    const services = defaultEditableContent.services.map((s) => (s.title === "Cat Adoption" ? { ...s, longDescription: "Rescues welcome." } : s));
    await publishValue(database.db, "services", services, "owner@cathotel.test");
    const live = await loadSiteContent(database.db);
    expect(live.services).toHaveLength(9);
    expect(live.services.find((s) => s.title === "Cat Adoption")).toMatchObject({ longDescription: "Rescues welcome.", icon: "heart" });
  });
});

describe("the Content page's action", () => {
  it("saves a draft, publishes it, lists the history with who and when, and reverts", async () => {
    const draft = await post(adminCookie, { intent: "draft", section: "business", value: JSON.stringify(business("(949) 555-0177")) });
    expect(statusOf(draft)).toBe(200);
    const draftId = draft.data.draftId!;
    const [stored] = await contentHistory(database.db, "business");
    expect(stored).toMatchObject({ id: draftId, status: "draft", createdBy: "owner@cathotel.test" });

    const published = await post(adminCookie, { intent: "publish-draft", section: "business", revisionId: String(draftId) });
    expect(published.data.notice?.title).toBe("Draft published — the public pages show it now");
    expect((await contentHistory(database.db, "business"))[0]).toMatchObject({ status: "published", sourceRevisionId: draftId });
    expect((await loadSiteContent(database.db)).business.groomingPhone.display).toBe("(949) 555-0177");

    const history = await contentHistory(database.db, "business");
    expect(history.map((r) => r.status)).toEqual(["published", "draft"]);
    expect(history[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const reverted = await post(adminCookie, { intent: "revert", section: "business", revisionId: "" });
    expect(reverted.data.notice?.title).toBe("Reverted to the original texts");
    expect((await loadSiteContent(database.db)).business.groomingPhone.display).toBe("(949) 555-0101");
  });

  it("refuses style values outside the bounds with clear messages, under the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fontSize: 9 }, "Font size must be between 10 and 72"],
      [{ fontSize: 73 }, "Font size must be between 10 and 72"],
      [{ letterSpacing: -2.1 }, "Letter spacing must be between -2 and 10"],
      [{ letterSpacing: 10.5 }, "Letter spacing must be between -2 and 10"],
      [{ letterSpacing: 0.25 }, "Letter spacing must be in steps of 0.1"],
      [{ align: "justify" }, "Alignment must be left, center or right"],
      [{ fontWeight: 200 }, "Font weight must be between 300 and 900"],
      [{ fontWeight: 1000 }, "Font weight must be between 300 and 900"],
      [{ fontSize: "big" }, "Font size must be a number"],
    ];
    for (const [change, message] of cases) {
      const reply = await publish("style", { ...style, headings: { ...style.headings, ...change } });
      expect(statusOf(reply), message).toBe(400);
      expect(reply.data.notice, message).toMatchObject({ title: "Not saved", description: message });
      expect(reply.data.result.error?.[`headings.${Object.keys(change)[0]}`], message).toEqual([message]);
    }
    // The bounds themselves are allowed.
    for (const edge of [{ fontSize: 10, letterSpacing: -2, fontWeight: 300 }, { fontSize: 72, letterSpacing: 10, fontWeight: 900 }, { letterSpacing: 1.3 }]) {
      expect(statusOf(await publish("style", { ...style, headings: { ...style.headings, ...edge } }))).toBe(200);
    }
    expect(await database.db.select().from(siteContentRevisions)).toHaveLength(3);
  });

  it("refuses bad business and services values, unknown sections and versions, and unreadable values with 400 or 404, never a 500", async () => {
    const bad: [Record<string, string>, number, string][] = [
      [{ intent: "publish", section: "business", value: JSON.stringify(business("12345")) }, 400, "Grooming phone must be a 10-digit US phone number"],
      [
        {
          intent: "publish",
          section: "business",
          value: JSON.stringify({ ...defaultEditableContent.business, booking: { roomUrl: "javascript:alert(1)", groomUrl: "https://x.example" } }),
        },
        400,
        "Room booking URL must be a full web address starting with https://",
      ],
      [
        { intent: "publish", section: "services", value: JSON.stringify([{ title: "Dog Walking", description: "x", longDescription: "y" }]) },
        400,
        'There is no service called "Dog Walking".',
      ],
      [{ intent: "publish", section: "nonsense", value: "{}" }, 400, "Unknown content section"],
      [{ intent: "publish", section: "business", value: "{not json" }, 400, "This form is out of date. Reload the page and try again."],
      [{ intent: "revert", section: "business", revisionId: "99999" }, 404, "That revision does not exist (any more)."],
      [{ intent: "publish-draft", section: "business", revisionId: "x" }, 400, "Choose a version"],
    ];
    for (const [fields, status, message] of bad) {
      const reply = await post(adminCookie, fields);
      expect(statusOf(reply), message).toBe(status);
      expect(Object.values(reply.data.result.error ?? {}).flat(), message).toContain(message);
    }
    expect(await database.db.select().from(siteContentRevisions)).toEqual([]);
  });

  it("sends a visitor to sign in and a customer away, and stores nothing", async () => {
    for (const intent of ["draft", "publish"]) {
      const fields = { intent, section: "business", value: JSON.stringify(business("(949) 555-0188")) };
      const visitor = (await post(null, fields)) as unknown as Response;
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/auth/);
      const customer = (await post(customerCookie, fields)) as unknown as Response;
      expect(customer.status).toBe(302);
      expect(customer.headers.get("location")).toBe("/");
    }
    expect(await database.db.select().from(siteContentRevisions)).toEqual([]);
  });
});
