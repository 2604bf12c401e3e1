import { requireAdmin } from "@server/auth/guards.server";
import { toSnapshot } from "@server/auth/snapshot";
import { mapRefusals } from "@server/http/refusals";
import { unreadTextCount } from "@server/texts/texts";
import { useEffect } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import { Spinner } from "~/components/ui/spinner";
import { business } from "~/content/business";
import { useAuth } from "~/features/auth/auth-provider";
import { AUTH_TEXT } from "~/domain/sign-in-text";
import { cn } from "~/lib/cn";
import type { PageHandle } from "~/islands/page-scripts";
import type { Route } from "./+types/layout";
import { adminMeta, sectionsFor } from "./shared";

// Staff tools: their controls need the script, so it starts with the page (ADR 0137).
export const handle: PageHandle = { routerScripts: "at-once" };

export const meta: Route.MetaFunction = () => adminMeta("Admin");

/**
 * The guard of /admin/*: the roles with a page here (each page checks its own permission, ADR 0185). The server decides (here, and again in every child loader and action,
 * since a child can be requested on its own); the browser follows along when the state changes
 * later, e.g. a sign-out in another tab.
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const auth = await requireAdmin(request, context);
  const url = new URL(request.url);
  // Messages opening a conversation marks it read as this runs: the menu leaves it out.
  const opening = url.pathname === "/admin/messages" ? url.searchParams.get("c") : null;
  return { auth: toSnapshot(auth), unreadTexts: await unreadTextCount(context.db, opening) };
});

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, isAdmin, permissions, loading } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (loading) return;
    if (!user) navigate("/auth", { replace: true });
    else if (!isAdmin) navigate("/", { replace: true });
  }, [loading, user, isAdmin, navigate]);

  if (loading || !user || !isAdmin) {
    return (
      <div className="flex min-h-dvh items-center justify-center gap-3 bg-cream text-brand-800">
        <Spinner />
        <p className="font-semibold">{AUTH_TEXT.loadingAdmin}</p>
      </div>
    );
  }

  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-full px-3 py-1.5 text-sm font-bold whitespace-nowrap transition-colors",
      isActive ? "bg-white text-brand-900" : "text-brand-50 hover:bg-brand-600",
    );

  return (
    <div className="min-h-dvh bg-cream">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link to="/admin" className="font-display text-lg font-bold text-white">
            {business.shortName} <span className="font-sans text-sm font-semibold text-accent-300">Admin</span>
          </Link>
          {/* On a phone the sections wrap onto a second row: every one stays in sight, none hides off-screen. */}
          <nav aria-label="Admin" className="-mx-1 flex w-full flex-wrap gap-1 px-1 sm:w-auto sm:flex-1">
            <NavLink to="/admin" end className={navClass}>
              Dashboard
            </NavLink>
            {sectionsFor(permissions).map((s) => (
              <NavLink key={s.to} to={s.to} className={navClass}>
                {s.label}
                {s.to === "/admin/messages" && loaderData.unreadTexts > 0 ? (
                  <span className="ml-1.5 rounded-full bg-accent-500 px-1.5 text-xs text-brand-950">
                    {loaderData.unreadTexts}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-3 text-sm">
            <Link to="/account" className="max-w-48 truncate font-semibold text-brand-100 underline-offset-2 hover:underline">
              {user.email}
            </Link>
            <Link to="/" className="font-semibold text-accent-300 underline-offset-2 hover:underline">
              View site
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <Outlet />
      </main>
    </div>
  );
}
