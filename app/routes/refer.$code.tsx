import { getOptionalUser } from "@server/auth/guards.server";
import { mapRefusals } from "@server/http/refusals";
import { publicFormAction } from "@server/leads/public-forms";
import { referralCookie, referralLinkState } from "@server/referrals/referrals";
import { Link, data } from "react-router";
import { ActionNotice } from "~/components/action-notice";
import { business } from "~/content/business";
import { AuthCard, AuthShell } from "~/features/auth/auth-shell";
import { SignInForm } from "~/features/auth/sign-in-form";
import { REFERRAL_TEXT } from "~/domain/referral-texts";
import type { Route } from "./+types/refer.$code";

export const meta: Route.MetaFunction = () => [{ title: `${REFERRAL_TEXT.welcomeTitle} | ${business.name}` }, { name: "robots", content: "noindex, nofollow" }];

/**
 * A household's referral link (ADR 0153). Opening it records nothing: a visitor's browser keeps the
 * code in a cookie, which the sign-in request keeps with the mail's link, and the account that link
 * creates is the referred one. One's own link, an account that exists already and a code that is
 * no link each say so; the sign-in form works on every one of them.
 */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const auth = await getOptionalUser(request, context);
  const state = await referralLinkState(context.db, params.code, auth?.user.id ?? null);
  if (state === "unknown") return data({ state }, { status: 404 });
  if (state === "welcome") return data({ state }, { headers: { "Set-Cookie": referralCookie(context.env, params.code.toLowerCase()) } });
  return { state };
});

/** The sign-in form posted before the script ran (ADR 0117). */
export const action = mapRefusals((args: Route.ActionArgs) => publicFormAction(args));

export default function ReferralLinkPage({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData;
  const words = {
    unknown: [REFERRAL_TEXT.unknownTitle, REFERRAL_TEXT.unknownBody],
    own: [REFERRAL_TEXT.ownTitle, REFERRAL_TEXT.ownBody],
    member: [REFERRAL_TEXT.memberTitle, REFERRAL_TEXT.memberBody],
    welcome: [REFERRAL_TEXT.welcomeTitle, REFERRAL_TEXT.welcomeBody],
  }[state];
  return (
    <AuthShell>
      <AuthCard>
        <h1 id="referral-title" className="text-3xl">
          {words[0]}
        </h1>
        <p className="mt-2 mb-6 text-muted">{words[1]}</p>
        {state === "welcome" || state === "unknown" ? (
          <>
            <ActionNotice className="mb-6" />
            <SignInForm redirectTo="/account" labelledBy="referral-title" />
          </>
        ) : (
          <Link to={state === "own" ? "/account" : "/"} className="font-semibold text-brand-700 underline underline-offset-4">
            {state === "own" ? "Back to your account" : "Return to Home"}
          </Link>
        )}
      </AuthCard>
    </AuthShell>
  );
}
