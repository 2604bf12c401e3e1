import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { sessionCookieName } from "../auth/cookies";
import { grantAdmin } from "../auth/roles";
import { createSession } from "../auth/sessions";

/**
 * A signed-in browser's Cookie header for `email` (an admin with `{ admin: true }`), made with the
 * real session code. For API tests that are not about signing in; those go through the mail.
 */
export async function sessionCookieFor(db: Db, email: string, options: { admin?: boolean } = {}): Promise<string> {
  const [user] = await db.insert(users).values({ email }).onConflictDoUpdate({ target: users.email, set: { email } }).returning();
  if (options.admin) await grantAdmin(db, user!.id);
  const { token } = await createSession(db, user!.id);
  return `${sessionCookieName({ isProduction: false })}=${token}`;
}
