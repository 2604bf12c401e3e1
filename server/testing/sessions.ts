import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { sessionCookieName } from "../auth/cookies";
import { addStaffMember, grantAdmin } from "../auth/roles";
import { createSession } from "../auth/sessions";

/**
 * A signed-in browser's Cookie header for `email` (an admin with `{ admin: true }`, a staff member with `{ staff: true }`), made with the
 * real session code. For API tests that are not about signing in; those go through the mail.
 */
export async function sessionCookieFor(db: Db, email: string, options: { admin?: boolean; staff?: boolean } = {}): Promise<string> {
  const [user] = await db.insert(users).values({ email }).onConflictDoUpdate({ target: users.email, set: { email } }).returning();
  if (options.admin) await grantAdmin(db, user!.id);
  if (options.staff) await addStaffMember(db, email);
  const { token } = await createSession(db, user!.id, new Date());
  return `${sessionCookieName({ isProduction: false })}=${token}`;
}
