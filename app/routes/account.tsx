import { may, requireUser } from "@server/auth/guards.server";
import { hasOverridePin, setOverridePin } from "@server/auth/override-pin";
import { setFullName } from "@server/auth/roles";
import { AppError } from "@server/http/errors";
import { toSnapshot } from "@server/auth/snapshot";
import { getHousehold, saveDiaryPreference, saveHousehold } from "@server/households/households";
import { confirmPhoneCode, phoneProofStatus, sendPhoneCode } from "@server/households/phone-proof";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { formToken, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { createReferralLink, referralSummary } from "@server/referrals/referrals";
import { ReferAFriend } from "~/features/referrals/refer-a-friend";
import { REFERRAL_LINK_INTENT, REFERRAL_TEXT } from "~/domain/referral-texts";
import { createReferralLinkForm } from "~/features/referrals/schema";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { business } from "~/content/business";
import { AuthCard, AuthShell } from "~/features/auth/auth-shell";
import { useAuth } from "~/features/auth/auth-provider";
import { formatBusinessLongDate, formatBusinessLongDateTime } from "~/lib/business-time";
import { AUTH_TEXT } from "~/domain/sign-in-text";
import { HouseholdForm, householdValues } from "~/features/cats/household-form";
import { householdForm } from "~/features/cats/schema";
import { ActionNotice } from "~/components/action-notice";
import { PHONE_CODE_LENGTH, PHONE_CODE_TTL_MINUTES, PHONE_PROOF_INTENTS, PHONE_PROOF_TEXT } from "~/domain/phone-proof";
import { confirmPhoneCodeForm, sendPhoneCodeForm } from "~/features/account/phone-proof-schema";
import { PhoneProofPanel } from "~/features/account/phone-proof-panel";
import { DiarySwitch } from "~/features/account/diary-switch";
import { DIARY_INTENT, diaryForm } from "~/features/account/schema";
import { formatUsPhone } from "~/lib/phone";
import { ROLE_LABELS, teamLinks } from "~/domain/roles";
import { AccountTeam } from "~/features/team/account-team";
import { overridePinForm, teamNameForm } from "~/features/team/schema";
import type { Route } from "./+types/account";

const NOT_ON_TEAM = () => new AppError(403, "NOT_ON_TEAM", "Only a team member's account keeps a name for the stay's history.");

export const meta: Route.MetaFunction = () => [{ title: `Your account | ${business.name}` }, { name: "robots", content: "noindex" }];

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const auth = await requireUser(request, context);
  const household = await getHousehold(context.db, auth.user.id);
  const referral = await referralSummary(context.db, auth.user.id, context.env.PUBLIC_SITE_URL, context.clock.now());
  return {
    auth: toSnapshot(auth),
    // A team member's account shows the customer's parts only once they have a household (ADR 0185).
    customer: !auth.isStaff || household !== null,
    household: household && householdValues(household),
    diaryWanted: !(household?.diaryOptOut ?? false),
    phoneProof: await phoneProofStatus(context.db, auth.user.id, context.clock.now()),
    formToken: formToken(),
    referral: { ...referral, available: referral.available.map((c) => ({ expiresAt: c.expiresAt.toISOString() })) },
    // A team member's name and, for a Manager or an Owner, whether their override PIN is set (ADR 0196).
    team: auth.role
      ? { fullName: auth.user.fullName, mayOverride: may(auth, "override"), pinSet: may(auth, "override") && (await hasOverridePin(context.db, auth.user.id)) }
      : null,
  };
});

