/**
 * The guards. Call one at the top of EVERY loader and action that needs a signed-in user or an
 * admin (pages), and mount the API ones in front of every route that does (JSON API). The roles
 * are read from `user_roles` on every call; the browser's state is never trusted.
 *
 *   // a page under /admin
 *   export async function loader({ request, context }: Route.LoaderArgs) {
 *     const { user } = await requireAdmin(request, context);
 *     ...
 *   }
 *
 *   // a page under /staff (staff or admin)
 *   const { user } = await requireStaff(request, context);
 *
 *   // an API router (everything under /api/admin is already behind requireAdminApi, see server/api/router.ts)
 *   router.post("/things", requireUserApi(ctx), async (req, res) => {
 *     const { user } = currentAuth(res);
 *     ...
 *   });
 */
import type { RequestHandler, Response as ExpressResponse } from "express";
import { redirect } from "react-router";
import type { AppContext, RequestContext } from "../context";
import { errorBody } from "../http/errors";
import { type CurrentAuth, authenticate } from "./current";

export type { CurrentAuth } from "./current";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by requireUserApi / requireAdminApi. */
      auth?: CurrentAuth;
    }
  }
}

// ---- Pages: React Router loaders and actions -------------------------------------------------

/** The signed-in user, their session and admin flag; null for a visitor. */
export async function getOptionalUser(request: Request, context: RequestContext): Promise<CurrentAuth | null> {
  return authenticate({ db: context.db, env: context.env, logger: context.logger }, request.headers.get("cookie"));
}

function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  // A data request (`/account.data`) returns to the page itself.
  const path = url.pathname.replace(/\.data$/, "") || "/";
  return redirect(`/auth?redirectTo=${encodeURIComponent(path + url.search)}`);
}

/** A signed-in user, or a redirect to /auth (which brings them back here after sign-in). */
export async function requireUser(request: Request, context: RequestContext): Promise<CurrentAuth> {
  const auth = await getOptionalUser(request, context);
  if (!auth) throw signInRedirect(request);
  return auth;
}

/** An admin; a visitor is sent to /auth, a signed-in non-admin to the home page. */
export async function requireAdmin(request: Request, context: RequestContext): Promise<CurrentAuth> {
  const auth = await requireUser(request, context);
  if (!auth.isAdmin) throw redirect("/");
  return auth;
}

/**
 * Staff (the staff role) or an admin; a visitor is sent to /auth, a customer to the home page. For
 * the pages under /staff (ADR 0156); staff who are not admins reach nothing under /admin.
 */
export async function requireStaff(request: Request, context: RequestContext): Promise<CurrentAuth> {
  const auth = await requireUser(request, context);
  if (!auth.isStaff) throw redirect("/");
  return auth;
}

// ---- JSON API: Express middlewares ---------------------------------------------------------------

export const AUTH_REQUIRED_MESSAGE = "Authentication required. Please sign in.";
export const FORBIDDEN_MESSAGE = "This needs an admin account.";

function apiGuard(ctx: AppContext, needsAdmin: boolean): RequestHandler {
  return async (req, res, next) => {
    try {
      const auth = await authenticate({ db: ctx.database.db, env: ctx.env, logger: req.log }, req.headers.cookie);
      if (!auth) {
        res.status(401).json(errorBody("AUTH_REQUIRED", AUTH_REQUIRED_MESSAGE));
        return;
      }
      if (needsAdmin && !auth.isAdmin) {
        res.status(403).json(errorBody("FORBIDDEN", FORBIDDEN_MESSAGE));
        return;
      }
      res.locals.auth = auth;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** 401 `AUTH_REQUIRED` unless signed in; then `currentAuth(res)` gives the user. */
export const requireUserApi = (ctx: AppContext): RequestHandler => apiGuard(ctx, false);

/** 401 `AUTH_REQUIRED` for visitors, 403 `FORBIDDEN` for non-admins. */
export const requireAdminApi = (ctx: AppContext): RequestHandler => apiGuard(ctx, true);

/** The auth a guard above this handler established. Throws if no guard ran (a programming error). */
export function currentAuth(res: ExpressResponse): CurrentAuth {
  if (!res.locals.auth) throw new Error("currentAuth() used on a route without requireUserApi/requireAdminApi");
  return res.locals.auth;
}
