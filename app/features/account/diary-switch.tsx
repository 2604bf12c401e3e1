import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { DIARY_SWITCH_LABEL } from "~/domain/care-wording";
import { type FormReply, useNotice } from "~/lib/forms";
import { DIARY_INTENT } from "./schema";

/**
 * The evening diary's switch on /account (ADR 0163): a checkbox and a button, posted to the page's
 * action with its intent (a plain form post before the script runs; the page's ActionNotice answers).
 */
export function DiarySwitch({ wanted }: { wanted: boolean }) {
  const fetcher = useFetcher<FormReply>({ key: "diary" });
  useNotice(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="diary-heading">
      <h2 id="diary-heading" className="text-2xl">
        Stay diary
      </h2>
      <p className="mt-1 text-muted">
        While your cat stays with us, we e-mail you at 6 pm what the team logged that day: meals, litter, medication, photos and notes.
      </p>
      <fetcher.Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value={DIARY_INTENT} />
        {/* The key makes the box follow what was saved once the page's data is read again. */}
        <label
          key={String(wanted)}
          className="flex min-h-11 items-center gap-3 rounded-xl border border-brand-200 bg-white px-4 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
        >
          <input type="checkbox" name="diary" defaultChecked={wanted} className="h-5 w-5 shrink-0 accent-brand-700" />
          <span className="font-semibold">{DIARY_SWITCH_LABEL}</span>
        </label>
        <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
