/**
 * The guards. Call one at the top of EVERY loader and action that needs a signed-in user or a
 * team member's permission (pages), and mount the API ones in front of every route that does (JSON
 * API). The role is read from `user_roles` on every call; the browser's state is never trusted.
 *
 *   // a page under /admin or /staff: the permission ROUTE_PERMISSIONS names for it (ADR 0185)
 *   export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
 *     const { user } = await requirePermission(request, context, "desk");
 *     ...
 *   });
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
import { type Permission, ROLE_LABELS, type Role } from "~/domain/roles";
import { AppError, errorBody } from "../http/errors";
import { refusalResponse } from "../http/refusals";
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
  return authenticate({ db: context.db, env: context.env, logger: context.logger }, request.headers.get("cookie"), context.clock.now());
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

/**
 * A team member whose role has `permission` (ADR 0185: the roles × permissions table is in
 * app/domain/roles.ts and docs/architecture.md). A visitor is sent to /auth and back, a
 * customer to the home page, a team member whose role lacks it gets a 403 page that says so. Every
 * loader and action under /admin and /staff calls it with the permission `ROUTE_PERMISSIONS` names
 * for its page (`server/auth/routes.db.test.ts` walks each route for each role).
 */
export async function requirePermission(request: Request, context: RequestContext, permission: Permission): Promise<CurrentAuth> {
  const auth = await requireUser(request, context);
  if (!auth.role) throw redirect("/");
  if (!auth.permissions.includes(permission)) throw refusalResponse(notPermitted(auth.role));
  return auth;
}

/** The refusal a team member reads when their role does not open a page or allow an act. */
export function notPermitted(role: Role): AppError {
  return new AppError(403, "NOT_PERMITTED", `Your role, ${ROLE_LABELS[role]}, doesn't open this. Ask an Owner if you need it.`);
}

/** Whether the signed-in member's role allows `permission` (a page showing or hiding a form of another permission). */
export const may = (auth: Pick<CurrentAuth, "permissions">, permission: Permission): boolean => auth.permissions.includes(permission);

/**
 * Refuses (403, in words) an act of another permission than the page's: a refund on the desk's page,
 * the manager's override at check-out. Call it inside the form's change, so the form shows it.
 */
export function assertMay(auth: Pick<CurrentAuth, "permissions" | "role">, permission: Permission): void {
  if (!auth.role || !auth.permissions.includes(permission)) throw notPermitted(auth.role ?? "care");
}

/** The admin area's layout: any role with a page under /admin (the pages check their own permission). */
export async function requireAdmin(request: Request, context: RequestContext): Promise<CurrentAuth> {
  const auth = await requireUser(request, context);
  if (!auth.role) throw redirect("/");
  if (!auth.isAdmin) throw refusalResponse(notPermitted(auth.role));
  return auth;
}

// ---- JSON API: Express middlewares ---------------------------------------------------------------

export const AUTH_REQUIRED_MESSAGE = "Authentication required. Please sign in.";
export const FORBIDDEN_MESSAGE = "This needs an admin account.";

function apiGuard(ctx: AppContext, needsAdmin: boolean): RequestHandler {
  return async (req, res, next) => {
    try {
      const auth = await authenticate({ db: ctx.database.db, env: ctx.env, logger: req.log }, req.headers.cookie, ctx.clock.now());
      if (!auth) {
        res.status(401).json(errorBody("AUTH_REQUIRED", AUTH_REQUIRED_MESSAGE));
        return;
      }
      // The admin API's callers (the leads' CSV, the media upload, the WordPress tooling) are the
      // Owner's and the Manager's tools: the roles that reach customers.
      if (needsAdmin && !auth.permissions.includes("customers")) {
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

/** 401 `AUTH_REQUIRED` for visitors, 403 `FORBIDDEN` for any role but an Owner or a Manager. */
export const requireAdminApi = (ctx: AppContext): RequestHandler => apiGuard(ctx, true);

/** The auth a guard above this handler established. Throws if no guard ran (a programming error). */
export function currentAuth(res: ExpressResponse): CurrentAuth {
  if (!res.locals.auth) throw new Error("currentAuth() used on a route without requireUserApi/requireAdminApi");
  return res.locals.auth;
}
