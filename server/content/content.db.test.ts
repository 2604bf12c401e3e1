import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultEditableContent, defaultSiteContent } from "~/features/content/site-content";
import { sessionCookieName } from "../auth/cookies";
import { grantAdmin } from "../auth/roles";
import { createSession } from "../auth/sessions";
import type { Database } from "../db/client";
import { siteContentRevisions, users } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { contentHistory, invalidateSiteContentCache, loadPreviewContent, loadSiteContent, publishValue, revertTo, saveDraft } from "./content";

let database: Database;
let server: TestServer;
let adminCookie: string;
let customerCookie: string;

async function cookieFor(email: string, admin: boolean): Promise<string> {
  const [user] = await database.db.insert(users).values({ email }).returning();
  if (admin) await grantAdmin(database.db, user!.id);
  const { token } = await createSession(database.db, user!.id);
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

const call = (path: string, cookie: string | null, body?: unknown) =>
  fetch(`${server.url}/api/admin/content${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

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

describe("the content API", () => {
  it("saves a draft, publishes it, lists the history with who and when, and reverts", async () => {
    const draft = await call("/business/drafts", adminCookie, {
      value: business("(949) 555-0177"),
    });
    expect(draft.status).toBe(201);
    const { revision } = await draft.json();
    expect(revision).toMatchObject({
      status: "draft",
      createdBy: "owner@cathotel.test",
    });

    const published = await call("/business/publish", adminCookie, {
      revisionId: revision.id,
    });
    expect(published.status).toBe(201);
    expect((await published.json()).revision).toMatchObject({
      status: "published",
      sourceRevisionId: revision.id,
    });
    expect((await (await call("/", adminCookie)).json()).content.business.groomingPhone).toBe("(949) 555-0177");

    const history = await (await call("/business/history", adminCookie)).json();
    expect(history.revisions.map((r: { status: string }) => r.status)).toEqual(["published", "draft"]);
    expect(Date.parse(history.revisions[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const reverted = await call("/business/revert", adminCookie, {
      revisionId: null,
    });
    expect(reverted.status).toBe(201);
    expect((await loadSiteContent(database.db)).business.groomingPhone.display).toBe("(949) 555-0101");
  });

  it("refuses style values outside the bounds with clear messages", async () => {
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
      const res = await call("/style/publish", adminCookie, {
        value: { ...style, headings: { ...style.headings, ...change } },
      });
      expect(res.status, message).toBe(400);
      expect((await res.json()).error).toMatchObject({
        code: "VALIDATION_FAILED",
        message,
      });
    }
    // The bounds themselves are allowed.
    for (const edge of [{ fontSize: 10, letterSpacing: -2, fontWeight: 300 }, { fontSize: 72, letterSpacing: 10, fontWeight: 900 }, { letterSpacing: 1.3 }]) {
      const res = await call("/style/publish", adminCookie, {
        value: { ...style, headings: { ...style.headings, ...edge } },
      });
      expect(res.status).toBe(201);
    }
    expect(await database.db.select().from(siteContentRevisions)).toHaveLength(3);
  });

  it("refuses bad business and services values and unknown keys with 400, never a 500", async () => {
    const bad = [
      ["/business/publish", { value: business("12345") }, "Grooming phone must be a 10-digit US phone number"],
      [
        "/business/publish",
        {
          value: {
            ...defaultEditableContent.business,
            booking: {
              roomUrl: "javascript:alert(1)",
              groomUrl: "https://x.example",
            },
          },
        },
        "Room booking URL must be a full web address starting with https://",
      ],
      [
        "/services/publish",
        {
          value: [{ title: "Dog Walking", description: "x", longDescription: "y" }],
        },
        'There is no service called "Dog Walking".',
      ],
      ["/nonsense/publish", { value: {} }, "Unknown content section"],
      ["/business/revert", { revisionId: 99999 }, null],
    ] as const;
    for (const [path, body, message] of bad) {
      const res = await call(path, adminCookie, body);
      expect(res.status === 400 || res.status === 404).toBe(true);
      if (message) expect((await res.json()).error.message).toBe(message);
    }
  });

  it("answers a visitor 401 and a non-admin 403 on every content call, and stores nothing", async () => {
    const calls: [string, unknown][] = [
      ["/", undefined],
      ["/business/history", undefined],
      ["/business/drafts", { value: business("(949) 555-0188") }],
      ["/business/publish", { value: business("(949) 555-0188") }],
      ["/business/revert", { revisionId: null }],
    ];
    for (const [path, body] of calls) {
      expect((await call(path, null, body)).status, path).toBe(401);
      expect((await call(path, customerCookie, body)).status, path).toBe(403);
    }
    expect(await database.db.select().from(siteContentRevisions)).toEqual([]);
  });
});
