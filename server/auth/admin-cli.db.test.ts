import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { users } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { parseAdminCommand, runAdminCommand } from "./admin-cli";
import { isAdmin, roleOf } from "./roles";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Parses and runs, as the script does. */
async function admin(args: string[], adminEmails: string[] = []) {
  const cmd = parseAdminCommand(args);
  if ("exitCode" in cmd) throw new Error(cmd.output);
  return runAdminCommand(database.db, cmd, adminEmails);
}

const idOf = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]!.id;

describe("npm run admin", () => {
  it("grants an Owner to a new address (creating the account), lists, and revokes while another Owner remains", async () => {
    expect(await admin(["grant", "Owner@Example.com"])).toEqual({
      exitCode: 0,
      output: "owner@example.com is on the team as Owner. Their menu shows what the role opens after signing in.",
    });
    expect(await isAdmin(database.db, await idOf("owner@example.com"))).toBe(true);
    expect((await admin(["grant", "owner@example.com"])).exitCode).toBe(0);
    expect((await admin(["list"])).output).toBe("owner@example.com  Owner");

    // The last Owner stays: revoking them is refused in words.
    expect(await admin(["revoke", "owner@example.com"])).toEqual({
      exitCode: 1,
      output: "The team needs at least one Owner. Make someone else an Owner first.",
    });
    await admin(["grant", "second@example.com"]);
    expect((await admin(["revoke", "owner@example.com"])).output).toBe("owner@example.com is no longer on the team.");
    expect(await isAdmin(database.db, await idOf("owner@example.com"))).toBe(false);
    expect((await admin(["revoke", "nobody@example.com"])).output).toBe("nobody@example.com was not on the team; nothing changed.");
  });

  it("gives any role by name", async () => {
    expect((await admin(["grant", "desk@example.com", "front-desk"])).output).toBe(
      "desk@example.com is on the team as Front desk. Their menu shows what the role opens after signing in.",
    );
    expect(await roleOf(database.db, await idOf("desk@example.com"))).toBe("front_desk");
    await admin(["grant", "desk@example.com", "manager"]);
    expect(await roleOf(database.db, await idOf("desk@example.com"))).toBe("manager");
  });

  it("warns when ADMIN_EMAILS would grant the role again", async () => {
    await admin(["grant", "listed@example.com"]);
    const result = await admin(["revoke", "listed@example.com"], ["listed@example.com"]);
    expect(result.output).toContain("listed in ADMIN_EMAILS");
  });

  it("explains its usage on anything else", () => {
    for (const args of [
      [],
      ["grant"],
      ["promote", "a@b.co"],
      ["grant", "not-an-email"],
      ["grant", "a@b.co", "chef"],
      ["grant", "a@b.co", "owner", "extra"],
      ["revoke", "a@b.co", "owner"],
    ]) {
      const result = parseAdminCommand(args);
      expect("exitCode" in result && result.exitCode, args.join(" ")).toBe(2);
      expect("output" in result && result.output).toContain("npm run admin -- grant <email>");
    }
  });
});
