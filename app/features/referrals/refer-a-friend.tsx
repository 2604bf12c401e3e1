import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { formatBusinessLongDate } from "~/lib/business-time";
import { type FormReply, useNotice } from "~/lib/forms";
import { toast } from "~/lib/toast";
import { REFERRAL_LINK_INTENT, REFERRAL_TEXT, type ReferralSection } from "~/domain/referral-texts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Refer a friend" on /account (ADR 0153): the household's link as text (it can be selected and
 * copied without the script; "Copy link" copies it with), the free nights earned and those left to
 * use. An account with no household yet gets its link with one button (a form: it works before the
 * script runs).
 */
export function ReferAFriend({ referral }: { referral: ReferralSection }) {
  return (
    <section aria-labelledby="refer-heading">
      <h2 id="refer-heading" className="text-2xl">
        {REFERRAL_TEXT.heading}
      </h2>
      <p className="mt-1 text-muted">{REFERRAL_TEXT.intro}</p>
      {referral.link ? <ReferralLink link={referral.link} /> : <CreateLinkForm />}
      <p className="mt-3 text-sm text-muted">{REFERRAL_TEXT.rules}</p>
      {referral.earned > 0 ? (
        <p className="mt-3" data-testid="referral-credits">
          Free nights earned: {referral.earned}.{" "}
          {referral.available.length > 0
            ? `${plural(referral.available.length, "free night", "free nights")} to use on your next stays (the first expires on ${formatBusinessLongDate(new Date(referral.available[0]!.expiresAt))}).`
            : "None left to use."}
        </p>
      ) : null}
    </section>
  );
}

function ReferralLink({ link }: { link: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(REFERRAL_TEXT.copied);
    } catch {
      toast.error(REFERRAL_TEXT.notCopied);
    }
  }
  return (
    <div className="mt-4 flex flex-col gap-3 rounded-2xl border border-brand-100 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-bold text-brand-900">{REFERRAL_TEXT.linkLabel}</p>
        <p className="font-mono break-all select-all" data-testid="referral-link">
          {link}
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={copy}>
        {REFERRAL_TEXT.copy}
      </Button>
    </div>
  );
}

function CreateLinkForm() {
  const fetcher = useFetcher<FormReply>({ key: "referral-link" });
  useNotice(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-3">
      <p>{REFERRAL_TEXT.noLink}</p>
      <input type="hidden" name="intent" value={REFERRAL_LINK_INTENT} />
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? "Creating..." : REFERRAL_TEXT.create}
      </Button>
    </fetcher.Form>
  );
}
