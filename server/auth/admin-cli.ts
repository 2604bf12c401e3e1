import { eq } from "drizzle-orm";
import { ROLES, ROLE_LABELS, type Role, isRole } from "~/domain/roles";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { listTeam, revokeAdmin, setTeamRole } from "./roles";
import { signInEmailField } from "~/features/auth/schema";

export const ADMIN_CLI_USAGE = `Usage:
  npm run admin -- grant <email> [role]   give this address a role (creates the account if needed);
                                          role is one of ${ROLES.join(", ")} (owner if left out)
  npm run admin -- revoke <email>         take the address off the team
  npm run admin -- list                   show the team and each person's role`;

export interface CliResult {
  exitCode: number;
  output: string;
}

export type AdminCommand = { command: "list" } | { command: "grant"; email: string; role: Role } | { command: "revoke"; email: string };

/** Reads the arguments without touching the database: a usage error costs nothing. */
export function parseAdminCommand(args: string[]): AdminCommand | CliResult {
  const [command, rawEmail, rawRole, ...rest] = args;
  if (command === "list" && rawEmail === undefined) return { command };
  if ((command !== "grant" && command !== "revoke") || rawEmail === undefined || rest.length > 0 || (command === "revoke" && rawRole !== undefined)) {
    return { exitCode: 2, output: ADMIN_CLI_USAGE };
  }
  const parsed = signInEmailField.safeParse(rawEmail);
  if (!parsed.success) return { exitCode: 2, output: `"${rawEmail}" is not an e-mail address.\n\n${ADMIN_CLI_USAGE}` };
  if (command === "revoke") return { command, email: parsed.data };
  const role = (rawRole ?? "owner").toLowerCase().replace("-", "_");
  if (!isRole(role)) return { exitCode: 2, output: `"${rawRole}" is not a role.\n\n${ADMIN_CLI_USAGE}` };
  return { command, email: parsed.data, role };
}

/** Runs a parsed `npm run admin` command against an open database (scripts/admin.ts opens it). */
export async function runAdminCommand(db: Db, cmd: AdminCommand, adminEmails: string[] = []): Promise<CliResult> {
  if (cmd.command === "list") {
    const team = await listTeam(db);
    return { exitCode: 0, output: team.length ? team.map((m) => `${m.email}  ${ROLE_LABELS[m.role]}`).join("\n") : "Nobody on the team yet." };
  }
  const { email } = cmd;
  try {
    if (cmd.command === "grant") {
      await setTeamRole(db, email, cmd.role);
      return { exitCode: 0, output: `${email} is on the team as ${ROLE_LABELS[cmd.role]}. Their menu shows what the role opens after signing in.` };
    }
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const removed = user ? await revokeAdmin(db, user.id) : false;
    let output = removed ? `${email} is no longer on the team.` : `${email} was not on the team; nothing changed.`;
    if (adminEmails.includes(email)) {
      output += `\nNote: ${email} is listed in ADMIN_EMAILS, which makes it an Owner again at its next sign-in. Remove it there too.`;
    }
    return { exitCode: 0, output };
  } catch (error) {
    // A refusal a person can act on (the last Owner) is said in words, not as a stack.
    if (error instanceof AppError) return { exitCode: 1, output: error.message };
    throw error;
  }
}
