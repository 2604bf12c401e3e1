import { getFormProps } from "@conform-to/react";
import { useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormToken } from "~/components/form-token";
import { Field, FormError } from "~/components/ui/field";
import { type FormReply, replyTo, useNotice, useZodForm } from "~/lib/forms";
import { formatUsPhone } from "~/lib/phone";
import { PHONE_CODE_LENGTH, PHONE_PROOF_INTENTS, PHONE_PROOF_TEXT, type PhoneProofStatus } from "~/domain/phone-proof";
import { confirmPhoneCodeForm } from "./phone-proof-schema";

/**
 * The household mobile's proof on /account (ADR 0140): whether the number is verified, what
 * verifying gives, "Verify this number" (texts a code) and the form that takes the code. Both are
 * forms posted to the page's action with an intent: through fetchers with JavaScript (the answer is
 * a toast, the code's error under its field), as plain posts before it runs. A code is a text: its
 * form posts the page's token (`formToken`, ADR 0179).
 */
export function PhoneProofPanel({ mobile, status, formToken }: { mobile: string | null; status: PhoneProofStatus; formToken: string }) {
  if (!mobile) return null;
  const verified = status.state === "verified";
  return (
    <section aria-labelledby="phone-proof-heading" className="mt-4 rounded-2xl border border-brand-100 p-4">
      <h3 id="phone-proof-heading" className="text-lg font-bold text-brand-900">
        Your mobile number
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <span className="font-semibold">{formatUsPhone(mobile)}</span>
        <span
          className={
            verified
              ? "rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-bold text-green-900"
              : "rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-bold text-amber-900"
          }
        >
          {verified ? PHONE_PROOF_TEXT.verified : PHONE_PROOF_TEXT.notVerified}
        </span>
      </p>
      <p className="mt-1 text-sm text-muted">{verified ? PHONE_PROOF_TEXT.verifiedWhy : PHONE_PROOF_TEXT.why}</p>
      {verified ? null : (
        <>
          {status.state === "code-sent" ? <CodeForm mobile={mobile} /> : null}
          <SendCodeForm again={status.state === "code-sent"} formToken={formToken} />
        </>
      )}
    </section>
  );
}

function SendCodeForm({ again, formToken }: { again: boolean; formToken: string }) {
  const fetcher = useFetcher<FormReply>({ key: "phone-code-send" });
  useNotice(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="mt-3">
      <input type="hidden" name="intent" value={PHONE_PROOF_INTENTS.send} />
      <FormToken token={formToken} />
      <Button type="submit" variant={again ? "outline" : "primary"} size="sm" disabled={busy}>
        {busy ? "Sending..." : again ? PHONE_PROOF_TEXT.sendAgain : PHONE_PROOF_TEXT.sendCode}
      </Button>
    </fetcher.Form>
  );
}

function CodeForm({ mobile }: { mobile: string }) {
  const fetcher = useFetcher<FormReply>({ key: "phone-code-confirm" });
  const posted = replyTo(useActionData<FormReply>(), PHONE_PROOF_INTENTS.confirm);
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(confirmPhoneCodeForm, { id: "phone-code", lastResult: fetcher.data?.result ?? posted?.result });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="mt-3 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={PHONE_PROOF_INTENTS.confirm} />
      <p className="w-full text-sm">
        We texted a {PHONE_CODE_LENGTH}-digit code to {formatUsPhone(mobile)}.
      </p>
      <Field
        label={PHONE_PROOF_TEXT.codeLabel}
        field={fields.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PHONE_CODE_LENGTH + 2}
        className="w-48"
      />
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? "Checking..." : PHONE_PROOF_TEXT.confirm}
      </Button>
      <FormError className="w-full" id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}
