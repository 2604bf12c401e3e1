import { createElement } from "react";
import { testRequestContext } from "../testing/request-context";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultEditableContent, defaultSiteContent } from "~/features/content/site-content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { AboutSection } from "~/features/home/about-section";
import { ReviewsSection } from "~/features/home/reviews-section";
import { action } from "~/routes/admin/content";
import { loader as homeLoader } from "~/routes/home";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { siteContentRevisions } from "../db/schema/index";
import { FORM_TOKEN, formToken } from "../http/form-once";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";
import { invalidateSiteContentCache } from "./content";

let database: Database;
let server: TestServer;
let adminCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  adminCookie = await sessionCookieFor(database.db, "owner@cathotel.test", { admin: true });
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

/** The Content page's form publishing (or reverting) a section, through the page's action. */
const api = async (path: string, body: { value?: unknown; revisionId?: null }) => {
  const [, section, intent] = path.split("/");
  const fields: Record<string, string> = { intent: intent!, section: section! };
  if ("value" in body) fields.value = JSON.stringify(body.value);
  const request = new Request("http://localhost/admin/content", {
    method: "POST",
    headers: { cookie: adminCookie },
    body: new URLSearchParams({ [FORM_TOKEN]: formToken(), ...fields }),
  });
  const reply = (await (action as ContentAction)({ request, context: testRequestContext(server.env, database.db), params: {} })) as {
    data: { notice?: { description?: string } };
    init: { status?: number } | null;
  };
  return { status: reply.init?.status ?? 200, message: reply.data.notice?.description };
};

async function uploadImage(purpose: "review" | "team", width = 600, height = 400): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: "#2f9288" } })
    .png()
    .toBuffer();
  const res = await fetch(`${server.url}/api/admin/media?purpose=${purpose}`, {
    method: "POST",
    headers: { cookie: adminCookie, "content-type": "image/png" },
    body: Uint8Array.from(png),
  });
  expect(res.status).toBe(201);
  return (await res.json()).image.id;
}

/** The home page as a visitor gets it: its real loader (published content), then the reviews and about sections rendered with it. */
async function renderHome(): Promise<string> {
  const env = server.env;
  const data = await homeLoader({
    request: new Request("http://localhost/"),
    context: testRequestContext(env, database.db),
    params: {},
  } as unknown as Parameters<typeof homeLoader>[0]);
  const sections = [createElement(ReviewsSection, { key: "reviews" }), createElement(AboutSection, { key: "about" })];
  return renderToString(createElement(SiteContentProvider, { value: data.content, children: sections }));
}

