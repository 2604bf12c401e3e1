import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormReply } from "~/lib/forms";
import { z } from "~/lib/zod";
import type { Database } from "../db/client";
import { formSubmissions, users } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { AppError } from "./errors";
import { pruneFormSubmissions, submitOnce } from "./form-once";
import { businessDate, businessLocalToUtc } from "~/lib/business-time";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const schema = z.object({ note: z.string().min(1, "Write a note") });
// Today at 10:02 AM in Los Angeles: what "Already recorded at …" reads.
const now = businessLocalToUtc(businessDate(new Date()), "10:02");
const token = () => crypto.randomBytes(18).toString("base64url");
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};
/** The body of a `data()` answer, as the page reads it. */
const bodyOf = (reply: unknown) => (reply as { data: FormReply & Record<string, unknown>; init: ResponseInit | null }).data;
const statusOf = (reply: unknown) => (reply as { init: ResponseInit | null }).init?.status ?? 200;

async function poster() {
  const [user] = await database.db
    .insert(users)
    .values({ email: `desk-${crypto.randomUUID()}@example.com` })
    .returning();
  return user!;
}

describe("submitOnce", () => {
  it("runs a form posted 20 times at once once, and answers every other post with the first post's outcome", async () => {
    const user = await poster();
    let effects = 0;
    const fields = { note: "Refund the deposit", formToken: token() };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitOnce({ db: database.db, form: "test note", user, now }, formOf(fields), schema, async ({ note }) => {
          effects += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { kind: "success", title: `Saved: ${note}`, savedId: "abc" };
        }),
      ),
    );
    expect(effects).toBe(1);
    const notices = replies.map((r) => bodyOf(r).notice!);
    expect(notices.filter((n) => n.title === "Saved: Refund the deposit")).toHaveLength(1);
    const replayed = replies.map(bodyOf).filter((b) => b.notice!.title.startsWith("Already"));
    expect(replayed).toHaveLength(19);
    expect(replayed[0]).toMatchObject({
      notice: { kind: "success", title: `Already recorded at 10:02 AM by ${user.email}`, description: "Saved: Refund the deposit" },
      savedId: "abc",
    });
  });

  it("gives a refused post's claim back, so the corrected form goes through; a post without a token or with bad input changes nothing", async () => {
    const user = await poster();
    const once = { db: database.db, form: "test note", user, now };
    const formToken = token();
    let effects = 0;
    const change = async ({ note }: { note: string }) => {
      if (note === "too much") throw new AppError(409, "TOO_MUCH", "At most $80.00 is left to refund.");
      effects += 1;
      return { kind: "success" as const, title: "Saved" };
    };
    const refused = await submitOnce(once, formOf({ note: "too much", formToken }), schema, change);
    expect([statusOf(refused), bodyOf(refused).notice?.description]).toEqual([409, "At most $80.00 is left to refund."]);
    expect(bodyOf(await submitOnce(once, formOf({ note: "fine", formToken }), schema, change)).notice?.title).toBe("Saved");
    expect(bodyOf(await submitOnce(once, formOf({ note: "fine", formToken }), schema, change)).notice?.title).toMatch(/^Already recorded at /);
    expect(statusOf(await submitOnce(once, formOf({ note: "", formToken: token() }), schema, change))).toBe(400);
    const stale = await submitOnce(once, formOf({ note: "fine" }), schema, change);
    expect([statusOf(stale), bodyOf(stale).notice?.description]).toEqual([400, "This form is out of date. Reload the page and try again."]);
    // The same token on another of the page's forms (another payment's refund) is another post.
    expect(bodyOf(await submitOnce(once, formOf({ note: "another", formToken }), schema, change)).notice?.title).toBe("Saved");
    expect(effects).toBe(2);
  });

  it("forgets the posts answered more than a day ago", async () => {
    const user = await poster();
    const once = { db: database.db, form: "test note", user, now };
    await submitOnce(once, formOf({ note: "old", formToken: token() }), schema, async () => ({ kind: "success", title: "Saved" }));
    await pruneFormSubmissions(database.db, new Date(now.getTime() + 23 * 3600_000));
    expect(await database.db.select().from(formSubmissions).where(eq(formSubmissions.userId, user.id))).toHaveLength(1);
    await pruneFormSubmissions(database.db, new Date(now.getTime() + 25 * 3600_000));
    expect(await database.db.select().from(formSubmissions).where(eq(formSubmissions.userId, user.id))).toHaveLength(0);
  });
});
