import { data } from "react-router";
import type { RequestContext } from "../context";
import { AppError } from "../http/errors";
import { sessionCookies } from "./cookies";
import { signInWithLink } from "./sign-in";

/**
 * The /auth/verify page's action: uses the link's token once and sets the session cookie.
 * Answers data rather than a redirect so the page can show 'Signed In' before moving on (and,
 * without JavaScript, a Continue link).
 */
export async function verifyLinkAction(request: Request, context: RequestContext, now: Date) {
  const form = await request.formData().catch(() => null);
  try {
    const signedIn = await signInWithLink({ db: context.db, env: context.env, logger: context.logger }, form?.get("token"), now);
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of sessionCookies(context.env, signedIn.token, signedIn.absoluteExpiresAt, now)) headers.append("Set-Cookie", cookie);
    return data({ ok: true as const, redirectTo: signedIn.redirectTo, email: signedIn.email }, { headers });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ok: false as const, code: error.code, message: error.message }, { status: error.status });
  }
}