/** The household form (posted with intent "household", or none from an older page), the mobile's proof (ADR 0140) and the diary switch (ADR 0163). */
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const auth = await requireUser(request, context);
  const form = await formDataOf(request);
  const intent = form.get("intent");
  const proofDeps = { db: context.db, env: context.env, telephony: context.telephony, logger: context.logger };
  if (intent === PHONE_PROOF_INTENTS.send) {
    const now = context.clock.now();
    return submitOnce(
      { db: context.db, form: "/account phone-code", user: auth.user, now },
      form,
      sendPhoneCodeForm,
      async () => {
        await sendPhoneCode(proofDeps, auth.user.id, context.clientAddress, now);
        const household = await getHousehold(context.db, auth.user.id);
        const to = household?.mobilePhone ? formatUsPhone(household.mobilePhone) : "your mobile";
        return {
          kind: "success",
          title: PHONE_PROOF_TEXT.codeSent,
          description: `We texted a ${PHONE_CODE_LENGTH}-digit code to ${to}. It works for ${PHONE_CODE_TTL_MINUTES} minutes.`,
        };
      },
      { errorTitle: "Code not sent" },
    );
  }
  if (intent === PHONE_PROOF_INTENTS.confirm) {
    return submitForm(
      form,
      confirmPhoneCodeForm,
      async ({ code }) => {
        await confirmPhoneCode(proofDeps, auth.user.id, code, context.clock.now());
        return { kind: "success", title: PHONE_PROOF_TEXT.confirmed, description: PHONE_PROOF_TEXT.verifiedWhy };
      },
      { errorTitle: "Code not accepted" },
    );
  }
  if (intent === REFERRAL_LINK_INTENT)
    return submitForm(form, createReferralLinkForm, async () => {
      await createReferralLink(context.db, auth.user.id);
      return { kind: "success", title: REFERRAL_TEXT.created };
    });
  if (intent === DIARY_INTENT)
    return submitForm(form, diaryForm, async (input) => {
      await saveDiaryPreference(context.db, auth.user.id, input, context.clock.now());
      return input.diary
        ? { kind: "success", title: "Daily diary on", description: "We'll e-mail you at 6 pm on each day of a stay." }
        : { kind: "success", title: "Daily diary off", description: "We won't e-mail you the diary. The care log stays on your trip's page." };
    });
  if (intent === "teamName")
    return submitForm(form, teamNameForm, async ({ fullName }) => {
      if (!auth.role) throw NOT_ON_TEAM();
      await setFullName(context.db, auth.user.id, fullName);
      return { kind: "success", title: "Name saved", description: `The stay's history shows ${fullName} for what you record.` };
    });
  if (intent === "overridePin")
    return submitForm(form, overridePinForm, async ({ pin }) => {
      await setOverridePin(context.db, auth.user.id, pin);
      return { kind: "success", title: "Override PIN saved", description: "Type it on the front desk's device to confirm a release without a pickup code." };
    });
  if (intent !== null && intent !== "household") return unknownIntent();
  return submitForm(form, householdForm, async (input) => {
    await saveHousehold(context.db, auth.user.id, input, context.clock.now());
    return { kind: "success", title: "Household saved" };
  });
});

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { user, role, permissions, loading, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  // Signed out elsewhere (another tab): this page is no longer theirs to see.
  useEffect(() => {
    if (!loading && !user && !signingOut) navigate("/auth", { replace: true });
  }, [loading, user, signingOut, navigate]);

  async function onSignOut() {
    setSigningOut(true);
    const { error } = await signOut();
    if (error) {
      setSigningOut(false);
      toast.error(AUTH_TEXT.errorToastTitle, { description: error.message });
      return;
    }
    navigate("/", { replace: true });
  }

  return (
    <AuthShell wide>
      <AuthCard>
        <h1 className="text-3xl">Your account</h1>
        {!user ? (
          <div className="flex min-h-40 items-center justify-center gap-3 text-brand-800">
            <Spinner />
            <p className="font-semibold">{AUTH_TEXT.loading}</p>
          </div>
        ) : (
          <>
            <dl className="mt-6 divide-y divide-brand-100 rounded-2xl border border-brand-100">
              <div className="grid gap-1 p-4 sm:grid-cols-3">
                <dt className="text-sm font-bold text-brand-900">E-mail</dt>
                <dd className="break-all sm:col-span-2">{user.email}</dd>
              </div>
              {role ? (
                <div className="grid gap-1 p-4 sm:grid-cols-3">
                  <dt className="text-sm font-bold text-brand-900">Role on the team</dt>
                  <dd className="sm:col-span-2">{ROLE_LABELS[role]}</dd>
                </div>
              ) : null}
              <div className="grid gap-1 p-4 sm:grid-cols-3">
                <dt className="text-sm font-bold text-brand-900">Joined</dt>
                <dd className="sm:col-span-2">{formatBusinessLongDate(new Date(user.created_at))}</dd>
              </div>
              <div className="grid gap-1 p-4 sm:grid-cols-3">
                <dt className="text-sm font-bold text-brand-900">Last sign-in</dt>
                <dd className="sm:col-span-2">{user.last_sign_in_at ? formatBusinessLongDateTime(new Date(user.last_sign_in_at)) : "—"}</dd>
              </div>
            </dl>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              {loaderData.customer ? (
                <Button asChild variant="outline" className="sm:flex-1">
                  <Link to="/cats">My Cats</Link>
                </Button>
              ) : null}
              {teamLinks(permissions).map((link) => (
                <Button key={link.to} asChild variant="outline" className="sm:flex-1">
                  <Link to={link.to}>{link.label}</Link>
                </Button>
              ))}
              <Button variant="primary" className="sm:flex-1" onClick={onSignOut} disabled={signingOut || loading}>
                {signingOut ? "Signing out..." : "Sign Out"}
              </Button>
            </div>
          </>
        )}
      </AuthCard>
      {loaderData.customer ? (
        <>
          <AuthCard className="mt-6">
            <section aria-labelledby="household-heading">
              <h2 id="household-heading" className="text-2xl">
                Household
              </h2>
              <p className="mt-1 text-muted">How we reach you while your cats stay with us. Only your name and mobile phone are required.</p>
              <ActionNotice className="mt-4" />
              <PhoneProofPanel mobile={loaderData.household?.mobilePhone ?? null} status={loaderData.phoneProof} formToken={loaderData.formToken} />
              <HouseholdForm household={loaderData.household} />
            </section>
          </AuthCard>
          <AuthCard className="mt-6">
            <DiarySwitch wanted={loaderData.diaryWanted} />
          </AuthCard>
          <AuthCard className="mt-6">
            <ReferAFriend referral={loaderData.referral} />
          </AuthCard>
        </>
      ) : null}
      {loaderData.team ? (
        <AuthCard className="mt-6">
          {/* Posted without the script, the answer shows here when the household's part (and its notice) is not on the page. */}
          {loaderData.customer ? null : <ActionNotice className="mb-4" />}
          <AccountTeam team={loaderData.team} />
        </AuthCard>
      ) : null}
      <AuthCard className="mt-6">
        <section aria-labelledby="your-data-heading">
          <h2 id="your-data-heading" className="text-2xl">
            Your data
          </h2>
          <p className="mt-1 text-muted">
            Download everything we store about your account and household: one zip with a JSON file and your cats' photos and vaccine documents.
          </p>
          <Button asChild variant="outline" className="mt-4">
            {/* A file, not a page: the browser downloads it. */}
            <a href="/account/export" download>
              Download your data
            </a>
          </Button>
          <h3 className="mt-8 text-xl">Delete this account</h3>
          <p className="mt-1 text-muted">
            Erases your household, cats, vaccine records and documents. We keep your appointments' dates and services for our books, without anything that says
            who you are.{" "}
            <Link to="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-4">
              Privacy Policy
            </Link>
          </p>
          <Button asChild variant="destructive" className="mt-4">
            <Link to="/account/delete">Delete my account…</Link>
          </Button>
        </section>
      </AuthCard>
    </AuthShell>
  );
}
