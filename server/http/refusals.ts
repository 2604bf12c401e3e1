import { data } from "react-router";
import { AppError, storableTextRefusal } from "./errors";

/** What a page's error boundary receives for a refusal: the error view shows the message. */
export interface RefusalData {
  code: string;
  message: string;
}

/**
 * A domain refusal as React Router's answer: its status (404, 409, 429…) and its message for the
 * person, so the area's error boundary shows a page they understand instead of a 500. A 429 or 503
 * says when to come back, as the API's answers do.
 */
export function refusalResponse(error: AppError) {
  const headers: Record<string, string> = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return data<RefusalData>({ code: error.code, message: error.message }, { status: error.status, headers });
}

const mapped = new WeakSet<object>();

/**
 * The one way a page's loader (and action) answers a domain refusal: wrap it, and an `AppError`
 * thrown anywhere in it (another household's cat, an unknown checkout, a malformed id) becomes its
 * status and message, exactly as `submitForm` answers one in a form. Everything else passes
 * through: redirects and responses the guards throw, and bugs, which stay 500s.
 *
 *   export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
 *     const { user } = await requireUser(request, context);
 *     return { cat: await getCat(context.db, user.id, params.catId) };
 *   });
 *
 * `server/http/loader-refusals.db.test.ts` checks that every route's loader and action is wrapped.
 */
export function mapRefusals<Args, Result>(handler: (args: Args) => Result | Promise<Result>): (args: Args) => Promise<Result> {
  const wrapped = async (args: Args) => {
    try {
      return await handler(args);
    } catch (thrown) {
      const error = storableTextRefusal(thrown) ?? thrown;
      if (error instanceof AppError) throw refusalResponse(error);
      throw error;
    }
  };
  mapped.add(wrapped);
  return wrapped;
}

/** Whether a route module's loader or action went through `mapRefusals` (for the test that walks every route). */
export function mapsRefusals(handler: unknown): boolean {
  return typeof handler === "function" && mapped.has(handler);
}
