import { verifyLinkAction } from "@server/auth/verify-link.server";
import { mapRefusals } from "@server/http/refusals";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { AuthCard, AuthShell } from "~/features/auth/auth-shell";
import { useAuth } from "~/features/auth/auth-provider";
import { AUTH_TEXT } from "~/domain/sign-in-text";
import type { Route } from "./+types/auth.verify";

export const meta: Route.MetaFunction = () => [
  { title: `Finish signing in | ${business.name}` },
  { name: "robots", content: "noindex, nofollow" },
  // The URL holds the one-time token: never send it to another site as a referrer. Not "no-referrer":
  // that makes the browser post the Sign In form with `Origin: null`, which the server refuses as
  // cross-site, so the button would not work before (or without) JavaScript.
  { name: "referrer", content: "same-origin" },
];

/**
 * Opening the link (GET) changes nothing, so a mail scanner that fetches it does not use it up.
 * Signing in takes this page's own POST, made when the person presses the button.
 */
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  return verifyLinkAction(request, context, context.clock.now());
});

export default function VerifyPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { completeSignIn } = useAuth();
  const handled = useRef<typeof actionData>(undefined);

  useEffect(() => {
    if (!actionData || handled.current === actionData) return;
    handled.current = actionData;
    if (actionData.ok) {
      void completeSignIn().then(() => navigate(actionData.redirectTo, { replace: true }));
    } else {
      toast.error(AUTH_TEXT.errorToastTitle, { description: actionData.message });
    }
  }, [actionData, completeSignIn, navigate]);

  const submitting = navigation.state !== "idle";

  return (
    <AuthShell>
      <AuthCard className="text-center">
        {actionData?.ok ? (
          <>
            <h1 className="text-3xl">You're signed in</h1>
            <p className="mt-3 text-muted">Welcome, {actionData.email}!</p>
            <Button asChild size="lg" className="mt-6 w-full">
              <Link to={actionData.redirectTo} replace>
                Continue
              </Link>
            </Button>
          </>
        ) : (
          <>
            <h1 className="text-3xl">Finish signing in</h1>
            {token ? (
              <p className="mt-3 text-muted">Press the button to sign in to {business.name} in this browser.</p>
            ) : (
              <p className="mt-3 text-muted">This page needs the link from your sign-in e-mail. Please open the link again, or ask for a new one.</p>
            )}
            {actionData && !actionData.ok && (
              <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800">
                {actionData.message}
              </p>
            )}
            {token && !actionData && (
              <Form method="post" replace className="mt-6">
                <input type="hidden" name="token" value={token} />
                <Button type="submit" variant="accent" size="lg" className="w-full" disabled={submitting}>
                  {submitting ? "Signing in..." : "Sign In"}
                </Button>
              </Form>
            )}
            <p className="mt-6 text-sm text-muted">
              {actionData || !token ? (
                <Link to="/auth" className="font-semibold text-brand-700 underline underline-offset-2">
                  Request a new sign-in link
                </Link>
              ) : (
                "The link works once, for 10 minutes after it was sent."
              )}
            </p>
          </>
        )}
      </AuthCard>
    </AuthShell>
  );
}