/** The carousel's slides in order, as the alternative texts of their images name their authors. */
const slideAuthors = (html: string) => [...html.matchAll(/alt="\d out of 5 stars\. &quot;.*?&quot; — ([^,]+),/g)].map((m) => m[1]);
const slideCount = (html: string) => [...html.matchAll(/aria-roledescription="slide"/g)].length;

describe("publishing reviews", () => {
  it("changes what the home page renders: a hidden review is gone, the new order and a new review with its uploaded image show", async () => {
    const before = await renderHome();
    expect(slideCount(before)).toBe(50);
    expect(before).toContain("50 reviews from families");

    const [first, second, third, ...rest] = defaultEditableContent.reviews;
    const imageId = await uploadImage("review");
    const added = {
      id: "new-abc123",
      author: "Nora B.",
      location: "Aliso Viejo",
      rating: 4,
      date: "May 2026",
      text: "Lovely staff, happy cat.",
      hidden: false,
      imageId,
    };
    // Third first, then the new review; the second hidden.
    const reviews = [third!, added, first!, { ...second!, hidden: true }, ...rest];
    const published = await api("/reviews/publish", { value: reviews });
    expect(published.status).toBe(200);

    const after = await renderHome();
    expect(slideCount(after)).toBe(50);
    expect(after).toContain("50 reviews from families");
    expect(slideAuthors(after).slice(0, 3)).toEqual([third!.author, "Nora B.", first!.author]);
    // Only nearby slides have their image in the HTML; the hidden review is nowhere.
    expect(after).not.toContain(second!.text.replace(/'/g, "&#x27;"));
    expect(after).not.toContain(`review-${second!.id}.svg`);
    expect(after).toContain(`src="/media/${imageId}-600.webp"`);
    expect(after).toContain(`/media/${imageId}-1200.webp 1200w`);

    // Reverting to the defaults brings the sample order back.
    expect((await api("/reviews/revert", { revisionId: null })).status).toBe(200);
    expect(slideAuthors(await renderHome()).slice(0, 2)).toEqual([first!.author, second!.author]);
  });

  it("refuses reviews that would break the carousel, with messages naming the problem", async () => {
    const reviews = defaultEditableContent.reviews;
    const cases: [unknown, string][] = [
      [reviews.map((r) => ({ ...r, hidden: true })), "Keep at least one review visible"],
      [[], "Keep at least one review"],
      [[{ ...reviews[0]!, id: "new-x", author: "Sam K." }, ...reviews], "Upload an image for the review by Sam K."],
      [[reviews[0]!, { ...reviews[1]!, id: reviews[0]!.id }], `Each review needs its own id ("${reviews[0]!.id}" is used twice)`],
      [[{ ...reviews[0]!, rating: 6 }], "Rating must be 1 to 5 stars"],
      [[{ ...reviews[0]!, text: " " }], "Review text is required"],
      [[{ ...reviews[0]!, imageId: "../../etc/passwd" }], "The image reference is not valid; upload the image again"],
      [[{ ...reviews[0]!, imageId: crypto.randomUUID() }], `The image for the review by ${reviews[0]!.author} was not found. Please upload it again.`],
    ];
    for (const [value, message] of cases) {
      const res = await api("/reviews/publish", { value });
      expect(res.status, message).toBe(400);
      expect(res.message).toBe(message);
    }
    // A team photo is not a review image.
    const teamPhoto = await uploadImage("team", 400, 400);
    const wrongKind = await api("/reviews/publish", { value: [{ ...reviews[0]!, imageId: teamPhoto }] });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.message).toBe(`The image for the review by ${reviews[0]!.author} was not found. Please upload it again.`);
    expect(await database.db.select().from(siteContentRevisions)).toEqual([]);
  });
});

describe("publishing the team", () => {
  it("renames, reorders, removes and adds members with an uploaded photo; the About section follows", async () => {
    expect(defaultSiteContent.team.map((m) => m.name)).toEqual(["Maria Lopez", "James Carter", "Priya Shah"]);
    const [maria, james] = defaultEditableContent.team;
    const photo = await uploadImage("team", 500, 500);
    const team = [{ ...james!, name: "James Carterson" }, maria!, { id: "new-lee", name: "Lee Park", role: "Groomer", imageId: photo }];
    expect((await api("/team/publish", { value: team })).status).toBe(200);

    const html = await renderHome();
    const names = [...html.matchAll(/<p class="font-display[^"]*">([^<]+)<\/p>/g)].map((m) => m[1]);
    expect(names).toEqual(["James Carterson", "Maria Lopez", "Lee Park"]);
    expect(html).not.toContain("Priya Shah");
    expect(html).toContain('alt="Portrait of Lee Park"');
    expect(html).toContain(`src="/media/${photo}-160.webp"`);
    expect(html).toContain(`/media/${photo}-320.webp 320w`);
    expect(html).toContain('src="/images/team-2.svg"');
  });

  it("refuses a member without a name or (when added) without a photo, and an empty team", async () => {
    const team = defaultEditableContent.team;
    const cases: [unknown, string][] = [
      [[{ ...team[0]!, name: "" }], "Name is required"],
      [[...team, { id: "new-1", name: "Ana", role: "Groomer", imageId: null }], "Upload a photo of Ana"],
      [[], "Keep at least one team member"],
      [[{ ...team[0]!, role: "x".repeat(81) }], "Role must be at most 80 characters"],
    ];
    for (const [value, message] of cases) {
      const res = await api("/team/publish", { value });
      expect(res.status, message).toBe(400);
      expect(res.message).toBe(message);
    }
  });
});
