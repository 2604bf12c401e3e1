import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormReply } from "~/lib/forms";
import { action } from "~/routes/admin/team";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { userRoles, users } from "../db/schema/index";
import { loadEnv } from "../env";
import { testRequestContext } from "../testing/request-context";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { LAST_OWNER_MESSAGE, grantAdmin, removeTeamMember, roleOf, setTeamRole } from "./roles";

/** The Team page (ADR 0185): roles given, changed and taken away, and the Owner the team always keeps. */
let database: Database;
let context: RequestContext;

beforeAll(async () => {
  database = await createTestDatabase();
  context = testRequestContext(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), database.db);
});
afterAll(() => database.close());

const fresh = (who: string) => `${who}-${crypto.randomUUID()}@cathotel.test`;
const roleOfEmail = async (email: string) => {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user ? roleOf(database.db, user.id) : null;
};
const owners = async () => (await database.db.select().from(userRoles).where(eq(userRoles.role, "owner"))).length;

/** Empties the team, so a test counts only its own Owners (the trigger allows taking away non-owners, and owners while another remains). */
async function onlyOwners(emails: string[]) {
  for (const email of emails) await setTeamRole(database.db, email, "owner");
  await database.db.delete(userRoles).where(eq(userRoles.role, "care"));
  const ids = (await database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails))).map((u) => u.id);
  const others = (await database.db.select({ userId: userRoles.userId }).from(userRoles)).filter((r) => !ids.includes(r.userId));
  if (others.length)
    await database.db.delete(userRoles).where(
      inArray(
        userRoles.userId,
        others.map((r) => r.userId),
      ),
    );
}

type Args = { request: Request; context: RequestContext; params: Record<string, string> };
async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/admin/team", { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });
  try {
    const answer = (await (action as unknown as (a: Args) => Promise<unknown>)({ request, context, params: {} })) as {
      data: FormReply;
      init: ResponseInit | null;
    };
    return { status: answer.init?.status ?? 200, notice: answer.data.notice?.title, errors: answer.data.result?.error };
  } catch (thrown) {
    const refusal = thrown as { data: { code: string; message: string }; init: ResponseInit };
    return { status: refusal.init.status, notice: refusal.data.message, errors: undefined };
  }
}

describe("the Team page", () => {
  it("adds a person by e-mail with a role, changes the role, removes them; posting twice changes nothing more", async () => {
    const owner = await sessionCookieFor(database.db, fresh("owner"), { admin: true });
    const desk = fresh("desk");
    const [first, second] = await Promise.all([
      post(owner, { intent: "add", email: desk, fullName: "Dee Desk", role: "front_desk" }),
      post(owner, { intent: "add", email: desk, fullName: "Dee Desk", role: "front_desk" }),
    ]);
    expect([first!.notice, second!.notice].sort()).toEqual(["Dee Desk is on the team already, as Front desk.", "Dee Desk is on the team, as Front desk."]);
    expect(await roleOfEmail(desk)).toBe("front_desk");

    expect((await post(owner, { intent: "role", email: desk, role: "manager" })).notice).toBe(`${desk} is now Manager.`);
    expect(await roleOfEmail(desk)).toBe("manager");
    expect((await post(owner, { intent: "remove", email: desk })).notice).toBe(`${desk} is no longer on the team.`);
    expect((await post(owner, { intent: "remove", email: desk })).notice).toBe(`${desk} was not on the team; nothing changed.`);
    expect(await roleOfEmail(desk)).toBeNull();
  });

  it("refuses an unknown role and a bad address in words, beside the form", async () => {
    const owner = await sessionCookieFor(database.db, fresh("owner"), { admin: true });
    const reply = await post(owner, { intent: "add", email: fresh("chef"), fullName: "Chef", role: "chef" });
    expect(reply.status).toBe(400);
    expect(reply.errors?.role).toEqual(["Choose a role: Owner, Manager, Front desk, Care attendant"]);
    const noEmail = await post(owner, { intent: "role", email: "not-an-address", role: "care" });
    expect(noEmail.errors?.email?.[0]).toContain("e-mail address");
  });

  it("refuses a front desk member who tries to give themselves a role", async () => {
    const email = fresh("desk");
    const cookie = await sessionCookieFor(database.db, email);
    await setTeamRole(database.db, email, "front_desk");
    const reply = await post(cookie, { intent: "role", email, role: "owner" });
    expect(reply).toMatchObject({ status: 403, notice: "Your role, Front desk, doesn't open this. Ask an Owner if you need it." });
    expect(await roleOfEmail(email)).toBe("front_desk");
  });

  it("refuses to remove or demote the last Owner, in words", async () => {
    const email = fresh("owner");
    const cookie = await sessionCookieFor(database.db, email, { admin: true });
    await onlyOwners([email]);
    const attempts: Record<string, string>[] = [
      { intent: "remove", email },
      { intent: "role", email, role: "manager" },
    ];
    for (const fields of attempts) {
      const reply = await post(cookie, fields);
      expect(reply.status).toBe(409);
      expect(reply.errors?.[""] ?? reply.notice).toEqual(expect.arrayContaining([LAST_OWNER_MESSAGE]));
    }
    expect(await owners()).toBe(1);
  });
});

describe("at least one Owner, held by the database", () => {
  it("two Owners removing each other at once leave one Owner", async () => {
    const [a, b] = [fresh("a"), fresh("b")];
    await onlyOwners([a, b]);
    const results = await Promise.allSettled([removeTeamMember(database.db, b), removeTeamMember(database.db, a)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "LAST_OWNER" });
    expect(await owners()).toBe(1);
  });

  it("twenty Owners removed and demoted at once leave exactly one", async () => {
    const emails = Array.from({ length: 20 }, (_, i) => fresh(`owner${i}`));
    await onlyOwners(emails);
    const results = await Promise.allSettled(
      emails.map((email, i) => (i % 2 ? removeTeamMember(database.db, email) : setTeamRole(database.db, email, "care"))),
    );
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    expect(await owners()).toBe(1);
  });

  it("the trigger refuses the last Owner's row deleted or changed by any writer, even two at once without the team's lock", async () => {
    const [a, b] = [fresh("a"), fresh("b")];
    await onlyOwners([a, b]);
    const ids = (
      await database.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.email, [a, b]))
    ).map((u) => u.id);
    const results = await Promise.allSettled(ids.map((id) => database.db.delete(userRoles).where(eq(userRoles.userId, id))));
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    expect(await owners()).toBe(1);
    const [last] = await database.db.select().from(userRoles).where(eq(userRoles.role, "owner"));
    await expect(database.db.update(userRoles).set({ role: "care" }).where(eq(userRoles.userId, last!.userId))).rejects.toThrow();
    // An Owner can still be added beside the last, and the first then leave.
    const [c] = await database.db
      .insert(users)
      .values({ email: fresh("c") })
      .returning();
    await grantAdmin(database.db, c!.id);
    await database.db.delete(userRoles).where(eq(userRoles.userId, last!.userId));
    expect(await owners()).toBe(1);
  });

  it("keeps one role a person", async () => {
    const [u] = await database.db
      .insert(users)
      .values({ email: fresh("two") })
      .returning();
    await database.db.insert(userRoles).values({ userId: u!.id, role: "care" });
    await expect(database.db.insert(userRoles).values({ userId: u!.id, role: "manager" })).rejects.toThrow();
    await expect(database.db.update(userRoles).set({ role: "chef" }).where(eq(userRoles.userId, u!.id))).rejects.toThrow();
  });
});
