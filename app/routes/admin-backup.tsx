import { getOptionalUser } from "@server/auth/guards.server";
import { toSnapshot } from "@server/auth/snapshot";
import { mapRefusals } from "@server/http/refusals";
import { Link } from "react-router";
import { business } from "~/content/business";
import { useAuth } from "~/features/auth/auth-provider";
import { SIGNED_OUT } from "~/domain/auth-session";
import { AuthStatusPanel } from "~/features/auth-tooling/auth-status-panel";
import { AuthTestRunner } from "~/features/auth-tooling/auth-test-runner";
import { SaveValidatorPanel } from "~/features/auth-tooling/save-validator-panel";
import { WordPressDashboard } from "~/features/wordpress/wordpress-dashboard";
import type { PageHandle } from "~/islands/page-scripts";
import type { Route } from "./+types/admin-backup";

// Staff tools: their controls need the script, so it starts with the page (ADR 0137).
export const handle: PageHandle = { routerScripts: "at-once" };

export const meta: Route.MetaFunction = () => [{ title: `Testing Dashboard | ${business.name}` }, { name: "robots", content: "noindex, nofollow" }];

/** No role check (the spec); the session seeds the auth state so the panels render signed in from the first byte. */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const auth = await getOptionalUser(request, context);
  return { auth: auth ? toSnapshot(auth) : SIGNED_OUT };
});

export default function AdminBackup() {
  const auth = useAuth();
  return (
    <div className="min-h-dvh bg-cream">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <Link to="/" className="font-display text-lg font-bold text-white">
            {business.shortName} <span className="font-sans text-sm font-semibold text-accent-300">Testing</span>
          </Link>
          {auth.isAdmin ? (
            <Link to="/admin" className="text-sm font-semibold text-accent-300 underline-offset-2 hover:underline">
              Admin dashboard
            </Link>
          ) : null}
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <h1 className="text-3xl sm:text-4xl">Testing Dashboard</h1>
          <p className="mt-1 text-muted">Sign-in, authentication, database saving and the WordPress integration, checked in one place.</p>
        </div>
        <AuthStatusPanel auth={auth} />
        <AuthTestRunner auth={auth} />
        <SaveValidatorPanel auth={auth} />
        <WordPressDashboard headingLevel={2} />
      </main>
    </div>
  );
}
