import { getOptionalUser } from "@server/auth/guards.server";
import { publicFormAction } from "@server/leads/public-forms";
import { mapRefusals } from "@server/http/refusals";
import { ActionNotice } from "~/components/action-notice";
import { useEffect } from "react";
import { redirect, useNavigate } from "react-router";
import { Spinner } from "~/components/ui/spinner";
import { business } from "~/content/business";
import { AuthCard, AuthShell } from "~/features/auth/auth-shell";
import { useAuth } from "~/features/auth/auth-provider";
import { AUTH_TEXT } from "~/domain/sign-in-text";
import { landingPath, safeRedirectPath } from "~/domain/sign-in-redirect";
import { SignInForm } from "~/features/auth/sign-in-form";
import { SIGNED_OUT } from "~/domain/auth-session";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: `${AUTH_TEXT.pageTitle} | ${business.name}` },
  { name: "description", content: `Sign in or create your ${business.name} account with a magic link: no password needed.` },
  { name: "robots", content: "noindex" },
];

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const auth = await getOptionalUser(request, context);
  // Signed in already: admins to /admin, others to / (or back to where a guard sent them from).
  if (auth) throw redirect(landingPath(redirectTo, auth.isAdmin));
  return { auth: SIGNED_OUT, redirectTo };
});

/** The sign-in form posted before the script ran (ADR 0117). */
export const action = mapRefusals((args: Route.ActionArgs) => publicFormAction(args));

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { user, isAdmin, loading } = useAuth();
  const navigate = useNavigate();
  const { redirectTo } = loaderData;

  // Signed in meanwhile, e.g. through the link in another tab.
  useEffect(() => {
    if (!loading && user) navigate(landingPath(redirectTo, isAdmin), { replace: true });
  }, [loading, user, isAdmin, redirectTo, navigate]);

  return (
    <AuthShell>
      <AuthCard>
        {loading || user ? (
          <div className="flex min-h-64 items-center justify-center gap-3 text-brand-800">
            <Spinner />
            <p className="font-semibold">{AUTH_TEXT.loading}</p>
          </div>
        ) : (
          <>
            <h1 id="sign-in-title" className="text-3xl">
              {AUTH_TEXT.pageTitle}
            </h1>
            <p className="mt-2 mb-6 text-muted">Enter your e-mail address and we'll send you a magic link to sign in or join.</p>
            <ActionNotice className="mb-6" />
            <SignInForm redirectTo={redirectTo ?? undefined} labelledBy="sign-in-title" />
          </>
        )}
      </AuthCard>
    </AuthShell>
  );
}
