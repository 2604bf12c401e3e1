import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { grantAdmin, listAdmins, revokeAdmin } from "./roles";
import { emailSchema } from "./sign-in";

export const ADMIN_CLI_USAGE = `Usage:
  npm run admin -- grant <email>    make this address an admin (creates the account if needed)
  npm run admin -- revoke <email>   take the admin role away
  npm run admin -- list             show the admins`;

export interface CliResult {
  exitCode: number;
  output: string;
}

export type AdminCommand = { command: "list" } | { command: "grant" | "revoke"; email: string };

/** Reads the arguments without touching the database: a usage error costs nothing. */
export function parseAdminCommand(args: string[]): AdminCommand | CliResult {
  const [command, rawEmail, ...rest] = args;
  if (command === "list" && rawEmail === undefined) return { command };
  if ((command !== "grant" && command !== "revoke") || rawEmail === undefined || rest.length > 0) {
    return { exitCode: 2, output: ADMIN_CLI_USAGE };
  }
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) return { exitCode: 2, output: `"${rawEmail}" is not an e-mail address.\n\n${ADMIN_CLI_USAGE}` };
  return { command, email: parsed.data };
}

/** Runs a parsed `npm run admin` command against an open database (scripts/admin.ts opens it). */
export async function runAdminCommand(db: Db, cmd: AdminCommand, adminEmails: string[] = []): Promise<CliResult> {
  if (cmd.command === "list") {
    const admins = await listAdmins(db);
    return { exitCode: 0, output: admins.length ? admins.join("\n") : "No admins yet." };
  }
  const { email } = cmd;
  if (cmd.command === "grant") {
    const [user] = await db.insert(users).values({ email }).onConflictDoUpdate({ target: users.email, set: { email } }).returning({ id: users.id });
    await grantAdmin(db, user!.id);
    return { exitCode: 0, output: `${email} is an admin. They reach /admin after signing in.` };
  }

  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const removed = user ? await revokeAdmin(db, user.id) : false;
  let output = removed ? `${email} is no longer an admin.` : `${email} was not an admin; nothing changed.`;
  if (adminEmails.includes(email)) {
    output += `\nNote: ${email} is listed in ADMIN_EMAILS, which makes it an admin again at its next sign-in. Remove it there too.`;
  }
  return { exitCode: 0, output };
}
