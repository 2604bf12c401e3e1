import { staffNameOf } from "./care-log";

/**
 * The name a team member goes by in a stay's history, the care log and the desk's notices (ADR 0196):
 * the full name on their account, else the one their address gives ("maria.lopez@…" → "Maria Lopez")
 * for an account that has none yet. Browser-safe: the pages and the server word it alike.
 */
export function teamMemberName(member: { fullName: string | null; email: string }): string {
  return member.fullName?.trim() || staffNameOf(member.email);
}

/** The largest full name the account keeps (the database's check holds it too). */
export const MAX_FULL_NAME_LENGTH = 100;
